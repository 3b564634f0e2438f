/**
 * The banner of an ended session: the edits are kept on this device (the
 * drafts), Sign in again opens the sign-in page in a new tab (this one keeps
 * the edits on screen), and Try again asks the server whether there is a
 * session now. Coming back to this tab asks too (hooks/useSession.ts).
 */
import type { Session } from '../lib/store/state';
import type { EditorDispatch } from './hooks/useEditorStore';
import { SIGN_IN_PATH } from './hooks/useSession';

interface Props {
  session: Session;
  /** The open page or entry, for the sign-in page to return to. */
  route: string | null;
  unsaved: number;
  dispatch: EditorDispatch;
}

export function SessionBanner({ session, route, unsaved, dispatch }: Props) {
  if (session.status !== 'signed-out' && session.status !== 'checking') return null;
  const checking = session.status === 'checking';
  const next = route === null ? '/editor' : `/editor/${route}`;
  const kept = unsaved === 0 ? 'You have no unsaved changes.' : `Your ${unsaved === 1 ? 'unsaved change is' : `${unsaved} unsaved changes are`} kept on this device, and saving waits until you are signed in again.`;
  return (
    <div className="banner banner-session" role="alert">
      <div>
        <p>
          <strong>Your session has ended.</strong> {kept} Sign in again in a new tab, then come back here.
        </p>
        {session.problem && <p className="banner-problem">{session.problem}</p>}
      </div>
      <div className="banner-actions">
        <a className="btn btn-small btn-primary" href={`${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`} target="_blank" rel="noopener">
          Sign in again<span className="visually-hidden"> (opens in a new tab)</span> ↗
        </a>
        <button type="button" className="btn btn-small" onClick={() => dispatch({ type: 'checkSession' })} disabled={checking}>
          {checking ? 'Checking…' : 'Try again'}
        </button>
      </div>
    </div>
  );
}
