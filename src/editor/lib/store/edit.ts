/** What every undoable command shares: record the step, then put the new data in. */
import { record, snapshotOf } from '../history';
import type { EditorDoc } from '../model';
import type { EditorState } from './state';

/** The state with `file`'s data replaced, as one history step (`key`: typing into one field coalesces). */
export function withData(state: EditorState, file: string, data: unknown, label: string, now: number, key?: string): EditorState {
  const doc = state.docs[file];
  if (!doc) return state;
  const history = record(state.history, snapshotOf(state.docs), label, key, now);
  return { ...state, docs: { ...state.docs, [file]: { ...doc, data } }, history, serverIssues: withoutServerIssuesOf(state.serverIssues, [{ file, before: doc.data, after: data }]) };
}

/** A document's data before and after a command changed it. */
export type DataChange = { file: string; before: unknown; after: unknown };

/**
 * The server's issues without those on fields whose value changed since: the server judged the
 * content it was sent (a link to an image not uploaded), and its mark stayed on a field undone or
 * retyped until the next save. Only the changed fields lose theirs: an edit of one field once
 * cleared every mark of the document, so the other fields the refusal named looked mended (QA).
 * A mark on a group (`cover`) goes when anything inside it changes; the next save judges anew.
 */
export function withoutServerIssuesOf(issues: EditorState['serverIssues'], changes: Iterable<DataChange>): EditorState['serverIssues'] {
  let result = issues;
  for (const { file, before, after } of changes) {
    const marks = result[file];
    if (marks === undefined || before === after) continue;
    const kept = new Map([...marks].filter(([key]) => sameValue(valueAt(before, key), valueAt(after, key))));
    if (kept.size === marks.size) continue;
    result = { ...result };
    if (kept.size === 0) delete (result as Record<string, unknown>)[file];
    else (result as Record<string, typeof kept>)[file] = kept;
  }
  return result;
}

/** The value at an issue's key (`sections.1.data.title`; '' is the whole document). */
function valueAt(data: unknown, key: string): unknown {
  if (key === '') return data;
  let value = data;
  for (const step of key.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

// Commands share the subtrees they leave alone, so identity settles most fields without serialising.
const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The state with a new document, as one history step, unless `undoable` is false (a reload from disk). */
export function withDoc(state: EditorState, doc: EditorDoc, label: string, now: number, undoable = true): EditorState {
  const history = undoable ? record(state.history, snapshotOf(state.docs), label, undefined, now) : state.history;
  return { ...state, docs: { ...state.docs, [doc.file]: doc }, history };
}
