import { changeSummary } from '../../change-summary';
import { savingNow } from '../../history';
import { isDirty } from '../../model';
import { forbiddenFiles, readOnlyNote } from '../../permissions';
import { starterGoingPublic, type ConfirmedSampleText, type StarterGoingPublic } from '../../starter-going-public';
import { detailAtKey } from '../issue-details';
import { docIssues } from '../issues';
import type { EditorState, Notice } from '../state';

const MAX_DETAILS = 8;

/** What stops a save among the changed documents' problems, as a notice listing them, or null when there is none. */
export function blockedSaveNotice(state: Pick<EditorState, 'docs'>): Notice | null {
  const problems = Object.values(state.docs)
    .filter(isDirty)
    .flatMap((doc) => [...docIssues(doc, state.docs)].map(([key, message]) => detailAtKey(state.docs, doc.file, key, message)));
  if (problems.length === 0) return null;
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  return { kind: 'error', text: `Save is blocked: fix ${count} first.`, details: problems.slice(0, MAX_DETAILS), blockedSave: true };
}

/** `confirmed` with the texts the sample-text dialog named, now answered "Save anyway". */
function withConfirmed(confirmed: ConfirmedSampleText = {}, documents: readonly StarterGoingPublic[]): ConfirmedSampleText {
  const next = { ...confirmed };
  for (const { file, keys } of documents) next[file] = [...(next[file] ?? []), ...keys];
  return next;
}

/**
 * Starts saving every changed document as one changeset, unless there is
 * nothing to save or a problem the editor can see would make the server
 * refuse it: then it says so, each problem a link to its field. Nor while
 * signed out (the edits wait, kept on this device), nor with changes to files
 * the user's role may not change (the server would answer 403).
 * `baseVersions` overrides the versions of files the user chose to overwrite.
 *
 * A save that would show visitors starter text they do not have yet (a new FAQ's "What is the
 * question?" on a published page) asks first, in a dialog naming each field; `sampleTextConfirmed`
 * is its "Save anyway", and what goes again of a save already under way (after a conflict) takes
 * it too: that save was asked about, and asking twice would not be an answer. The texts answered
 * are remembered until their file saves, so pressing Save again after a save whose answer was
 * lost does not ask about them again (new sample text still asks).
 */
export function requestSave(
  state: EditorState,
  input: { baseVersions?: Readonly<Record<string, string | null>>; merged?: readonly string[]; sampleTextConfirmed?: boolean; now?: number },
): EditorState {
  if (state.save.status === 'saving' || state.session.status === 'signing-out') return state;
  const dirty = Object.values(state.docs).filter(isDirty);
  if (dirty.length === 0) return { ...state, notice: { kind: 'info', text: 'Nothing to save.' } };
  if (state.session.status !== 'signed-in') {
    return { ...state, notice: { kind: 'error', text: 'Save is blocked: your session has ended. Your changes are kept on this device; sign in again, then save.' } };
  }
  const forbidden = forbiddenFiles(state.session.user, dirty.map((doc) => doc.file));
  if (forbidden.length > 0) {
    return {
      ...state,
      notice: { kind: 'error', text: `Save is blocked: ${readOnlyNote(forbidden[0]!)} Undo your changes to ${forbidden.length === 1 ? 'this file' : 'these files'}, or ask an administrator.`, details: forbidden.map((file) => ({ text: `src/data/${file}` })) },
    };
  }
  const blocked = blockedSaveNotice(state);
  if (blocked) return { ...state, notice: blocked };
  if (!input.sampleTextConfirmed) {
    const documents = starterGoingPublic(state.docs, dirty.map((doc) => doc.file), new Date(input.now ?? Date.now()), state.confirmedSampleText);
    if (documents.length > 0) return { ...state, dialog: { kind: 'sample-text', documents } };
  }
  const summary = changeSummary(state.docs, dirty);
  return {
    ...state,
    ...(input.sampleTextConfirmed && state.dialog?.kind === 'sample-text' && { confirmedSampleText: withConfirmed(state.confirmedSampleText, state.dialog.documents) }),
    dialog: null,
    history: savingNow(state.history),
    save: {
      status: 'saving',
      files: dirty.map((doc) => doc.file),
      baseVersions: input.baseVersions ?? {},
      ...(summary && { summary }),
      ...(input.merged && { merged: input.merged }),
    },
  };
}
