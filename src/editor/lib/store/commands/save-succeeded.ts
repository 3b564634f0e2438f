import { withSavePoint } from '../../history';
import { NO_ISSUES } from '../issues';
import type { EditorState } from '../state';

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
  return { ...state, docs, serverIssues, history, save: { status: 'idle' }, publishing: null, notice: { kind: 'success', text: `Saved ${count} document${count === 1 ? '' : 's'}.` } };
}
