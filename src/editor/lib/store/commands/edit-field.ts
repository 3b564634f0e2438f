import { setAt } from '../../model';
import { mayWrite, readOnlyNote } from '../../permissions';
import { withData } from '../edit';
import { fieldLocationLabel } from '../labels';
import type { EditorState } from '../state';

/**
 * Sets the value at `path` in `file` ("Edit Hero › Title"). Keystrokes in one
 * field within a moment form one history step; a list's items added, moved or
 * removed are a step each. A file the user's role may
 * not change (an editor and the shared header) is refused, with the reason.
 */
export function editField(state: EditorState, input: { file: string; path: readonly (string | number)[]; value: unknown; now: number }): EditorState {
  const doc = state.docs[input.file];
  if (!doc || input.path.length === 0) return state;
  if (!mayWrite(state.session.user, input.file)) return { ...state, notice: { kind: 'error', text: readOnlyNote(input.file) } };
  const label = `Edit ${fieldLocationLabel(state.docs, input.file, input.path)}`;
  // A list set whole is an item added, moved or removed: each its own step, where typing coalesces
  // (one Undo once brought back two items removed a moment apart, with a move between).
  const key = Array.isArray(input.value) ? undefined : `${input.file}:${input.path.join('/')}`;
  return withData(state, input.file, setAt(doc.data, input.path, input.value), label, input.now, key);
}
