import type { Dialog, EditorState } from '../state';

/** Shows a dialog over the workspace (the section picker, a new page or entry, a save conflict); null closes it. */
export function openDialog(state: EditorState, input: { dialog: Dialog }): EditorState {
  return { ...state, dialog: input.dialog };
}
