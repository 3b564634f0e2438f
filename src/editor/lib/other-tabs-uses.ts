/**
 * What another open tab's unsaved changes do with a thing about to be deleted or renamed here.
 * Those changes are only in that tab (and its drafts in the browser's storage), not on the server,
 * so the dialog's own search missed them: it said "Nothing on the site uses it" of an image
 * another tab had just put on a page, and that tab's save was refused after the delete.
 */
import { referrersOf, type NamedReferrer, type OpTarget } from './content-ops';
import type { MarkdownReader } from '../../engine/references';
import { restoreDrafts, type Draft } from './drafts';
import type { Docs } from './model';

export interface OtherTabsUses {
  /** The places those changes use it and this tab's documents do not, by document. */
  uses: NamedReferrer[];
  /** The documents as the other tabs have them, to name those places by. */
  docs: Docs;
}

/** The newest draft of each file. Two open tabs with changes to one file is rare; the later one is what would be saved last. */
function newestByFile(drafts: readonly Draft[]): Draft[] {
  const newest = new Map<string, Draft>();
  for (const draft of drafts) if ((newest.get(draft.file)?.savedAt ?? -Infinity) < draft.savedAt) newest.set(draft.file, draft);
  return [...newest.values()];
}

/** Where other open tabs' unsaved documents (their drafts) use `target` beyond where this tab's documents do. */
export function usesInOtherTabs(docs: Docs, drafts: readonly Draft[], target: OpTarget, markdown?: MarkdownReader): OtherTabsUses {
  const latest = newestByFile(drafts);
  if (latest.length === 0) return { uses: [], docs };
  const offers = latest.map((draft) => ({ draft, changedOnDisk: false, isNew: !docs[draft.file], keys: [], savedAt: [draft.savedAt] }));
  const theirs = restoreDrafts(docs, offers).docs;
  const here = new Map(referrersOf(docs, target, markdown).map((referrer) => [referrer.file, new Set(referrer.pointers)]));
  const drafted = new Set(latest.map((draft) => draft.file));
  const uses = referrersOf(theirs, target, markdown).flatMap((referrer) => {
    if (!drafted.has(referrer.file)) return [];
    const pointers = referrer.pointers.filter((pointer) => !here.get(referrer.file)?.has(pointer));
    return pointers.length ? [{ ...referrer, pointers }] : [];
  });
  return { uses, docs: theirs };
}
