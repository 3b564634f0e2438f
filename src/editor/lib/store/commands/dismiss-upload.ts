import { dismissUpload as dismissed } from '../../uploads';
import type { EditorState } from '../state';

/** A file leaves the queue: uploaded, cancelled or dismissed; without an id, every file does (the library closed). */
export function dismissUpload(state: EditorState, input: { id?: number }): EditorState {
  if (input.id === undefined) return state.uploads.length ? { ...state, uploads: [] } : state;
  return { ...state, uploads: dismissed(state.uploads, input.id) };
}
