import { setAt } from '../../model';
import { mayWrite, readOnlyNote } from '../../permissions';
import { withData } from '../edit';
import { fieldLocationLabel } from '../labels';
import type { EditorState } from '../state';

/**
 * Sets the value at `path` in `file` ("Edit Hero › Title"). Keystrokes in one
 * field within a moment form one history step. A file the user's role may
 * not change (an editor and the shared header) is refused, with the reason.
 */
export function editField(state: EditorState, input: { file: string; path: readonly (string | number)[]; value: unknown; now: number }): EditorState {
  const doc = state.docs[input.file];
  if (!doc || input.path.length === 0) return state;
  if (!mayWrite(state.session.user, input.file)) return { ...state, notice: { kind: 'error', text: readOnlyNote(input.file) } };
  const label = `Edit ${fieldLocationLabel(state.docs, input.file, input.path)}`;
  return withData(state, input.file, setAt(doc.data, input.path, input.value), label, input.now, `${input.file}:${input.path.join('/')}`);
}
