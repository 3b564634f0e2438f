import { countedFiles } from '../../doc-name';
import type { EditorState } from '../state';

/**
 * Forgets the drafts of an earlier session, once the user has confirmed it (the app removes them
 * from the browser's storage): nothing brings them back, so the notice says what went.
 */
export function discardDrafts(state: EditorState): EditorState {
  if (state.recovery.length === 0) return state;
  const files = state.recovery.map(({ draft }) => draft.file);
  return {
    ...state,
    recovery: [],
    dialog: state.dialog?.kind === 'discard-drafts' ? null : state.dialog,
    notice: { kind: 'info', text: `Discarded the unsaved changes from an earlier session to ${countedFiles(files)}.` },
  };
}
