/**
 * Draft recovery: the data of every document with unsaved changes is kept in
 * the browser's storage, with the version of the file it was based on. After
 * a crash or a closed tab, the editor offers to restore it, and warns when the
 * file on disk changed since.
 */
import type { Docs, EditorDoc } from './model';
import { mergeJson } from './json-merge';
import { followingRenames } from './draft-renames';
import { isDraftKey } from './draft-keys';
import { persistDrafts } from './draft-writing';

export { isDraftKey, isDraftKeyOf } from './draft-keys';
export { persistDrafts } from './draft-writing';
import { docName } from './doc-name';
import type { Notice } from './store/state';

export interface Draft {
  file: string;
  data: unknown;
  /** The version on disk the edits started from; null for a new file. */
  baseVersion: string | null;
  savedAt: number;
  /** The editor tab that wrote it (absent in drafts of older versions of the editor). */
  tab?: string;
  /**
   * Who wrote it (the signed-in user's name; `local` under astro dev). Only they are offered it: on
   * a computer people share, one person's unsaved words are not shown to, nor discarded by, the next.
   * Absent in drafts of older versions of the editor, which are offered to anyone.
   */
  user?: string;
  /**
   * The document as loaded, when it was on disk: if it is renamed before the draft is restored, the
   * draft finds it by this (its id, or its content) and its edits are carried there. Absent in new
   * documents' drafts, and in drafts of older versions of the editor.
   */
  base?: unknown;
  /** Written before the last changes to its document, for which the browser's storage had no room. */
  incomplete?: true;
}

/** The part of the Web Storage API drafts use; localStorage in the browser, a Map in tests. */
export interface DraftStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}



export interface StoredDraft {
  key: string;
  draft: Draft;
  /** Where the draft was written: its document was renamed since, and the draft carried to its new file. */
  movedFrom?: string;
  /** That document was changed there too, apart from its name. */
  changedSinceMove?: boolean;
  /** Its file holds another page now (another id), and the draft's page is found nowhere. */
  replaced?: boolean;
  /** Its document was saved since, and the draft's edits are merged onto that save. */
  mergedWithSave?: boolean;
}

function storedDrafts(store: DraftStore): StoredDraft[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (isDraftKey(key)) keys.push(key!);
  }
  const drafts: StoredDraft[] = [];
  for (const key of keys) {
    try {
      drafts.push({ key, draft: JSON.parse(store.getItem(key)!) as Draft });
    } catch {
      store.removeItem(key);
    }
  }
  return drafts;
}

/** Drafts of tabs that are closed (not in `live`), of `user`'s (or of no one's), by file: the newest first, then the rest of that file's. */
function closedTabsDrafts(store: DraftStore, live: ReadonlySet<string>, user?: string): Map<string, StoredDraft[]> {
  const byFile = new Map<string, StoredDraft[]>();
  for (const stored of storedDrafts(store)) {
    if (stored.draft.tab !== undefined && live.has(stored.draft.tab)) continue;
    if (stored.draft.user !== undefined && stored.draft.user !== user) continue;
    byFile.set(stored.draft.file, [...(byFile.get(stored.draft.file) ?? []), stored]);
  }
  for (const drafts of byFile.values()) drafts.sort((a, b) => b.draft.savedAt - a.draft.savedAt);
  return byFile;
}

/** The drafts of closed tabs (an earlier session, a crash), one per file: the newest. */
export function readDrafts(store: DraftStore, live: ReadonlySet<string> = new Set(), user?: string): Draft[] {
  return [...closedTabsDrafts(store, live, user).values()].map(([newest]) => newest!.draft).sort((a, b) => (a.file < b.file ? -1 : 1));
}

/**
 * The drafts of `user`'s other open tabs (in `live`, other than `tab`): the files they have unsaved
 * changes to, and the tabs themselves (once one closes, its drafts are on offer). Another user's
 * open tabs are not named: what they are changing is theirs.
 */
export function openElsewhere(store: DraftStore, tab: string, live: ReadonlySet<string>, user?: string): { files: string[]; tabs: string[] } {
  const drafts = openElsewhereDrafts(store, tab, live, user);
  return { files: [...new Set(drafts.map(({ file }) => file))].sort(), tabs: [...new Set(drafts.map(({ tab: by }) => by!))] };
}

/** The drafts themselves of `user`'s other open tabs: their unsaved documents, which a delete or rename here cannot see on the server. */
export function openElsewhereDrafts(store: DraftStore, tab: string, live: ReadonlySet<string>, user?: string): Draft[] {
  const mine = (draft: Draft) => draft.user === undefined || draft.user === user;
  return storedDrafts(store).flatMap(({ draft }) => (draft.tab !== undefined && draft.tab !== tab && live.has(draft.tab) && mine(draft) ? [draft] : []));
}

