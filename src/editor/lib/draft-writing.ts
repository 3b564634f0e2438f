/**
 * Writing drafts to the browser's storage (drafts.ts): each dirty document's,
 * as the user types, and what Restore took in.
 */
import type { Docs, EditorDoc } from './model';
import { isDirty } from './model';
import type { Draft, DraftStore } from './drafts';
import { identifiable } from './draft-renames';
import { keyOf } from './draft-keys';

/**
 * Stores a draft for each dirty document and forgets the drafts of clean
 * ones, under this tab's keys. `written` remembers what was last stored for each file: documents
 * are replaced on every edit, never changed, so an unchanged one is skipped and
 * a keystroke costs one document's JSON, not the whole site's.
 *
 * Returns the files whose drafts could not be stored (the storage is full, or disabled): their
 * earlier drafts are kept, marked `incomplete` (so they are not offered later as if they held the
 * last edits), and they are tried again on the next write. The editor says so (draftsNotKeptNotice), so the user saves.
 */
export function persistDrafts(store: DraftStore, tab: string, docs: Docs, now = Date.now(), written?: Map<string, EditorDoc>, user?: string): string[] {
  const notKept: string[] = [];
  for (const doc of Object.values(docs)) {
    if (written?.get(doc.file) === doc) continue;
    written?.set(doc.file, doc);
    const key = keyOf(tab, doc.file);
    if (isDirty(doc)) {
      const draft: Draft = { file: doc.file, data: doc.data, baseVersion: doc.version, savedAt: now, tab, ...(user !== undefined && { user }) };
      const json = JSON.stringify(draft);
      // The base as the JSON it was loaded as: no second stringify of the document on each keystroke.
      const withBase = doc.version !== null && doc.savedJson !== '' && identifiable(doc, docs) ? `${json.slice(0, -1)},"base":${doc.savedJson}}` : undefined;
      // Without its base (it then cannot follow a rename) when only that fits.
      const write = () => (withBase !== undefined && stored(store, key, withBase)) || stored(store, key, json);
      if (!write()) {
        // The earlier draft's room may be what the new one needs.
        const earlier = store.getItem(key);
        store.removeItem(key);
        if (!write()) {
          // Still no room: the earlier draft goes back, marked as lacking the last changes, so that it is offered as what it is.
          if (earlier !== null && !stored(store, key, markedIncomplete(earlier))) stored(store, key, earlier);
          written?.delete(doc.file);
          notKept.push(doc.file);
        }
      }
    } else if (store.getItem(key) !== null) {
      store.removeItem(key);
    }
  }
  // A file no longer among the documents (deleted, or its edits carried to its new name after a
  // rename elsewhere): its draft goes too, or a closed tab's recovery would recreate the file.
  for (const file of written?.keys() ?? []) {
    if (docs[file]) continue;
    written!.delete(file);
    store.removeItem(keyOf(tab, file));
  }
  return notKept;
}

/** A stored draft's JSON, marked `incomplete`. */
function markedIncomplete(json: string): string {
  try {
    return JSON.stringify({ ...(JSON.parse(json) as Draft), incomplete: true });
  } catch {
    return json;
  }
}

/** Whether the storage took the value (not when it is full, or disabled). */
function stored(store: DraftStore, key: string, value: string): boolean {
  try {
    store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
