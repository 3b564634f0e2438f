import type { EditorState, OpRequest } from '../state';

/** Asks to delete or rename a document or an image: the content-ops dialog confirms it (null closes it). */
export function requestOp(state: EditorState, input: { op: OpRequest | null }): EditorState {
  return { ...state, op: input.op };
}
