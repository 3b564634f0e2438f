import { mayWrite, readOnlyNote } from '../../permissions';
import type { EditorState, OpRequest } from '../state';

/**
 * Asks to delete or rename a document or an image: the content-ops dialog
 * confirms it (null closes it). A document the user's role may not change
 * (an editor and a shared section's file) is refused, with the reason.
 */
export function requestOp(state: EditorState, input: { op: OpRequest | null }): EditorState {
  const target = input.op?.target;
  if (target?.type === 'doc' && !mayWrite(state.session.user, target.file)) return { ...state, op: null, notice: { kind: 'error', text: readOnlyNote(target.file) } };
  return { ...state, op: input.op };
}
