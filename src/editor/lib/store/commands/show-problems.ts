import type { EditorState } from '../state';

/** Opens or closes the Problems panel. */
export function showProblems(state: EditorState, input: { open: boolean }): EditorState {
  return state.problemsOpen === input.open ? state : { ...state, problemsOpen: input.open };
}
