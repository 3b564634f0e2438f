import { isRef } from '../../../../engine/schema/refs';
import { followRefs, removeSection as removed } from '../../model';
import { withData } from '../edit';
import { sectionLabelOf } from '../labels';
import { openPage } from '../selectors';
import type { EditorState } from '../state';

/**
 * Removes a section from the open page. The toast offers it back for a
 * while; a shared section's own file stays (only this page's link goes).
 * Focus goes to the outline row that took its place.
 */
export function removeSection(state: EditorState, input: { index: number; now: number }): EditorState {
  const open = openPage(state);
  const section = Array.isArray(open?.page.sections) ? open.page.sections[input.index] : undefined;
  if (!open || section === undefined) return state;
  const label = sectionLabelOf(section, state.docs, open.file);
  const sharedFile = isRef(section) ? followRefs(section, open.file, state.docs)?.file : undefined;
  const page = removed(open.page, input.index);
  const next = withData(state, open.file, page, `Delete ${label}`, input.now);
  // The keyboard's focus goes to the row that took its place (the one before, for the last), not to the page: its button is gone.
  const left = Array.isArray(page.sections) ? page.sections.length : 0;
  const focus = left > 0 ? { kind: 'section' as const, index: Math.min(input.index, left - 1), at: input.now } : state.focus;
  return { ...next, selection: null, focus, removed: { file: open.file, section, index: input.index, label, ...(sharedFile && { sharedFile }) } };
}
