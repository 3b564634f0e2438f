import type { EditorState } from '../state';

/** Hides the toast of a removed section (its time is up, or it was dismissed); the removal stays. */
export function dismissRemoved(state: EditorState): EditorState {
  return state.removed ? { ...state, removed: null } : state;
}
