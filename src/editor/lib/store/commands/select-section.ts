import type { EditorState } from '../state';

/**
 * Selects a section of the open page (null: the page's settings). Chosen in
 * the editor, the preview scrolls to it; chosen in the preview, it is there.
 * On a narrow window the form comes forward: choosing a section is choosing to edit it.
 */
export function selectSection(state: EditorState, input: { index: number | null; fromPreview?: boolean }): EditorState {
  return { ...state, selection: input.index, pane: 'form', scrollRequest: input.fromPreview ? state.scrollRequest : state.scrollRequest + 1 };
}
