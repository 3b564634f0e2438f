import type { EditorState } from '../state';

/**
 * The server no longer knows the ticket (it restarted, or another server
 * behind the load balancer answered): the save stands, but whether it is live
 * cannot be told. Said as such, not as a failure. An older ticket's answer is ignored.
 */
export function publishLost(state: EditorState, input: { ticket: number; error: string }): EditorState {
  if (state.publishing?.ticket !== input.ticket) return state;
  return { ...state, publishing: { ...state.publishing, state: 'unknown', error: input.error } };
}
