import type { EditorState } from '../state';

/**
 * A request was answered 401: the session is over (it expired, or was ended
 * in another tab or by an administrator). Nothing is dropped: the documents
 * stay as they are, unsaved (and kept as drafts on this device); a save that
 * was under way ends, unsaved. The banner offers to sign in again.
 */
export function sessionEnded(state: EditorState): EditorState {
  const { session, save } = state;
  const saving = save.status === 'saving';
  // Leaving anyway (signing out, or reloading for another user); or already known, with no save to end.
  if (session.status === 'signing-out' || session.status === 'switching-user' || (session.status !== 'signed-in' && !saving)) return state;
  return {
    ...state,
    save: { status: 'idle' },
    session: { ...session, status: session.status === 'checking' ? 'checking' : 'signed-out', problem: undefined },
    notice: saving ? { kind: 'error', text: 'Nothing was saved: your session has ended. Your changes are kept on this device; sign in again, then save.' } : state.notice,
  };
}
