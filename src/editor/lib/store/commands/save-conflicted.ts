import { rebasedHistory } from '../../history';
import { mergeJsonKeeping, sameJson } from '../../json-merge';
import { isDirty } from '../../model';
import { alreadyOnServer, carriedEdits, isGone, whereItWent, type SentDoc, type ServerDoc } from '../../server-docs';
import type { EditorState } from '../state';
import { requestSave } from './request-save';
import { saveArrived } from './save-unanswered';
import { isTakenAddress, movedOffTakenAddress } from '../new-doc-taken';
import { withServerDocs } from '../server-refresh';

/**
 * The documents with each conflicting one's unsaved edits laid over the server's version of it,
 * now based on that version, for every one that merges (not gone, and no field changed both here
 * and there), with the history put onto that version too; and the conflicts left to ask about.
 */
function mergedWithServer(state: EditorState, conflicts: readonly { file: string; currentVersion: string | null }[], server: readonly ServerDoc[] | undefined) {
  const docs = { ...state.docs };
  let history = state.history;
  const merged: string[] = [];
  const left: typeof conflicts[number][] = [];
  for (const conflict of conflicts) {
    const doc = docs[conflict.file];
    const theirs = server?.find((there) => there.file === conflict.file);
    const carried = doc && theirs && theirs.version !== null && carriedEdits(doc, theirs);
    if (!carried) {
      left.push(conflict);
      continue;
    }
    const base = JSON.parse(doc.savedJson) as unknown;
    docs[conflict.file] = { ...doc, data: carried.data, version: theirs.version, savedJson: JSON.stringify(theirs.data) };
    history = rebasedHistory(history, conflict.file, (data) => (data === undefined ? data : mergeJsonKeeping(base, data, theirs.data, 'ours').merged));
    merged.push(conflict.file);
  }
  return { state: { ...state, docs, history }, merged, left };
}

/** The conflicting documents whose unconfirmed save (EditorState.unconfirmed) the server holds as sent, based on what it sent. */
function fromUnconfirmedSaves(state: EditorState, conflicts: readonly { file: string }[], server: readonly ServerDoc[] | undefined): EditorState {
  if (!state.unconfirmed || !server) return state;
  const docs = { ...state.docs };
  for (const { file } of conflicts) {
    const sent = state.unconfirmed[file];
    const doc = docs[file];
    const theirs = server.find((there) => there.file === file);
    if (sent !== undefined && doc && theirs && sameJson(JSON.parse(sent), theirs.data)) docs[file] = { ...doc, savedJson: sent };
  }
  return { ...state, docs };
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
    return input.sent!.some(({ file }) => settled.docs[file] && isDirty(settled.docs[file])) ? requestSave(settled, { sampleTextConfirmed: true }) : settled;
  }
  let idleFirst: EditorState = arrived.length > 0 ? { ...saveArrived(state, { saved: arrived }), notice: null } : { ...state, save: { status: 'idle' } as const };
  if (conflicts.length === 0) return { ...idleFirst, notice: { kind: 'error', text: `Nothing was saved: ${input.error}` } };
  // A save whose answer was lost had arrived when the server holds what it sent: the merge starts from that.
  idleFirst = fromUnconfirmedSaves(idleFirst, conflicts, input.server);
  // Every document as the server has it now, the files renamed there followed (server-refresh.ts).
  if (input.server) idleFirst = withServerDocs(idleFirst, input.server);
  // A document created here whose address was taken meanwhile moves to a free one, unsaved (new-doc-taken.ts).
  const taken = conflicts.filter((conflict) => isTakenAddress(idleFirst.docs[conflict.file], conflict.currentVersion));
  const notes: string[] = [];
  for (const conflict of taken) {
    const moved = movedOffTakenAddress(idleFirst, conflict.file, input.server);
    if (!moved) return { ...idleFirst, notice: { kind: 'error', text: `Nothing was saved: ${input.error} Reload the editor to see what is there now; your changes are kept on this device.` } };
    idleFirst = moved.state;
    notes.push(moved.note);
  }
  const others = conflicts.filter((conflict) => !taken.includes(conflict));
  if (others.length === 0) return { ...idleFirst, notice: { kind: 'error', text: notes.join(' ') } };
  // Edits to other fields than those changed elsewhere are put together (and saved again when that was all): only the same field changed both ways is asked about.
  const { state: merging, merged, left } = mergedWithServer(idleFirst, others, input.server);
  // A document that moved off a taken address waits for the next Save (its new address is news), so nothing goes out now.
  const idle: EditorState = notes.length > 0 ? { ...merging, notice: { kind: 'error', text: notes.join(' ') } } : merging;
  const first = left[0];
  if (!first) return notes.length > 0 ? idle : requestSave(idle, { merged, sampleTextConfirmed: true });
  const doc = idle.docs[first.file];
  if (isGone(doc, first.currentVersion)) {
    const movedTo = input.server && whereItWent(idle.docs, doc, input.server);
    const carried = movedTo && carriedEdits(doc, movedTo);
    // Where both changed the same field, moving the edits there can still keep these ones: a page's second copy at its old address never saves (its id, its redirect).
    const mine = movedTo && !carried && { data: mergeJsonKeeping(JSON.parse(doc.savedJson), doc.data, movedTo.data, 'ours').merged };
    return { ...idle, dialog: { kind: 'gone', file: first.file, ...(movedTo && { movedTo }), ...(carried && { carried }), ...(mine && { mine }) } };
  }
  // (`doc` itself is narrowed away by the type guard above: it is read again.)
  const ours = idle.docs[first.file];
  const theirs = input.server?.find((there) => there.file === first.file && there.version === first.currentVersion);
  if (!ours || !theirs) return { ...idle, dialog: { kind: 'conflict', file: first.file, currentVersion: first.currentVersion } };
  const { clashes } = mergeJsonKeeping(JSON.parse(ours.savedJson), ours.data, theirs.data, 'ours');
  return { ...idle, dialog: { kind: 'conflict', file: first.file, currentVersion: first.currentVersion, theirs, clashes } };
}
