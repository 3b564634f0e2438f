/**
 * The messages under the top bar: what other tabs are changing, the latest notice (its problem
 * lines link to their fields), and the toast that offers a removed section back. The offer of an
 * earlier session's drafts is in RecoveryBanner.tsx.
 */
import { useEffect } from 'react';
import { docName } from '../lib/content-ops';
import type { Docs } from '../lib/model';
import type { EditorState } from '../lib/store/state';
import type { EditorDispatch } from './hooks/useEditorStore';

const TOAST_MS = 10_000;
const SUCCESS_MS = 6_000;

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
  const banner = (
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
  // A success goes by itself after a few seconds: it floats over the top of the panes, not in
  // their flow, so they are not pushed down and back up under the pointer. A problem or a
  // question stays until it is answered, so it takes its place above them. One wrapper either
  // way: the banner, a live region, is not remounted when one kind follows another.
  return <div className={notice.kind === 'success' ? 'notice-slot notice-float' : 'notice-slot'}>{banner}</div>;
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
