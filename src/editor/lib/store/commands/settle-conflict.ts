import { rebasedHistory } from '../../history';
import { mergeJsonKeeping } from '../../json-merge';
import type { EditorState } from '../state';
import { requestSave } from './request-save';

/**
 * The conflict dialog's answer, for the values changed both here and on the server: `theirs` takes
 * their values and keeps every other unsaved edit here, unsaved, now based on their version;
 * `mine` keeps these values and takes every other change of theirs, and saves. Either way nothing
 * that only one side changed is lost (the dialog once offered only their whole file or mine).
 */
export function settleConflict(state: EditorState, input: { keep: 'theirs' | 'mine' }): EditorState {
  const dialog = state.dialog;
  if (dialog?.kind !== 'conflict' || !dialog.theirs || dialog.theirs.version === null) return state;
  const doc = state.docs[dialog.file];
  if (!doc) return { ...state, dialog: null };
  const { theirs } = dialog;
  const base = JSON.parse(doc.savedJson) as unknown;
  const keep = input.keep === 'mine' ? 'ours' : 'theirs';
  const { merged, clashes } = mergeJsonKeeping(base, doc.data, theirs.data, keep);
  const docs = { ...state.docs, [doc.file]: { ...doc, data: merged, version: theirs.version, savedJson: JSON.stringify(theirs.data) } };
  // Every earlier step of it is put onto their version the same way: Undo never brings back what they changed.
  const history = rebasedHistory(state.history, doc.file, (data) => (data === undefined ? data : mergeJsonKeeping(base, data, theirs.data, keep).merged));
  const settled: EditorState = { ...state, docs, history, dialog: null };
  const values = clashes.length === 1 ? 'the value changed both ways' : `the ${clashes.length} values changed both ways`;
  if (input.keep === 'mine') return requestSave(settled, { sampleTextConfirmed: true });
  return { ...settled, notice: { kind: 'info', text: `Took their version of ${values}; your other edits are kept, not saved yet.` } };
}
