import { docName } from '../../content-ops';
import { renamedInHistory } from '../../history';
import { mergeJsonKeeping } from '../../json-merge';
import { movedNames } from '../../moved-names';
import type { EditorDoc } from '../../model';
import { routeOfDoc } from '../../server-docs';
import type { EditorState } from '../state';

/**
 * After a save found a document renamed or deleted elsewhere (the `gone` dialog): the editor lets
 * go of the old file, never recreating it unasked, and takes what it became on the server, if
 * known. `carry`: with the unsaved edits merged onto it (offered only when they merge), to save
 * there; `carry-mine`: the same where they do not, keeping these edits where both changed;
 * `discard`: as it was saved. The old file's route, if open, follows it.
 */
export function settleGoneDocument(state: EditorState, input: { edits: 'carry' | 'carry-mine' | 'discard' }): EditorState {
  const { dialog } = state;
  if (dialog?.kind !== 'gone') return state;
  const carried = input.edits === 'carry' ? dialog.carried : input.edits === 'carry-mine' ? dialog.mine : undefined;
  if (input.edits !== 'discard' && !(carried && dialog.movedTo)) return state;
  const gone = state.docs[dialog.file];
  const { [dialog.file]: _old, ...docs } = state.docs as Record<string, EditorDoc>;
  const movedTo: EditorDoc | undefined = dialog.movedTo && { ...dialog.movedTo, savedJson: JSON.stringify(dialog.movedTo.data), ...(carried && { data: carried.data }) };
  if (movedTo) docs[movedTo.file] = movedTo;
  const wasOpen = gone !== undefined && routeOfDoc(gone) !== undefined && state.route === routeOfDoc(gone);
  const names = movedTo ? movedNames(state.docs, dialog.file, docs, movedTo.file) : { from: docName(state.docs, dialog.file), to: '' };
  const text = carried
    ? `Your edits to ${names.from} are now on its new address, ${names.to}, unsaved: Save to keep them.`
    : movedTo
      ? `Discarded your edits to ${names.from}: ${names.to} is as it was saved.`
      : `Discarded your edits to ${names.from}, which is no longer on the server.`;
  // Undo goes on through the edits, at the new name and onto what it is there (it once undid nothing, naming the old file).
  const base = carried && gone && gone.savedJson !== '' ? (JSON.parse(gone.savedJson) as unknown) : undefined;
  const history = base === undefined ? state.history : renamedInHistory(state.history, gone!.file, movedTo!, (data) => mergeJsonKeeping(base, data, dialog.movedTo!.data, 'ours').merged);
  return {
    ...state,
    docs,
    history,
    dialog: null,
    route: wasOpen ? (movedTo && routeOfDoc(movedTo)) ?? null : state.route,
    selection: wasOpen && !movedTo ? null : state.selection,
    notice: { kind: 'info', text },
  };
}
