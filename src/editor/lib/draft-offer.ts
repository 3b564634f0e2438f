/**
 * How a draft from an earlier session is described where it is offered (the restore banner) and
 * where discarding it is confirmed: by its document's name and the fields it changed, so nobody
 * restores or throws away work they cannot recognise.
 */
import { changedFields } from './change-summary';
import { docName } from './doc-name';
import { restoreDrafts, type Recoverable } from './drafts';
import type { Docs } from './model';

/** The documents with this draft restored: its title as the draft has it, and its changes against the saved version. */
const withDraft = (docs: Docs, offered: Recoverable) => restoreDrafts(docs, [offered]).docs;

/** How people know a draft's document: by its title as the draft has it (a new one's too). */
export function offeredDraftName(docs: Docs, offered: Recoverable): string {
  const name = docName(withDraft(docs, offered), offered.draft.file);
  return offered.isNew && !offered.gone ? `${name}, new` : name;
}

/** What the draft changes, in the forms' words ("Page header › Title, SEO title"); a new document's draft is the whole of it. */
export function offeredDraftChanges(docs: Docs, offered: Recoverable): string {
  const doc = withDraft(docs, offered)[offered.draft.file];
  if (offered.isNew || !doc) return 'everything in it (it was never saved)';
  return changedFields(docs, doc) ?? 'its content';
}
