import { isDirty } from '../../model';
import { detailAtKey } from '../issue-details';
import { docIssues } from '../issues';
import type { EditorState } from '../state';

const MAX_DETAILS = 8;

/**
 * Starts saving every changed document as one changeset, unless there is
 * nothing to save or a problem the editor can see would make the server
 * refuse it: then it says so, each problem a link to its field.
 * `baseVersions` overrides the versions of files the user chose to overwrite.
 */
export function requestSave(state: EditorState, input: { baseVersions?: Readonly<Record<string, string | null>> }): EditorState {
  if (state.save.status === 'saving') return state;
  const dirty = Object.values(state.docs).filter(isDirty);
  if (dirty.length === 0) return { ...state, notice: { kind: 'info', text: 'Nothing to save.' } };
  const problems = dirty.flatMap((doc) => [...docIssues(doc, state.docs)].map(([key, message]) => detailAtKey(state.docs, doc.file, key, message)));
  if (problems.length > 0) {
    const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
    return { ...state, notice: { kind: 'error', text: `Save is blocked: fix ${count} first.`, details: problems.slice(0, MAX_DETAILS) } };
  }
  return { ...state, dialog: null, save: { status: 'saving', files: dirty.map((doc) => doc.file), baseVersions: input.baseVersions ?? {} } };
}
