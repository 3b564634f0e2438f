import type { EditorState } from '../state';

/** Opens a page (its slug), an entry (`~posts/<slug>`) or the start screen (null), with nothing selected. */
export function openRoute(state: EditorState, input: { route: string | null }): EditorState {
  if (state.route === input.route && state.selection === null) return state;
  return { ...state, route: input.route, selection: null, dialog: null };
}
