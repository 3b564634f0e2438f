import { restoreDrafts as restored } from '../../drafts';
import type { EditorState } from '../state';

/** Puts the drafts of an earlier session back into the documents, unsaved, so Save writes them. */
export function restoreDrafts(state: EditorState): EditorState {
  const count = state.recovery.length;
  if (count === 0) return state;
  return {
    ...state,
    docs: restored(state.docs, [...state.recovery]),
    recovery: [],
    notice: { kind: 'info', text: `Restored unsaved changes to ${count} file${count === 1 ? '' : 's'}. Save to keep them.` },
  };
}