export interface Recoverable {
  /** What restoring puts in the document: one closed tab's draft, or several merged field by field. */
  draft: Draft;
  /** The file on disk changed since the draft was started: restoring would overwrite that change. */
  changedOnDisk: boolean;
  /** The file is new (not on disk), as when the draft was a newly created page. */
  isNew: boolean;
  /** Where the drafts in it are stored: all forgotten once it is restored or discarded. */
  keys: readonly string[];
  /** When each draft in it was written, newest first (more than one: merged from several tabs). */
  savedAt: readonly number[];
  /** The file the draft was written for: its document was renamed since, and its edits are carried to `draft.file`. */
  movedFrom?: string;
  /** Its document was saved since (by anyone), and the draft's edits merge with that save: `draft` holds both. */
  mergedWithSave?: boolean;
  /**
   * The draft's document was on disk when the draft was written, and is no more, nor found renamed:
   * restoring makes it again (`isNew`), or replaces the other page that has its file now.
   */
  gone?: boolean;
}

/**
 * One file's drafts of closed tabs (newest first) as offers: a draft joins an offer when both
 * started from the version on disk and their edits merge field by field (two tabs that changed
 * different fields); one whose edits conflict with every offer so far is an offer of its own,
 * so that no tab's work is dropped for another's.
 */
function offersOf(drafts: readonly StoredDraft[], doc: EditorDoc | undefined): Recoverable[] {
  const offers: Recoverable[] = [];
  const base = doc && doc.savedJson !== '' ? JSON.parse(doc.savedJson) : undefined;
  for (const stored of drafts) {
    const { key, draft } = stored;
    // A merge needs the edits' common base: the disk's data, when both started from its version.
    const mergeable = (offer: Recoverable) => base !== undefined && draft.baseVersion === doc!.version && offer.draft.baseVersion === doc!.version;
    const joined = offers.findIndex((offer) => mergeable(offer) && mergeJson(base, offer.draft.data, draft.data) !== undefined);
    if (joined === -1) {
      const changedOnDisk = Boolean(doc) && (doc!.version !== draft.baseVersion || Boolean(stored.changedSinceMove));
      const moved = stored.movedFrom !== undefined ? { movedFrom: stored.movedFrom } : stored.mergedWithSave && { mergedWithSave: true };
      offers.push({ draft, keys: [key], savedAt: [draft.savedAt], isNew: !doc, changedOnDisk, ...moved, ...(((!doc && draft.baseVersion !== null) || stored.replaced) && { gone: true }) });
      continue;
    }
    const offer = offers[joined]!;
    const { merged } = mergeJson(base, offer.draft.data, draft.data)!;
    offers[joined] = { ...offer, draft: { ...offer.draft, data: merged }, keys: [...offer.keys, key], savedAt: [...offer.savedAt, draft.savedAt] };
  }
  return offers;
}

/** Drafts of closed tabs that differ from what the editor loaded, by file; a file's conflicting drafts are separate offers, the newest first. */
export function recoverable(store: DraftStore, docs: Docs, live: ReadonlySet<string> = new Set(), user?: string): Recoverable[] {
  return [...followingRenames(closedTabsDrafts(store, live, user), docs).values()]
    .flatMap((drafts) => offersOf(drafts, docs[drafts[0]!.draft.file]))
    .filter(({ draft }) => JSON.stringify(draft.data) !== JSON.stringify(docs[draft.file]?.data))
    .sort((a, b) => (a.draft.file === b.draft.file ? 0 : a.draft.file < b.draft.file ? -1 : 1));
}

export { restoreDrafts } from './draft-restore';

/** The banner under the top bar when drafts of `files` could not be stored (persistDrafts): saving is then the only way to keep them. */
export function draftsNotKeptNotice(docs: Docs, files: readonly string[]): Notice {
  const names = files.map((file) => docName(docs, file)).join(', ');
  return { kind: 'error', text: `This browser’s storage is full, so unsaved changes to ${names} are not kept on this device: if the tab closes, they are lost. Save to keep them.` };
}

/**
 * Forgets drafts on offer (discarded, or restored: the restored edits are then stored as this
 * tab's drafts). Only the closed tabs' drafts that were offered go; no open tab's.
 */
export function discardDrafts(store: DraftStore, drafts: readonly Recoverable[]): void {
  for (const { keys } of drafts) for (const key of keys) store.removeItem(key);
}

/**
 * After restoring `restored` into `docs`: stores them as this tab's drafts, then forgets the offered
 * drafts, except those of files the storage could not take as this tab's (full): those stay, so a
 * crash before Save loses nothing. Returns those files.
 */
export function keepRestored(store: DraftStore, tab: string, docs: Docs, restored: readonly Recoverable[], user?: string): string[] {
  const notKept = persistDrafts(store, tab, docs, Date.now(), undefined, user);
  discardDrafts(store, restored.filter(({ draft }) => !notKept.includes(draft.file)));
  return notKept;
}
