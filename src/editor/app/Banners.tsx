/**
 * The messages under the top bar: what other tabs are changing, the latest notice (its problem
 * lines link to their fields), and the toast that offers a removed section back. The offer of an
 * earlier session's drafts is in RecoveryBanner.tsx.
 */
import { useEffect, useState } from 'react';
import { docName } from '../lib/content-ops';
import type { Docs } from '../lib/model';
import { noticeFloats, noticeShownMs } from '../lib/notice-display';
import type { EditorState, Notice } from '../lib/store/state';
import type { EditorDispatch } from './hooks/useEditorStore';

const TOAST_MS = 10_000;

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
  const floats = notice !== null && noticeFloats(notice);
  // A finished action's notice goes after a while, unlike a problem or a question; not while it is
  // being read (the pointer on it) or its × is focused. Held by notice: one dismissed while held
  // (its × clicked) leaves no pointer or focus to let go of it, and the next must still go.
  const [heldFor, setHeldFor] = useState<Notice | null>(null);
  const held = notice !== null && heldFor === notice;
  useEffect(() => {
    if (!notice || !floats || held) return;
    const timer = setTimeout(() => dispatch({ type: 'notify', notice: null }), noticeShownMs(notice));
    return () => clearTimeout(timer);
  }, [notice, floats, held, dispatch]);
  if (!notice) return null;
  const hold = floats ? { onPointerEnter: () => setHeldFor(notice), onPointerLeave: () => setHeldFor(null), onFocus: () => setHeldFor(notice), onBlur: () => setHeldFor(null) } : {};
  const banner = (
    <div className={`banner banner-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'} {...hold}>
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
  // A finished action's notice floats over the top of the preview, not in the panes' flow, so they
  // are not pushed down and back up under the pointer (notice-display.ts). A problem or a question
  // takes its place above them. One wrapper either way: the banner, a live region, is not remounted
  // when one kind follows another.
  return <div className={floats ? 'notice-slot notice-float' : 'notice-slot'}>{banner}</div>;
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
