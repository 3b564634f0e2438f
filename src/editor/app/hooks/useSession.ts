/**
 * The session's side that talks to the server, for the store's session
 * state: any request answered 401 ends the session (`sessionEnded`); while
 * signed out, Try again or coming back to the tab (after signing in in
 * another one) asks GET /api/auth/session; and Sign out, once the store has
 * decided on it, ends the session on the server and goes to the sign-in page.
 * The tab acts for the user who opened it: every request names them (actFor),
 * and coming back to the tab asks who is signed in, so that someone else
 * signing in on this browser opens the editor afresh (sessionResumed).
 * The unsaved documents are never touched here: the drafts keep them.
 */
import { useEffect, useRef } from 'react';
import type { Session } from '../../lib/store/state';
import { actFor, checkSession, signOut, whenSignedOut } from '../api';
import type { EditorDispatch } from './useEditorStore';

export const SIGN_IN_PATH = '/editor/sign-in';

export function useSession({ status, user, dev }: Session, dispatch: EditorDispatch) {
  // During the first render, before any request: the children's effects run before this component's.
  const named = useRef(false);
  if (!named.current) {
    actFor(user.name);
    named.current = true;
  }

  // A 401 for this tab's user while someone else is signed in: ask who at once, and the tab opens afresh for them.
  useEffect(
    () =>
      whenSignedOut((otherUser) => {
        dispatch({ type: 'sessionEnded' });
        if (otherUser) dispatch({ type: 'checkSession' });
      }),
    [dispatch],
  );

  // Back in this tab while signed in: someone else may have signed in on this browser meanwhile.
  useEffect(() => {
    if (status !== 'signed-in' || dev) return;
    let current = true;
    // Focus comes back from the preview's frame often: one question at a time is enough.
    let asking = false;
    const recheck = () => {
      if (document.visibilityState !== 'visible' || asking) return;
      asking = true;
      void checkSession().then((result) => {
        asking = false;
        if (current && result.ok) dispatch({ type: 'sessionResumed', user: result.user });
      });
    };
    window.addEventListener('focus', recheck);
    document.addEventListener('visibilitychange', recheck);
    return () => {
      current = false;
      window.removeEventListener('focus', recheck);
      document.removeEventListener('visibilitychange', recheck);
    };
  }, [status, dev, dispatch]);

  useEffect(() => {
    if (status !== 'checking') return;
    let current = true;
    void checkSession().then((result) => {
      if (current) dispatch(result.ok ? { type: 'sessionResumed', user: result.user } : { type: 'sessionCheckFailed', problem: result.problem });
    });
    return () => {
      current = false;
    };
  }, [status, dispatch]);

  // Back from the sign-in tab: check at once, rather than wait for Try again.
  useEffect(() => {
    if (status !== 'signed-out') return;
    const recheck = () => document.visibilityState === 'visible' && dispatch({ type: 'checkSession' });
    window.addEventListener('focus', recheck);
    document.addEventListener('visibilitychange', recheck);
    return () => {
      window.removeEventListener('focus', recheck);
      document.removeEventListener('visibilitychange', recheck);
    };
  }, [status, dispatch]);

  // Someone else signed in: the editor opens afresh for them. The reload's pagehide stores this tab's edits as its first user's drafts.
  useEffect(() => {
    if (status === 'switching-user') window.location.reload();
  }, [status]);

  useEffect(() => {
    if (status !== 'signing-out') return;
    void signOut().then((result) => {
      if (result.ok) window.location.assign(`${SIGN_IN_PATH}?signed-out`);
      else dispatch({ type: 'signOutFailed', error: result.error });
    });
  }, [status, dispatch]);
}
