/** What every undoable command shares: record the step, then put the new data in. */
import { record, snapshotOf } from '../history';
import type { EditorDoc } from '../model';
import type { EditorState } from './state';

/** The state with `file`'s data replaced, as one history step (`key`: typing into one field coalesces). */
export function withData(state: EditorState, file: string, data: unknown, label: string, now: number, key?: string): EditorState {
  const doc = state.docs[file];
  if (!doc) return state;
  const history = record(state.history, snapshotOf(state.docs), label, key, now);
  return { ...state, docs: { ...state.docs, [file]: { ...doc, data } }, history, serverIssues: withoutServerIssuesOf(state.serverIssues, [file]) };
}

/**
 * The server's issues without those of `files`, whose content changed since: the server judged the
 * content it was sent (a link to an image not uploaded), and its marks stayed on a field undone or
 * retyped until the next save. The next save judges the content anew.
 */
export function withoutServerIssuesOf(issues: EditorState['serverIssues'], files: Iterable<string>): EditorState['serverIssues'] {
  const stale = [...files].filter((file) => issues[file] !== undefined);
  return stale.length === 0 ? issues : Object.fromEntries(Object.entries(issues).filter(([file]) => !stale.includes(file)));
}

/** The state with a new document, as one history step, unless `undoable` is false (a reload from disk). */
export function withDoc(state: EditorState, doc: EditorDoc, label: string, now: number, undoable = true): EditorState {
  const history = undoable ? record(state.history, snapshotOf(state.docs), label, undefined, now) : state.history;
  return { ...state, docs: { ...state.docs, [doc.file]: doc }, history };
}
