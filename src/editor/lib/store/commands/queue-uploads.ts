import { queueUpload, type UploadItem } from '../../uploads';
import type { EditorState } from '../state';

/** Adds files to the upload queue: each ready under a suggested name, or rejected with the reason (see lib/uploads.ts). */
export function queueUploads(state: EditorState, input: { items: readonly UploadItem[] }): EditorState {
  return input.items.length ? { ...state, uploads: queueUpload(state.uploads, input.items) } : state;
}
