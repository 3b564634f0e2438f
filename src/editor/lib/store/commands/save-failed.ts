import type { EditorState } from '../state';

/** The save did not happen (the server is down, or refused it for another reason): nothing was written, the edits stay. */
export function saveFailed(state: EditorState, input: { error: string }): EditorState {
  return { ...state, save: { status: 'idle' }, notice: { kind: 'error', text: `Nothing was saved: ${input.error}` } };
}
