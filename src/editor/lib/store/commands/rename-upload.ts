import { renameUpload as renamed } from '../../uploads';
import type { EditorState } from '../state';

/** Changes the name a queued file will be stored under. */
export function renameUpload(state: EditorState, input: { id: number; name: string }): EditorState {
  return { ...state, uploads: renamed(state.uploads, input.id, input.name) };
}
