import { docName } from '../../doc-name';
import { isDirty } from '../../model';
import type { ServerDoc } from '../../server-docs';
import { serverIssues } from '../../validate';
import { withServerDocs } from '../server-refresh';
import { detailAtPointer } from '../issue-details';
import type { EditorState } from '../state';

/**
 * The server refused the changeset as invalid: nothing was written; its issues show on their fields
 * and as links. `server`: its documents, asked for after the refusal: the editor takes them in
 * (server-refresh.ts), and when that made an edited document follow a file renamed elsewhere (a new
 * page's shared footer, renamed in another tab, was "a file that does not exist" on every save,
 * restored draft or not), it says so: the next Save sends it as it is now.
 */
export function saveRejected(before: EditorState, input: { error: string; issues: readonly { file: string; path: string; message: string }[]; server?: readonly ServerDoc[] }): EditorState {
  const state = input.server ? withServerDocs(before, input.server) : before;
  const followed = Object.values(before.docs).filter((doc) => isDirty(doc) && state.docs[doc.file] && state.docs[doc.file]!.data !== doc.data);
  if (followed.length > 0) {
    const names = followed.map((doc) => docName(before.docs, doc.file)).join(', ');
    return { ...state, save: { status: 'idle' }, notice: { kind: 'error', text: `Nothing was saved: ${input.error} Meanwhile, something ${names} shows was renamed elsewhere, and it now points at the new name: press Save to try again.` } };
  }
  const byFile = Object.groupBy(input.issues, (issue) => issue.file);
  // Each file's marks keep the data they were judged on: a mark shows while its field still holds that value (server-marks.ts).
  const fromServer = Object.fromEntries(Object.entries(byFile).map(([file, issues]) => [file, { issues: serverIssues(issues ?? []), judged: state.docs[file]?.data }]));
  const details = input.issues.map((issue) => detailAtPointer(state.docs, issue.file, issue.path, issue.message));
  return {
    ...state,
    save: { status: 'idle' },
    serverIssues: { ...state.serverIssues, ...fromServer },
    // The server's sentence names files (`pages/about.json`); its issues, below, name pages and fields as editors know them.
    notice: { kind: 'error', text: `Nothing was saved: ${details.length === 0 ? input.error : `${details.length === 1 ? 'one thing needs' : `${details.length} things need`} fixing first (${details.length === 1 ? 'it is' : 'each is'} below, and marked on ${details.length === 1 ? 'its field' : 'their fields'}).`}`, details },
  };
}
