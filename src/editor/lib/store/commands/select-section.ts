import type { EditorState } from '../state';

/**
 * Selects a section of the open page (null: the page's settings). Chosen in
 * the editor, the preview scrolls to it; chosen in the preview, it is there.
 */
export function selectSection(state: EditorState, input: { index: number | null; fromPreview?: boolean }): EditorState {
  return { ...state, selection: input.index, scrollRequest: input.fromPreview ? state.scrollRequest : state.scrollRequest + 1 };
}
