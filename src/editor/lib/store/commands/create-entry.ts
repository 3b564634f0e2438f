import { entryFile, entryRoute, newEntry, newEntryDoc, type EntryCollection } from '../../entries';
import { withDoc } from '../edit';
import { entryNoun } from '../labels';
import type { EditorState } from '../state';

/** Creates an unsaved entry of a collection with starter data (titled `title`, or after its slug) and opens it; `today` is YYYY-MM-DD. */
export function createEntry(state: EditorState, input: { collection: string; slug: string; title?: string; today: string; now: number }): EditorState {
  const file = entryFile(input.collection, input.slug);
  if (state.docs[file]) return state;
  const doc = newEntryDoc(input.collection as EntryCollection, input.slug, newEntry(input.collection as EntryCollection, input.slug, input.today, input.title));
  const noun = entryNoun(doc);
  const next = withDoc(state, doc, `Create ${noun} “${input.slug}”`, input.now);
  return {
    ...next,
    dialog: null,
    route: entryRoute(input.collection, input.slug),
    selection: null,
    pane: 'form',
    notice: { kind: 'info', text: `Created the ${noun} “${input.title?.trim() || input.slug}”. Press Save to keep it.` },
  };
}
