import type { EditorState } from '../state';

/** A file changed on disk since it was loaded: nothing was written; the conflict dialog asks what to do. */
export function saveConflicted(state: EditorState, input: { error: string; conflicts: readonly { file: string; currentVersion: string | null }[] }): EditorState {
  const first = input.conflicts[0];
  if (!first) return { ...state, save: { status: 'idle' }, notice: { kind: 'error', text: `Nothing was saved: ${input.error}` } };
  return { ...state, save: { status: 'idle' }, dialog: { kind: 'conflict', file: first.file, currentVersion: first.currentVersion } };
}
