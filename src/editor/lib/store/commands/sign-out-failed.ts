import type { EditorState } from '../state';

/** The server could not be told to end the session: the editor stays, signed in, and says why. */
export function signOutFailed(state: EditorState, input: { error: string }): EditorState {
  if (state.session.status !== 'signing-out') return state;
  return { ...state, session: { ...state.session, status: 'signed-in' }, notice: { kind: 'error', text: `You are still signed in: ${input.error}` } };
}
