import { getAt, setAt } from '../../model';
import { mayWrite, readOnlyNote } from '../../permissions';
import { withData } from '../edit';
import { fieldLocationLabel } from '../labels';
import type { EditorState } from '../state';

/**
 * Removes the value at `path` from `file` ("Remove field “titel” from Hero"). It is how a field no
 * schema declares goes: the form has no control for it, and while it is there every save of the
 * file is refused, so without this a text editor was the only way out. One history step, undoable.
 * A file the user's role may not change is refused, with the reason; nothing there, no change.
 */
export function removeField(state: EditorState, input: { file: string; path: readonly (string | number)[]; now: number }): EditorState {
  const doc = state.docs[input.file];
  if (!doc || input.path.length === 0 || getAt(doc.data, input.path.map(String)) === undefined) return state;
  if (!mayWrite(state.session.user, input.file)) return { ...state, notice: { kind: 'error', text: readOnlyNote(input.file) } };
  const key = String(input.path.at(-1));
  const label = `Remove field “${key}” from ${fieldLocationLabel(state.docs, input.file, input.path.slice(0, -1))}`;
  return withData(state, input.file, setAt(doc.data, input.path, undefined), label, input.now);
}
