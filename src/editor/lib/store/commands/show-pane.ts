import type { EditorState, Pane } from '../state';

/** Shows one pane on a narrow window: the lists and outline, the preview or the form. */
export function showPane(state: EditorState, input: { pane: Pane }): EditorState {
  return state.pane === input.pane ? state : { ...state, pane: input.pane };
}
