import { setAt } from '../../model';
import { withData } from '../edit';
import { fieldLocationLabel } from '../labels';
import type { EditorState } from '../state';

/**
 * Sets the value at `path` in `file` ("Edit Hero › Title"). Keystrokes in one
 * field within a moment form one history step.
 */
export function editField(state: EditorState, input: { file: string; path: readonly (string | number)[]; value: unknown; now: number }): EditorState {
  const doc = state.docs[input.file];
  if (!doc || input.path.length === 0) return state;
  const label = `Edit ${fieldLocationLabel(state.docs, input.file, input.path)}`;
  return withData(state, input.file, setAt(doc.data, input.path, input.value), label, input.now, `${input.file}:${input.path.join('/')}`);
}
