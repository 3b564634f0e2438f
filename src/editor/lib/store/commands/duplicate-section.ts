import { duplicateSection as duplicated } from '../../model';
import { withData } from '../edit';
import { sectionLabelOf } from '../labels';
import { openPage } from '../selectors';
import type { EditorState } from '../state';

/** Puts a copy of a section right after it and selects the copy; a shared section is never copied (the form offers no Duplicate). */
export function duplicateSection(state: EditorState, input: { index: number; now: number }): EditorState {
  const open = openPage(state);
  if (!open || !Array.isArray(open.page.sections) || open.page.sections[input.index] === undefined) return state;
  const page = duplicated(open.page, input.index, open.file, state.docs);
  if (page === open.page) return state;
  const name = sectionLabelOf(open.page.sections[input.index], state.docs, open.file);
  const next = withData(state, open.file, page, `Duplicate ${name}`, input.now);
  return { ...next, selection: input.index + 1, scrollRequest: state.scrollRequest + 1 };
}
