import type { EditorState } from '../state';

/**
 * Opens a page (its slug), an entry (`~posts/<slug>`, or `~site` for the settings) or the start
 * screen (null), with nothing selected. On a narrow window an entry's or the settings' form comes
 * forward; a page's outline is in the pane that listed it.
 */
export function openRoute(state: EditorState, input: { route: string | null }): EditorState {
  if (state.route === input.route && state.selection === null) return state;
  return { ...state, route: input.route, selection: null, dialog: null, pane: input.route?.startsWith('~') ? 'form' : state.pane };
}
