/**
 * After a save refused over changes made elsewhere, the editor's documents are brought up to what
 * the server has, not only the one the save was about (a hostile review): a post's tag boxes still
 * offered a tag renamed meanwhile, and a page that dropped the shared footer while someone renamed
 * the footer got the footer back, under its new name, and the save said all was saved.
 * - A document with no unsaved edits here is replaced by the server's (or goes, when the server
 *   has it no longer), and one new there is added; its history steps are put onto the new version.
 * - A file renamed there (gone here, found there by whereItWent) is followed by the `$ref`s of the
 *   documents with edits here, in their saved version as in their edits, so a merge sees a rename,
 *   not a section removed and another added.
 * Pure.
 */
import { rewriteRefs } from '../../../engine/references';
import { rebasedHistory, withoutFile } from '../history';
import { mergeJsonKeeping, sameJson } from '../json-merge';
import { isDirty, type Docs, type EditorDoc } from '../model';
import { routeOfDoc, whereItWent, type ServerDoc } from '../server-docs';
import type { EditorState } from './state';

/** Files loaded here that the server has under another name now: old file → new file. */
function renamesOn(docs: Docs, server: readonly ServerDoc[]): Map<string, string> {
  const onServer = new Set(server.map((doc) => doc.file));
  const renames = new Map<string, string>();
  for (const doc of Object.values(docs)) {
    if (doc.version === null || doc.savedJson === '' || onServer.has(doc.file)) continue;
    const movedTo = whereItWent(docs, doc, server);
    if (movedTo) renames.set(doc.file, movedTo.file);
  }
  return renames;
}

/** `data` (held at `file`) with its `$ref`s following the renames. */
const followed = (data: unknown, file: string, renames: ReadonlyMap<string, string>) => (renames.size === 0 ? data : (rewriteRefs(data, file, file, renames) ?? data));

export function withServerDocs(state: EditorState, server: readonly ServerDoc[]): EditorState {
  const renames = renamesOn(state.docs, server);
  const onServer = new Map(server.map((doc) => [doc.file, doc]));
  const shown = Object.values(state.docs).find((doc) => routeOfDoc(doc) === state.route);
  const docs: Record<string, EditorDoc> = {};
  let history = state.history;
  for (const doc of Object.values(state.docs)) {
    const there = onServer.get(doc.file);
    if (isDirty(doc) || doc.version === null) {
      // Edits here stay; their `$ref`s follow what was renamed there, in every step too.
      const savedJson = doc.savedJson === '' ? '' : JSON.stringify(followed(JSON.parse(doc.savedJson), doc.file, renames));
      docs[doc.file] = { ...doc, data: followed(doc.data, doc.file, renames), savedJson };
      if (renames.size > 0) history = rebasedHistory(history, doc.file, (data) => (data === undefined ? data : followed(data, doc.file, renames)));
    } else if (!there) {
      if (doc === shown && !renames.has(doc.file)) docs[doc.file] = doc; // deleted there while shown here: the save or a reload says so
    } else if (there.version !== doc.version) {
      const before = JSON.parse(doc.savedJson) as unknown;
      docs[doc.file] = { ...there, savedJson: JSON.stringify(there.data) };
      history = rebasedHistory(history, doc.file, (data) => (data === undefined || sameJson(data, before) ? there.data : mergeJsonKeeping(before, data, there.data, 'ours').merged));
    } else docs[doc.file] = doc;
  }
  // New there, unless a document with edits here became it: the save's gone dialog offers to move the edits there.
  const becameEdited = new Set([...renames].filter(([from]) => isDirty(state.docs[from]!)).map(([, to]) => to));
  for (const doc of server) {
    if (docs[doc.file] || state.docs[doc.file] || becameEdited.has(doc.file)) continue;
    docs[doc.file] = { ...doc, savedJson: JSON.stringify(doc.data) };
    // The history may hold another document at that file (one made here, then discarded or its
    // creation undone): Undo would put its data onto theirs, at their version, and the next Save
    // write it over their page without a conflict (a review). That one goes from the history.
    history = withoutFile(history, doc.file);
  }
  const movedShown = shown && !docs[shown.file] && renames.get(shown.file);
  const route = movedShown ? (routeOfDoc(docs[movedShown]!) ?? state.route) : state.route;
  return { ...state, docs, history, route };
}
