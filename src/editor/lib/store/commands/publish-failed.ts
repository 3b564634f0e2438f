import type { EditorState } from '../state';

/** The publication failed, for `error`; the server keeps the previous version live. An older ticket's answer is ignored. */
export function publishFailed(state: EditorState, input: { ticket: number; error: string }): EditorState {
  if (state.publishing?.ticket !== input.ticket) return state;
  return { ...state, publishing: { ...state.publishing, state: 'failed', error: input.error } };
}
