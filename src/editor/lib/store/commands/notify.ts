import type { EditorState, Notice } from '../state';

/** Shows a message in the banner under the top bar; null dismisses it. */
export function notify(state: EditorState, input: { notice: Notice | null }): EditorState {
  return { ...state, notice: input.notice };
}
