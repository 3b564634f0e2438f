import { serverIssues } from '../../validate';
import { detailAtPointer } from '../issue-details';
import type { EditorState } from '../state';

/** The server refused the changeset as invalid: nothing was written; its issues show on their fields and as links. */
export function saveRejected(state: EditorState, input: { error: string; issues: readonly { file: string; path: string; message: string }[] }): EditorState {
  const byFile = Object.groupBy(input.issues, (issue) => issue.file);
  const fromServer = Object.fromEntries(Object.entries(byFile).map(([file, issues]) => [file, serverIssues(issues ?? [])]));
  const details = input.issues.map((issue) => detailAtPointer(state.docs, issue.file, issue.path, issue.message));
  return {
    ...state,
    save: { status: 'idle' },
    serverIssues: { ...state.serverIssues, ...fromServer },
    notice: { kind: 'error', text: `Nothing was saved: ${input.error}`, details },
  };
}
