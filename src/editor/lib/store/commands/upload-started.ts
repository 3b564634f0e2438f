import { uploadStarted as started } from '../../uploads';
import type { EditorState } from '../state';

/** A queued file is being sent. */
export function uploadStarted(state: EditorState, input: { id: number }): EditorState {
  return { ...state, uploads: started(state.uploads, input.id) };
}
