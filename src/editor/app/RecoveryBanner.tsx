/**
 * The offer of drafts from an earlier session (a closed tab, a crash): each document by its name,
 * what the draft changed, and what restoring would do. Restore puts them back, unsaved; Discard
 * asks first, naming what goes, since nothing can bring a discarded draft back.
 */
import { entryOfFile } from '../lib/entries';
import { discardDrafts, keepRestored, restoreDrafts } from '../lib/drafts';
import { offeredDraftChanges, offeredDraftName } from '../lib/draft-offer';
import { THIS_TAB } from './tab-presence';
import { isDirty, type Docs, type EditorUser } from '../lib/model';
import { mayWrite } from '../lib/permissions';
import type { EditorState } from '../lib/store/state';
import type { EditorDispatch } from './hooks/useEditorStore';
import { Dialog } from './dialogs';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The name a file had, as people know it: a page's address, an entry's slug, a file's name. */
function formerName(file: string): string {
  const entry = entryOfFile(file);
  if (entry) return entry.slug;
  return file.startsWith('pages/') ? `/${file.slice('pages/'.length, -'.json'.length)}` : file.slice(file.lastIndexOf('/') + 1);
}

const when = (savedAt: number) => new Date(savedAt).toLocaleString();

/** When the offer's drafts were written; several tabs' drafts merged say so, since each tab's work is in it. */
function draftTimes({ savedAt }: EditorState['recovery'][number]): string {
  return savedAt.length === 1 ? `from ${when(savedAt[0]!)}` : `${savedAt.length} tabs’ drafts merged, from ${savedAt.map(when).join(' and ')}`;
}

/** What restoring this offer would do beyond the obvious, and what it lacks: never replace anyone's work, nor lose any, unsaid. */
function draftWarning(docs: Docs, recovery: EditorState['recovery'], index: number): string {
  const lacking = recovery[index]!.draft.incomplete ? ' (it lacks the last changes made before the tab closed: the browser’s storage was full)' : '';
  return `${restoreWarning(docs, recovery, index)}${lacking}`;
}

function restoreWarning(docs: Docs, recovery: EditorState['recovery'], index: number): string {
  const offered = recovery[index]!;
  const current = docs[offered.draft.file];
  if (recovery.slice(0, index).some(({ draft }) => draft.file === offered.draft.file)) {
    return ': another tab’s draft, whose changes conflict with the one above; it stays on offer once that one is restored';
  }
  if (offered.movedFrom) {
    const there = offered.changedOnDisk ? '; it was changed there too, and restoring takes your values where both changed one' : '';
    return `: renamed since (it was “${formerName(offered.movedFrom)}”), and your changes are carried to it${there}`;
  }
  if (offered.gone && !offered.isNew) return ': it was deleted since, and another page has its address now: restoring replaces that page with this draft';
  if (offered.gone) return ': it was renamed or deleted since, so restoring makes it again under its old name';
  if (current && isDirty(current)) return ': restoring it replaces your unsaved changes to it';
  if (offered.mergedWithSave) return ': it was saved since, and your changes are merged with that save';
  if (offered.changedOnDisk) return ': it was saved since (by someone else, or in another tab) with changes to the same fields; restoring and saving will replace those changes';
  return '';
}

export function RecoveryBanner({ recovery, docs, user, dispatch }: Pick<EditorState, 'recovery' | 'docs'> & { user: EditorUser; dispatch: EditorDispatch }) {
  if (recovery.length === 0) return null;
  // Drafts of files the role may not change are not restored (restoreDrafts): they stay stored, and on offer.
  const restorable = recovery.filter(({ draft }) => mayWrite(user, draft.file));
  const restore = () => {
    // Only what is restored is forgotten, and only once it is this tab's draft: a crash in between loses neither.
    const { docs: next, restored } = restoreDrafts(docs, restorable);
    keepRestored(window.localStorage, THIS_TAB, next, restored, user.name);
    dispatch({ type: 'restoreDrafts' });
  };
  const files = new Set(recovery.map(({ draft }) => draft.file)).size;
  return (
    <div className="banner banner-recovery" role="alert">
      <div>
        <p>
          Unsaved changes from an earlier session were found for {plural(files, 'document')}
          {files < recovery.length && ` (${plural(recovery.length, 'draft')})`}.
        </p>
        <ul>
          {recovery.map((offered, index) => (
            <li key={offered.keys.join(' ')}>
              {offeredDraftName(docs, offered)}, {draftTimes(offered)}
              {draftWarning(docs, recovery, index)}
              {!mayWrite(user, offered.draft.file) && ' (only an administrator can restore it)'}
              <br />
              Changed: {offeredDraftChanges(docs, offered)}
            </li>
          ))}
        </ul>
      </div>
      <div className="banner-actions">
        <button type="button" className="btn btn-small btn-primary" onClick={restore} disabled={restorable.length === 0}>
          Restore
        </button>
        <button type="button" className="btn btn-small" onClick={() => dispatch({ type: 'openDialog', dialog: { kind: 'discard-drafts' } })}>
          Discard…
        </button>
      </div>
    </div>
  );
}

/** Asks before the drafts on offer are thrown away, naming each document and what it changed: there is no Undo for it. */
export function DiscardDraftsDialog({ recovery, docs, dispatch }: Pick<EditorState, 'recovery' | 'docs'> & { dispatch: EditorDispatch }) {
  const close = () => dispatch({ type: 'openDialog', dialog: null });
  const discard = () => {
    discardDrafts(window.localStorage, recovery);
    dispatch({ type: 'discardDrafts' });
  };
  const one = recovery.length === 1;
  return (
    <Dialog title={one ? 'Discard these unsaved changes?' : `Discard ${recovery.length} sets of unsaved changes?`} onClose={close}>
      <p>These changes were never saved. Discarding them deletes them from this device, and they cannot be brought back:</p>
      <ul>
        {recovery.map((offered) => (
          <li key={offered.keys.join(' ')}>
            <strong>{offeredDraftName(docs, offered)}</strong>, {draftTimes(offered)}. Changed: {offeredDraftChanges(docs, offered)}
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={close} data-autofocus>
          Keep {one ? 'it' : 'them'}
        </button>
        <button type="button" className="btn btn-danger-solid" onClick={discard}>
          Discard {one ? 'it' : 'them'}
        </button>
      </div>
    </Dialog>
  );
}
