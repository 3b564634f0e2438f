import { docName } from '../../doc-name';
import { record, snapshotOf } from '../../history';
import { routeOfDoc } from '../../server-docs';
import type { EditorState } from '../state';

/**
 * Lets go of a page or entry created here and never saved (made by mistake, or at an address taken
 * meanwhile), as one undoable step: Undo brings it back as it was. Before, only Undo through every
 * edit since its creation could, and nothing said so: it had neither Delete… nor Change address….
 */
export function discardNewDocument(state: EditorState, input: { file: string; now: number }): EditorState {
  const doc = state.docs[input.file];
  if (!doc || doc.version !== null) return state;
  // Not while a save sends it: the server may have it a moment later (a review: dropped, then made twice).
  if (state.save.status === 'saving' && state.save.files.includes(doc.file)) return state;
  const history = record(state.history, snapshotOf(state.docs), `Discard ${docName(state.docs, doc.file)}`, undefined, input.now);
  // The step brings it back on Undo: a snapshot holds data only, and it has nothing on disk to come back from.
  const step = history.past.at(-1)!;
  const withRecreate = { ...history, past: [...history.past.slice(0, -1), { ...step, recreate: [...(step.recreate ?? []), doc] }] };
  const { [doc.file]: _discarded, ...docs } = state.docs;
  const shown = state.route === routeOfDoc(doc);
  return {
    ...state,
    docs,
    history: withRecreate,
    ...(shown && { route: null, selection: null }),
    notice: { kind: 'info', text: `Discarded ${docName(state.docs, doc.file)}, which was never saved. Undo brings it back.` },
  };
}
