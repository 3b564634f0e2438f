import type { EditorState, Viewport } from '../state';

/** Renders the preview at a device's width: mobile, tablet or desktop. */
export function setViewport(state: EditorState, input: { viewport: Viewport }): EditorState {
  return state.viewport === input.viewport ? state : { ...state, viewport: input.viewport };
}
