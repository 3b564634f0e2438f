import type { EditorState } from '../state';

/** After the session ended: asks the server whether there is one again (Try again, or the tab coming back into view). */
export function checkSession(state: EditorState): EditorState {
  return state.session.status === 'signed-out' ? { ...state, session: { ...state.session, status: 'checking' } } : state;
}
