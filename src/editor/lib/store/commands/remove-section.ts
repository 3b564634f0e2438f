import { isRef } from '../../../../engine/schema/refs';
import { followRefs, removeSection as removed } from '../../model';
import { withData } from '../edit';
import { sectionLabelOf } from '../labels';
import { openPage } from '../selectors';
import type { EditorState } from '../state';

/**
 * Removes a section from the open page. The toast offers it back for a
 * while; a shared section's own file stays (only this page's link goes).
 */
export function removeSection(state: EditorState, input: { index: number; now: number }): EditorState {
  const open = openPage(state);
  const section = Array.isArray(open?.page.sections) ? open.page.sections[input.index] : undefined;
  if (!open || section === undefined) return state;
  const label = sectionLabelOf(section, state.docs, open.file);
  const sharedFile = isRef(section) ? followRefs(section, open.file, state.docs)?.file : undefined;
  const next = withData(state, open.file, removed(open.page, input.index), `Delete ${label}`, input.now);
  return { ...next, selection: null, removed: { file: open.file, section, index: input.index, label, ...(sharedFile && { sharedFile }) } };
}
