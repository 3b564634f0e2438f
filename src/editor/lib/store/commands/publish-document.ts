import type { EditorState } from '../state';
import { setPublication } from '../set-publication';

/** Publish: the page or entry goes public with the next save, at once (a schedule is dropped). */
export function publishDocument(state: EditorState, input: { file: string; now: number }): EditorState {
  return setPublication(state, input.file, 'Publish', input.now, 'published');
}
