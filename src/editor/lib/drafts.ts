/**
 * Draft recovery: the data of every document with unsaved changes is kept in
 * the browser's storage, with the version of the file it was based on. After
 * a crash or a closed tab, the editor offers to restore it, and warns when the
 * file on disk changed since.
 */
import type { Docs, EditorDoc } from './model';
import { isDirty } from './model';

export interface Draft {
  file: string;
  data: unknown;
  /** The version on disk the edits started from; null for a new file. */
  baseVersion: string | null;
  savedAt: number;
}

/** The part of the Web Storage API drafts use; localStorage in the browser, a Map in tests. */
export interface DraftStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

const PREFIX = 'content-editor:draft:';

/** Stores a draft for each dirty document and forgets the drafts of clean ones. */
export function persistDrafts(store: DraftStore, docs: Docs, now = Date.now()): void {
  for (const doc of Object.values(docs)) {
    const key = PREFIX + doc.file;
    if (isDirty(doc)) {
      const draft: Draft = { file: doc.file, data: doc.data, baseVersion: doc.version, savedAt: now };
      try {
        store.setItem(key, JSON.stringify(draft));
      } catch {
        // Storage full or disabled: the editor still works, only without recovery.
      }
    } else if (store.getItem(key) !== null) {
      store.removeItem(key);
    }
  }
}

export function readDrafts(store: DraftStore): Draft[] {
  const drafts: Draft[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    try {
      drafts.push(JSON.parse(store.getItem(key)!) as Draft);
    } catch {
      store.removeItem(key);
    }
  }
  return drafts.sort((a, b) => (a.file < b.file ? -1 : 1));
}

export interface Recoverable {
  draft: Draft;
  /** The file on disk changed since the draft was started: restoring would overwrite that change. */
  changedOnDisk: boolean;
  /** The file is new (not on disk), as when the draft was a newly created page. */
  isNew: boolean;
}

/** Drafts that differ from what the editor loaded. */
export function recoverable(store: DraftStore, docs: Docs): Recoverable[] {
  return readDrafts(store)
    .filter((draft) => JSON.stringify(draft.data) !== JSON.stringify(docs[draft.file]?.data))
    .map((draft) => ({
      draft,
      isNew: !docs[draft.file],
      changedOnDisk: Boolean(docs[draft.file]) && docs[draft.file]!.version !== draft.baseVersion,
    }));
}

/** The documents with the drafts' data restored (unsaved, so Save writes them). */
export function restoreDrafts(docs: Docs, drafts: Recoverable[]): Docs {
  const next: Record<string, EditorDoc> = { ...docs };
  for (const { draft } of drafts) {
    const current = docs[draft.file];
    next[draft.file] = current
      ? { ...current, data: draft.data }
      : newDocFor(draft.file, draft.data);
  }
  return next;
}

/** An unsaved doc for a file the drafts have and the disk does not: a new page or a new entry. */
function newDocFor(file: string, data: unknown): EditorDoc {
  const entry = /^collections\/(posts|tags)\/([^/]+)\.json$/.exec(file);
  if (entry) return { file, kind: 'entry', saveSlug: `${entry[1]}/${entry[2]}`, data, savedJson: '', version: null };
  return { file, kind: 'page', saveSlug: file.slice('pages/'.length, -'.json'.length), data, savedJson: '', version: null };
}

export function discardDrafts(store: DraftStore, drafts: Recoverable[]): void {
  for (const { draft } of drafts) store.removeItem(PREFIX + draft.file);
}
