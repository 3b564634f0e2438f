/**
 * Drafts of documents renamed since they were written (drafts.ts): a draft
 * names its file, and restoring it there would make the renamed document
 * again under its old name, a duplicate, with the edits not reaching it.
 */
import { entryOfFile } from './entries';
import { mergeJsonKeeping, sameJson } from './json-merge';
import type { Docs } from './model';
import { sameDocumentAmong, withoutSlug } from './server-docs';
import type { StoredDraft } from './drafts';

/**
 * The drafts, by file, with each draft of a document renamed since (its file gone, and one document
 * now being it: server-docs.ts sameDocumentAmong) carried to the new file: its edits merged onto
 * what is there (the draft's value where both changed a field, as Restore chooses), on its version.
 */
export function followingRenames(byFile: Map<string, StoredDraft[]>, docs: Docs): Map<string, StoredDraft[]> {
  const followed = new Map<string, StoredDraft[]>();
  const add = (stored: StoredDraft) => followed.set(stored.draft.file, [...(followed.get(stored.draft.file) ?? []), stored]);
  for (const [file, drafts] of byFile) {
    for (const stored of drafts) {
      const { draft } = stored;
      const entry = entryOfFile(file);
      const movedTo = !docs[file] && draft.baseVersion !== null && draft.base !== undefined ? sameDocumentAmong(draft.base, entry ? 'entry' : file.startsWith('pages/') ? 'page' : 'shared', entry?.collection, Object.values(docs)) : undefined;
      if (!movedTo || movedTo.version === null || movedTo.savedJson === '') {
        add(stored);
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
