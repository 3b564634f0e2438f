import { duplicateSection as duplicated } from '../../model';
import { withData } from '../edit';
import { sectionLabelOf } from '../labels';
import { openPage } from '../selectors';
import type { EditorState } from '../state';

/** Puts a copy of a section right after it (a shared one: another link to the same document) and selects the copy. */
export function duplicateSection(state: EditorState, input: { index: number; now: number }): EditorState {
  const open = openPage(state);
  if (!open || !Array.isArray(open.page.sections) || open.page.sections[input.index] === undefined) return state;
  const name = sectionLabelOf(open.page.sections[input.index], state.docs, open.file);
  const next = withData(state, open.file, duplicated(open.page, input.index, open.file, state.docs), `Duplicate ${name}`, input.now);
  return { ...next, selection: input.index + 1, scrollRequest: state.scrollRequest + 1 };
}
