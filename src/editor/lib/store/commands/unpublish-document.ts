import type { EditorState } from '../state';
import { setPublication } from '../set-publication';

/** Unpublish: the page or entry becomes a draft with the next save, off the public site and still in the editor. */
export function unpublishDocument(state: EditorState, input: { file: string; now: number }): EditorState {
  return setPublication(state, input.file, 'Unpublish', input.now, 'draft');
}
