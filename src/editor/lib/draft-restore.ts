/**
 * Restoring drafts on offer (drafts.ts): each file's first offer goes into
 * its document, unsaved, so Save writes it; a new one's makes the document.
 */
import type { Recoverable } from './drafts';
import { classifyFile } from './entries';
import { mergeJsonKeeping } from './json-merge';
import { isDirty, type Docs, type EditorDoc } from './model';

/**
 * The documents with the offered drafts' data restored (unsaved, so Save writes them): the first
 * offer of each file. A later offer of the same file conflicts with it, so it `waits`, still on
 * offer: restoring it then replaces the restored edits, which the banner says first.
 */
export function restoreDrafts(docs: Docs, offers: readonly Recoverable[]): { docs: Docs; restored: Recoverable[]; waiting: Recoverable[] } {
  const next: Record<string, EditorDoc> = { ...docs };
  const restored: Recoverable[] = [];
  const waiting: Recoverable[] = [];
  for (const offer of offers) {
    const { file, data } = offer.draft;
    if (restored.some(({ draft }) => draft.file === file)) {
      waiting.push(offer);
      continue;
    }
    restored.push(offer);
    const current = docs[file];
    next[file] = current ? { ...current, data: withEditsKept(current, offer.draft.baseVersion, data) } : newDocFor(file, data);
  }
  return { docs: next, restored, waiting };
}

/**
 * A draft's data, with the edits made here meanwhile (while the offer showed) kept where the draft
 * left their fields alone: both start from the version on disk, so they merge, the draft's value
 * taken where both changed one (restoring it is that choice). They were replaced whole.
 */
function withEditsKept(current: EditorDoc, draftBase: string | null, data: unknown): unknown {
  if (!isDirty(current) || current.savedJson === '' || draftBase !== current.version) return data;
  return mergeJsonKeeping(JSON.parse(current.savedJson), current.data, data, 'theirs').merged;
}

/** An unsaved doc for a file the drafts have and the disk does not: a new page or a new entry. */
function newDocFor(file: string, data: unknown): EditorDoc {
  const { kind, saveSlug } = classifyFile(file) ?? { kind: 'page', saveSlug: file.slice('pages/'.length, -'.json'.length) };
  return { file, kind, saveSlug, data, savedJson: '', version: null };
}
