/**
 * The messages under the top bar: drafts from an earlier session to restore,
 * the latest notice (its problem lines link to their fields), and the toast
 * that offers a removed section back.
 */
import { useEffect } from 'react';
import { docName } from '../lib/content-ops';
import { entryOfFile } from '../lib/entries';
import { discardDrafts, keepRestored, restoreDrafts } from '../lib/drafts';
import { THIS_TAB } from './tab-presence';
import { isDirty, type Docs, type EditorUser } from '../lib/model';
import { mayWrite } from '../lib/permissions';
import type { EditorState } from '../lib/store/state';
import type { EditorDispatch } from './hooks/useEditorStore';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const TOAST_MS = 10_000;
const SUCCESS_MS = 6_000;

/** How people know a draft's document: by its title as the draft has it (a new one's too). */
function draftName(docs: Docs, offered: EditorState['recovery'][number]): string {
  const name = docName(restoreDrafts(docs, [offered]).docs, offered.draft.file);
  return offered.isNew && !offered.gone ? `${name}, new` : name;
}

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
  const settle = (restore: boolean) => {
    if (restore) {
      // Only what is restored is forgotten, and only once it is this tab's draft: a crash in between loses neither.
      const { docs: next, restored } = restoreDrafts(docs, restorable);
      keepRestored(window.localStorage, THIS_TAB, next, restored, user.name);
    } else discardDrafts(window.localStorage, recovery);
    dispatch({ type: restore ? 'restoreDrafts' : 'discardDrafts' });
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
              {draftName(docs, offered)}, {draftTimes(offered)}
              {draftWarning(docs, recovery, index)}
              {!mayWrite(user, offered.draft.file) && ' (only an administrator can restore it)'}
            </li>
          ))}
        </ul>
      </div>
      <div className="banner-actions">
        <button type="button" className="btn btn-small btn-primary" onClick={() => settle(true)} disabled={restorable.length === 0}>
          Restore
        </button>
        <button type="button" className="btn btn-small" onClick={() => settle(false)}>
          Discard
        </button>
      </div>
    </div>
  );
}

/** Files another open editor tab has unsaved changes to: saved from both tabs, the second save is asked to reload or overwrite. */
export function OpenElsewhereBanner({ openElsewhere, docs }: Pick<EditorState, 'openElsewhere'> & { docs: Docs }) {
  if (openElsewhere.length === 0) return null;
  return (
    <div className="banner banner-info" role="status">
      <div>
        <p>Another tab of the editor has unsaved changes to:</p>
        <ul>
          {openElsewhere.map((file) => (
            <li key={file}>{docName(docs, file)}</li>
          ))}
        </ul>
        <p>Save or close them there before you change the same here: if both tabs save, the second one’s edits are put together with the first one’s, and where both changed the same field it asks which to keep.</p>
      </div>
    </div>
  );
}

export function NoticeBanner({ notice, dispatch }: Pick<EditorState, 'notice'> & { dispatch: EditorDispatch }) {
  // A success says what the save status line says too: it goes after a while, unlike a problem or a question.
  useEffect(() => {
    if (notice?.kind !== 'success') return;
    const timer = setTimeout(() => dispatch({ type: 'notify', notice: null }), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [notice, dispatch]);
  if (!notice) return null;
  return (
    <div className={`banner banner-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      <div>
        <p>{notice.text}</p>
        {notice.details && (
          <ul>
            {notice.details.map(({ text, location }) => (
              <li key={text}>
                {location ? (
                  <button type="button" className="link-button" onClick={() => dispatch({ type: 'goToField', location })}>
                    {text}
                  </button>
                ) : (
                  text
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => dispatch({ type: 'notify', notice: null })} aria-label="Dismiss message">
        ×
      </button>
    </div>
  );
}

export function RemovedToast({ removed, dispatch }: Pick<EditorState, 'removed'> & { dispatch: EditorDispatch }) {
  useEffect(() => {
    if (!removed) return;
    const timer = setTimeout(() => dispatch({ type: 'dismissRemoved' }), TOAST_MS);
    return () => clearTimeout(timer);
  }, [removed, dispatch]);
  if (!removed) return null;
  return (
    <div className="toast" role="status">
      {removed.sharedFile ? `Removed ${removed.label} from this page; the shared section itself stays, on the pages that show it.` : `Deleted ${removed.label}.`}
      <button type="button" className="btn btn-small" onClick={() => dispatch({ type: 'restoreRemoved' })}>
        Undo
      </button>
      {/* It covers the bottom of the form for its ten seconds (on a phone, a button there): it can go at once. */}
      <button
        type="button"
        className="toast-close"
        aria-label="Dismiss"
        onClick={() => {
          // The button goes with the note: the keyboard's focus goes to the sections, not to the page's start.
          document.getElementById('editor-sidebar')?.focus();
          dispatch({ type: 'dismissRemoved' });
        }}
      >
        ×
      </button>
    </div>
  );
}
