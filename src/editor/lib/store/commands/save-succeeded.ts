import { docName } from '../../content-ops';
import { withSavePoint } from '../../history';
import { NO_ISSUES } from '../issues';
import type { EditorState } from '../state';

/** After a save that put edits together with changes saved elsewhere meanwhile: which, so the changes in the form are not a surprise. */
function mergedNote(state: EditorState): string {
  const merged = state.save.status === 'saving' ? (state.save.merged ?? []) : [];
  if (merged.length === 0) return '';
  const names = merged.map((file) => docName(state.docs, file)).join(', ');
  return ` ${names} had been changed elsewhere meanwhile, in other fields than yours: both changes are kept, and the form shows them.`;
}

/**
 * The server wrote every file: each is now at its new version, and clean as
 * of the data that was sent (`json`), so edits typed during the save stay unsaved.
 */
export function saveSucceeded(state: EditorState, input: { saved: readonly { file: string; version: string | null; json: string }[] }): EditorState {
  const docs = { ...state.docs };
  const serverIssues = { ...state.serverIssues };
  for (const { file, version, json } of input.saved) {
    const doc = docs[file];
    if (doc) docs[file] = { ...doc, version: version ?? '', savedJson: json };
    serverIssues[file] = NO_ISSUES;
  }
  const count = input.saved.length;
  // A publication is shown until the next save; a save that publishes says so next (publishRequested).
  // Where in the history this save was asked for is now its save point, which the History menu marks.
  const history = state.save.status === 'saving' ? withSavePoint(state.history, state.save.historyAt) : state.history;
  return { ...state, docs, serverIssues, history, save: { status: 'idle' }, publishing: null, notice: { kind: 'success', text: `Saved ${count} document${count === 1 ? '' : 's'}.${mergedNote(state)}` } };
}
