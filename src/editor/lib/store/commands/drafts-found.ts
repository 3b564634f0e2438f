import type { Recoverable } from '../../drafts';
import type { EditorState } from '../state';

/**
 * What the browser's storage holds, found once the open tabs are known: drafts of closed tabs to
 * offer back, and the files another open tab has unsaved changes to (told, never offered).
 */
export function draftsFound(state: EditorState, input: { recovery: readonly Recoverable[]; openElsewhere: readonly string[] }): EditorState {
  return { ...state, recovery: input.recovery, openElsewhere: input.openElsewhere };
}
