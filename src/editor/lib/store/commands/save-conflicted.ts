import { mergeJsonKeeping } from '../../json-merge';
import { isDirty } from '../../model';
import { alreadyOnServer, carriedEdits, isGone, whereItWent, type SentDoc, type ServerDoc } from '../../server-docs';
import type { EditorState } from '../state';
import { requestSave } from './request-save';
import { saveArrived } from './save-unanswered';

/**
 * The documents with each conflicting one's unsaved edits laid over the server's version of it,
 * now based on that version, or undefined unless every one of them merges (none gone, and no
 * field changed both here and there).
 */
function mergedWithServer(state: EditorState, conflicts: readonly { file: string }[], server: readonly ServerDoc[] | undefined): EditorState['docs'] | undefined {
  const docs = { ...state.docs };
  for (const { file } of conflicts) {
    const doc = docs[file];
    const theirs = server?.find((there) => there.file === file);
    const carried = doc && theirs && theirs.version !== null && carriedEdits(doc, theirs);
    if (!carried) return undefined;
    docs[file] = { ...doc, data: carried.data, version: theirs.version, savedJson: JSON.stringify(theirs.data) };
  }
  return docs;
}

/**
 * A file changed on the server since it was loaded: nothing was written. `server`: the server's
 * documents, asked for after the refusal (absent when that failed too). A file the server holds
 * exactly as sent is no conflict (an earlier save arrived though its answer was lost): it is
 * saved at that version, and the rest is sent again. A file the server no longer has was renamed
 * or deleted: the dialog says so, and where it went when that can be told. A file changed in other
 * fields than the edits here gets both, and is saved again. Otherwise the conflict dialog asks what to do.
 */
export function saveConflicted(
  state: EditorState,
  input: { error: string; conflicts: readonly { file: string; currentVersion: string | null }[]; sent?: readonly SentDoc[]; server?: readonly ServerDoc[] },
): EditorState {
  const arrived = input.server && input.sent ? alreadyOnServer(input.sent.filter(({ file }) => input.conflicts.some((conflict) => conflict.file === file)), input.server) : [];
  const conflicts = input.conflicts.filter(({ file }) => !arrived.some((done) => done.file === file));
  if (arrived.length > 0 && conflicts.length === 0) {
    const settled = saveArrived(state, { saved: arrived });
    // What else was sent was refused with them (a changeset is whole): it goes again, on the versions now known.
    return input.sent!.some(({ file }) => settled.docs[file] && isDirty(settled.docs[file])) ? requestSave(settled, {}) : settled;
  }
  const first = conflicts[0];
  const idle = arrived.length > 0 ? { ...saveArrived(state, { saved: arrived }), notice: null } : { ...state, save: { status: 'idle' } as const };
  if (!first) return { ...idle, notice: { kind: 'error', text: `Nothing was saved: ${input.error}` } };
  // Edits to other fields than those changed elsewhere are put together and saved again: only the same field changed both ways is asked about.
  const merged = mergedWithServer(idle, conflicts, input.server);
  if (merged) return requestSave({ ...idle, docs: merged }, { merged: conflicts.map(({ file }) => file) });
  const doc = state.docs[first.file];
  if (isGone(doc, first.currentVersion)) {
    const movedTo = input.server && whereItWent(state.docs, doc, input.server);
    const carried = movedTo && carriedEdits(doc, movedTo);
    return { ...idle, dialog: { kind: 'gone', file: first.file, ...(movedTo && { movedTo }), ...(carried && { carried }) } };
  }
  // (`doc` itself is narrowed away by the type guard above: it is read again.)
  const ours = state.docs[first.file];
  const theirs = input.server?.find((there) => there.file === first.file && there.version === first.currentVersion);
  if (!ours || !theirs) return { ...idle, dialog: { kind: 'conflict', file: first.file, currentVersion: first.currentVersion } };
  const { clashes } = mergeJsonKeeping(JSON.parse(ours.savedJson), ours.data, theirs.data, 'ours');
  return { ...idle, dialog: { kind: 'conflict', file: first.file, currentVersion: first.currentVersion, theirs, clashes } };
}
