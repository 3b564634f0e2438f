import { pageFile } from '../../model';
import { starterPage } from '../../starter-page';
import { withDoc } from '../edit';
import type { EditorState } from '../state';

/** Creates an unsaved page at `slug`, titled `title`, with starter content (lib/starter-page.ts) and opens it; Save writes it. */
export function createPage(state: EditorState, input: { slug: string; title?: string; now: number }): EditorState {
  const file = pageFile(input.slug);
  if (state.docs[file]) return state;
  const data = starterPage({ slug: input.slug, title: input.title, docs: state.docs });
  const next = withDoc(state, { file, kind: 'page', saveSlug: input.slug, data, savedJson: '', version: null }, `Create page /${input.slug}`, input.now);
  return {
    ...next,
    dialog: null,
    route: input.slug,
    selection: null,
    pane: 'form',
    notice: { kind: 'info', text: `Created /${input.slug}. Press Save to keep it.` },
  };
}
