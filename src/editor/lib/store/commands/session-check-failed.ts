import type { EditorState } from '../state';

/** The check found no session (or no answer): still signed out, and the banner says why. */
export function sessionCheckFailed(state: EditorState, input: { problem: string }): EditorState {
  if (state.session.status !== 'checking') return state;
  return { ...state, session: { ...state.session, status: 'signed-out', problem: input.problem } };
}
