/**
 * Drafts of documents renamed, or saved, since they were written (drafts.ts):
 * a draft names its file and the version it started from, and restoring it
 * as it is would make a renamed document again under its old name (a
 * duplicate the edits never reach), or replace what was saved meanwhile.
 */
import { classifyFile, entryCollectionOf, entryOfFile } from './entries';
import { mergeJson, mergeJsonKeeping, sameJson } from './json-merge';
import type { Docs, EditorDoc } from './model';
import { idOf, sameDocumentAmong, withoutSlug } from './server-docs';
import type { StoredDraft } from './drafts';

/**
 * Whether a draft of `doc` could tell it again once it is renamed: it has an id (pages and shared
 * documents; ids are unique), or no other document of its kind (and collection) has its content as
 * loaded. Two entries alike would let a draft of one, deleted since, be carried to the other.
 */
export function identifiable(doc: EditorDoc, docs: Docs): boolean {
  if (idOf(doc.data) !== undefined) return true;
  const collection = doc.kind === 'entry' ? entryCollectionOf(doc) : undefined;
  return !Object.values(docs).some((other) => other !== doc && other.kind === doc.kind && (collection === undefined || entryCollectionOf(other) === collection) && other.savedJson === doc.savedJson);
}

/**
 * A draft of a document saved since it was written (by someone else, or by this user's own save
 * just before the tab closed), on the version saved: its edits merged onto that save when they
 * merge (`mergedWithSave`), so restoring keeps both and the banner blames no one. As it was when
 * they changed the same field differently, or when the draft has no base to merge from.
 */
function rebasedOnSave(stored: StoredDraft, here: EditorDoc): StoredDraft {
  const { draft } = stored;
  if (draft.base === undefined || draft.baseVersion === here.version || here.version === null || here.savedJson === '') return stored;
  const saved = JSON.parse(here.savedJson) as unknown;
  const merge = mergeJson(draft.base, saved, draft.data);
  return merge ? { ...stored, draft: { ...draft, data: merge.merged, baseVersion: here.version, base: saved }, mergedWithSave: true } : stored;
}

/**
 * The drafts, by file, with each draft of a document renamed since carried to the new file: its
 * file is gone, or holds another page now (another id), and one document now is it (server-docs.ts
 * sameDocumentAmong). Its edits are merged onto what is there (the draft's value where both
 * changed a field, as Restore chooses), on its version. A draft whose file holds another page and
 * that is found nowhere is marked `replaced`: restoring it would replace that page.
 */
export function followingRenames(byFile: Map<string, StoredDraft[]>, docs: Docs): Map<string, StoredDraft[]> {
  const followed = new Map<string, StoredDraft[]>();
  const add = (stored: StoredDraft) => followed.set(stored.draft.file, [...(followed.get(stored.draft.file) ?? []), stored]);
  for (const [file, drafts] of byFile) {
    for (const stored of drafts) {
      const { draft } = stored;
      const here = docs[file];
      const replaced = here !== undefined && idOf(draft.base) !== undefined && idOf(here.data) !== idOf(draft.base);
      const kind = classifyFile(file)?.kind ?? 'page';
      const collection = entryOfFile(file)?.collection;
      // An entry (no id) changed here since may be another entry renamed onto its file: it is looked for elsewhere first.
      const lookElsewhere = !here || replaced || (here.version !== draft.baseVersion && idOf(draft.base) === undefined);
      const others = () => Object.values(docs).filter((doc) => doc.file !== file);
      const found = lookElsewhere && draft.baseVersion !== null && draft.base !== undefined ? sameDocumentAmong(draft.base, kind, collection, others()) : undefined;
      const movedTo = found && found.version !== null && found.savedJson !== '' ? found : undefined;
      if (here && !replaced && !movedTo) {
        add(rebasedOnSave(stored, here));
        continue;
      }
      if (!movedTo) {
        add(replaced ? { ...stored, replaced } : stored);
        continue;
      }
      const there = JSON.parse(movedTo.savedJson) as unknown;
      const data = mergeJsonKeeping(draft.base, there, draft.data, 'theirs').merged;
      const changedSinceMove = !sameJson(withoutSlug(there), withoutSlug(draft.base));
      add({ key: stored.key, draft: { ...draft, file: movedTo.file, data, baseVersion: movedTo.version, base: there }, movedFrom: file, changedSinceMove });
    }
  }
  // Carried drafts join the new file's own, newest first.
  for (const drafts of followed.values()) drafts.sort((a, b) => b.draft.savedAt - a.draft.savedAt);
  return followed;
}
