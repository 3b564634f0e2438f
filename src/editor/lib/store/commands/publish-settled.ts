import type { EditorState } from '../state';

/** The publication is live. An answer about an older ticket than the one shown is ignored. */
export function publishSettled(state: EditorState, input: { ticket: number }): EditorState {
  if (state.publishing?.ticket !== input.ticket) return state;
  return { ...state, publishing: { ...state.publishing, state: 'live' } };
}
