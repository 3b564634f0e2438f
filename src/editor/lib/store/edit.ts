/** What every undoable command shares: record the step, then put the new data in. */
import { record, snapshotOf } from '../history';
import type { EditorDoc } from '../model';
import type { EditorState } from './state';

/** The state with `file`'s data replaced, as one history step (`key`: typing into one field coalesces). */
export function withData(state: EditorState, file: string, data: unknown, label: string, now: number, key?: string): EditorState {
  const doc = state.docs[file];
  if (!doc) return state;
  const history = record(state.history, snapshotOf(state.docs), label, key, now);
  return { ...state, docs: { ...state.docs, [file]: { ...doc, data } }, history };
}

/** The state with a new document, as one history step, unless `undoable` is false (a reload from disk). */
export function withDoc(state: EditorState, doc: EditorDoc, label: string, now: number, undoable = true): EditorState {
  const history = undoable ? record(state.history, snapshotOf(state.docs), label, undefined, now) : state.history;
  return { ...state, docs: { ...state.docs, [doc.file]: doc }, history };
}
