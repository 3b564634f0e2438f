import type { EditorState } from '../state';

/** Forgets the drafts of an earlier session (the app removes them from the browser's storage). */
export function discardDrafts(state: EditorState): EditorState {
  return state.recovery.length === 0 ? state : { ...state, recovery: [] };
}
