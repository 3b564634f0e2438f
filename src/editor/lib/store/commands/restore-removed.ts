import { addSection, type StoredPage, type StoredSection } from '../../model';
import { withData } from '../edit';
import { openPage } from '../selectors';
import type { EditorState } from '../state';

/** Puts the section the toast is about back where it was, and selects it. */
export function restoreRemoved(state: EditorState, input: { now: number }): EditorState {
  const removed = state.removed;
  const page = removed && (state.docs[removed.file]?.data as StoredPage | undefined);
  if (!removed || !page || !Array.isArray(page.sections)) return { ...state, removed: null };
  const at = Math.min(removed.index, page.sections.length);
  const next = withData(state, removed.file, addSection(page, removed.section as StoredSection, at), `Restore ${removed.label}`, input.now);
  // Selected only where it is on screen: the editor may have moved to another page since.
  if (openPage(state)?.file !== removed.file) return { ...next, removed: null };
  return { ...next, removed: null, selection: at, scrollRequest: state.scrollRequest + 1 };
}
