import { docName } from '../../content-ops';
import { countedFiles } from '../../doc-name';
import { restoreDrafts as restored } from '../../drafts';
import { record, snapshotOf } from '../../history';
import { mayWrite } from '../../permissions';
import type { EditorState } from '../state';

/**
 * Puts the drafts of an earlier session back into the documents, unsaved, so
 * Save writes them. Drafts of files the user's role may not change (left on
 * this device by an administrator) are not restored: they stay on offer. So
 * does a second draft of a file whose changes conflict with the one restored
 * (two tabs changed the same field): restoring it is a choice of its own. It is one step of the
 * history ("Restore unsaved changes"): Undo, or History's "As opened", goes back to the files as
 * saved (there was once no way back but to type them again).
 */
export function restoreDrafts(state: EditorState, input: { now: number }): EditorState {
  const { user } = state.session;
  const allowed = state.recovery.filter(({ draft }) => mayWrite(user, draft.file));
  const kept = state.recovery.filter(({ draft }) => !mayWrite(user, draft.file));
  if (allowed.length === 0) return kept.length ? { ...state, notice: { kind: 'error', text: `Only an administrator can restore these drafts (${kept.map(({ draft }) => draft.file).join(', ')}).` } } : state;
  const { docs, restored: done, waiting } = restored(state.docs, allowed);
  const rest = kept.length ? ` Only an administrator can restore the changes to ${countedFiles(kept.map(({ draft }) => draft.file))}.` : '';
  const conflicting = waiting.length
    ? ` Another tab’s draft of ${[...new Set(waiting.map(({ draft }) => docName(docs, draft.file)))].join(', ')} changes the same fields differently: it is still on offer (restoring it replaces these changes).`
    : '';
  return {
    ...state,
    docs,
    history: record(state.history, snapshotOf(state.docs), 'Restore unsaved changes', undefined, input.now),
    recovery: [...waiting, ...kept],
    notice: { kind: 'info', text: `Restored unsaved changes to ${countedFiles(done.map(({ draft }) => draft.file))}. Save to keep them.${conflicting}${rest}` },
  };
}
