/**
 * What the server's documents (GET /api/editor/state) tell about a save that went wrong: whether
 * a save whose answer was lost had arrived, and where a document renamed elsewhere went. Pure, so
 * the commands that decide on them are unit-tested.
 */
import { entryCollectionOf, entryRoute, entrySlugOf } from './entries';
import { mergeJson, sameJson } from './json-merge';
import type { DocKind, Docs, EditorDoc } from './model';

/** A document as the server has it now. */
export type ServerDoc = Omit<EditorDoc, 'savedJson'>;

/** What a save sent of one document: its data, as JSON. */
export interface SentDoc {
  file: string;
  json: string;
}

/** The editor route that shows a page or an entry (a shared document has none of its own). */
export function routeOfDoc(doc: Pick<EditorDoc, 'kind' | 'saveSlug'>): string | undefined {
  if (doc.kind === 'page') return doc.saveSlug;
  return doc.kind === 'entry' ? entryRoute(entryCollectionOf(doc), entrySlugOf(doc)) : undefined;
}

/** A conflict over a file the editor loaded from the server and the server no longer has: renamed or deleted since. */
export const isGone = (doc: EditorDoc | undefined, currentVersion: string | null): doc is EditorDoc => doc !== undefined && doc.version !== null && currentVersion === null;

/**
 * The sent documents the server holds exactly as sent, with their versions there: a save whose
 * answer was lost had arrived when all of them are.
 */
export function alreadyOnServer(sent: readonly SentDoc[], server: readonly ServerDoc[]): { file: string; version: string | null; json: string }[] {
  const byFile = new Map(server.map((doc) => [doc.file, doc]));
  return sent.flatMap(({ file, json }) => {
    const there = byFile.get(file);
    return there && sameJson(there.data, JSON.parse(json)) ? [{ file, version: there.version, json }] : [];
  });
}

export const idOf = (data: unknown) => (typeof data === 'object' && data !== null && typeof (data as { id?: unknown }).id === 'string' ? (data as { id: string }).id : undefined);
/** A page's `slug` follows its file when it moves (the content store's plan), so it says nothing about which page it is. */
export const withoutSlug = (data: unknown) => (typeof data === 'object' && data !== null && !Array.isArray(data) ? { ...data, slug: undefined } : data);

/**
 * Of `candidates`, the one document that a document loaded as `loaded` (its data then, of `kind`,
 * in `collection` for an entry) became: of the same kind and collection, and with its id (a page
 * keeps its id when it moves) or its content as loaded (an entry's is unchanged by a move).
 * Undefined when none, or more than one, can be it.
 */
export function sameDocumentAmong<T extends Pick<EditorDoc, 'file' | 'kind' | 'saveSlug' | 'data'>>(loaded: unknown, kind: DocKind, collection: string | undefined, candidates: readonly T[]): T | undefined {
  const matches = candidates.filter(
    (doc) =>
      doc.kind === kind &&
      (collection === undefined || entryCollectionOf(doc) === collection) &&
      ((idOf(loaded) !== undefined && idOf(doc.data) === idOf(loaded)) || sameJson(withoutSlug(doc.data), withoutSlug(loaded))),
  );
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * The document a gone one became, when the server has exactly one that it can be, new since the
 * editor loaded (`docs` lacks it; sameDocumentAmong). Undefined when it was deleted, or when that cannot be told.
 */
export function whereItWent(docs: Docs, gone: EditorDoc, server: readonly ServerDoc[]): ServerDoc | undefined {
  const collection = gone.kind === 'entry' ? entryCollectionOf(gone) : undefined;
  return sameDocumentAmong(JSON.parse(gone.savedJson), gone.kind, collection, server.filter((doc) => !docs[doc.file]));
}

/**
 * The unsaved edits of `gone`, carried onto what it became: merged with whatever changed there
 * since (its new slug, someone's edits), or undefined when both changed the same field.
 */
export function carriedEdits(gone: EditorDoc, movedTo: ServerDoc): { data: unknown } | undefined {
  const merge = mergeJson(JSON.parse(gone.savedJson), gone.data, movedTo.data);
  return merge && { data: merge.merged };
}
