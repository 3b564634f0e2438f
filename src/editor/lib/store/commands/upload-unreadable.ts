import { uploadUnreadable as unreadable } from '../../uploads';
import type { EditorState } from '../state';

/** The browser could not read the file: it stays in the queue with the reason. */
export function uploadUnreadable(state: EditorState, input: { id: number; reason: string }): EditorState {
  return { ...state, uploads: unreadable(state.uploads, input.id, input.reason) };
}
