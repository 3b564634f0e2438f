import { renameAfterConflict } from '../../uploads';
import type { EditorState } from '../state';

/** After a name conflict: the first free name beside the library's, ready to send again. */
export function proposeUploadName(state: EditorState, input: { id: number; takenNames: readonly string[] }): EditorState {
  return { ...state, uploads: renameAfterConflict(state.uploads, input.id, input.takenNames) };
}
