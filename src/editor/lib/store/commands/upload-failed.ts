import { uploadFailed as failed } from '../../uploads';
import type { EditorState } from '../state';

/** The server refused a file: a name conflict can be renamed or replaced, too large is rejected, anything else can be retried. */
export function uploadFailed(state: EditorState, input: { id: number; status?: number; error: string; caseTwin?: boolean; maxUploadBytes: number }): EditorState {
  return { ...state, uploads: failed(state.uploads, input.id, { status: input.status, error: input.error, caseTwin: input.caseTwin }, input.maxUploadBytes) };
}
