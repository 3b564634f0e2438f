/**
 * Draft recovery: the data of every document with unsaved changes is kept in
 * the browser's storage, with the version of the file it was based on. After
 * a crash or a closed tab, the editor offers to restore it, and warns when the
 * file on disk changed since.
 */
import type { Docs, EditorDoc } from './model';
import { isDirty } from './model';
import { entryOfFile } from './entries';

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
/**
 * Drafts of an earlier session that the user has not restored or discarded
 * yet. They are set aside under their own keys when the editor starts, so the
 * edits of this session are stored as drafts too while the Restore banner shows.
 */
const PENDING = 'content-editor:pending:';

/**
 * Stores a draft for each dirty document and forgets the drafts of clean
 * ones. `written` remembers what was last stored for each file: documents are
 * replaced on every edit, never changed, so an unchanged one is skipped and
 * a keystroke costs one document's JSON, not the whole site's.
 */
export function persistDrafts(store: DraftStore, docs: Docs, now = Date.now(), written?: Map<string, EditorDoc>): void {
  for (const doc of Object.values(docs)) {
    if (written?.get(doc.file) === doc) continue;
    written?.set(doc.file, doc);
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

function readPrefix(store: DraftStore, prefix: string): Draft[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) if (store.key(i)?.startsWith(prefix)) keys.push(store.key(i)!);
  const drafts: Draft[] = [];
  for (const key of keys) {
    try {
      drafts.push(JSON.parse(store.getItem(key)!) as Draft);
    } catch {
      store.removeItem(key);
    }
  }
  return drafts;
}

/** Every stored draft, one per file: the newest, whether set aside or of the last session. */
export function readDrafts(store: DraftStore): Draft[] {
  const newest = new Map<string, Draft>();
  for (const draft of [...readPrefix(store, PENDING), ...readPrefix(store, PREFIX)]) {
    const seen = newest.get(draft.file);
    if (!seen || draft.savedAt >= seen.savedAt) newest.set(draft.file, draft);
  }
  return [...newest.values()].sort((a, b) => (a.file < b.file ? -1 : 1));
}

/** Moves the drafts on offer out of the way of this session's drafts, until restored or discarded. */
export function setAsidePending(store: DraftStore, drafts: readonly Recoverable[]): void {
  for (const { draft } of drafts) {
    try {
      store.setItem(PENDING + draft.file, JSON.stringify(draft));
      store.removeItem(PREFIX + draft.file);
    } catch {
      // Storage full: the draft stays where it was.
    }
  }
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
  const entry = entryOfFile(file);
  if (entry) return { file, kind: 'entry', saveSlug: `${entry.collection}/${entry.slug}`, data, savedJson: '', version: null };
  return { file, kind: 'page', saveSlug: file.slice('pages/'.length, -'.json'.length), data, savedJson: '', version: null };
}

/**
 * Forgets drafts on offer (discarded, or restored: the restored edits are
 * then stored as this session's drafts). A draft of this session for the
 * same file is kept: only the one that was offered goes.
 */
export function discardDrafts(store: DraftStore, drafts: readonly Recoverable[]): void {
  for (const { draft } of drafts) {
    store.removeItem(PENDING + draft.file);
    const current = store.getItem(PREFIX + draft.file);
    try {
      if (current !== null && (JSON.parse(current) as Draft).savedAt === draft.savedAt) store.removeItem(PREFIX + draft.file);
    } catch {
      store.removeItem(PREFIX + draft.file);
    }
  }
}
