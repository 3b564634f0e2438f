import { uploadProgressed as progressed } from '../../uploads';
import type { EditorState } from '../state';

/** How much of a file has been sent, 0 to 1. */
export function uploadProgressed(state: EditorState, input: { id: number; progress: number }): EditorState {
  return { ...state, uploads: progressed(state.uploads, input.id, input.progress) };
}
