/**
 * Unsaved edits survive a crash or a closed tab: every change is stored as a
 * draft when the browser is idle (never while a key is being handled), and
 * whatever is still waiting is written at once when the page is hidden or
 * closed (`pagehide`), so the last keystroke is never lost. When the
 * browser's storage refuses them (full), `notify` says so: then only Save keeps them.
 */
import { useEffect, useRef } from 'react';
import { draftsNotKeptNotice, isDraftKeyOf, persistDrafts } from '../../lib/drafts';
import type { Notice } from '../../lib/store/state';
import type { Docs, EditorDoc } from '../../lib/model';
import { THIS_TAB } from '../tab-presence';
import { whenIdle } from '../when-idle';

// Safari has no idle callbacks: there, a timer after the current task.
const DRAFT_IDLE = { timeout: 250, fallback: 0 };

/**
 * `user`: who signed in when the tab opened (drafts are offered back only to whoever wrote them).
 * Taken once: a tab never changes hands, since another user who signs in reloads it
 * (sessionResumed), and the `pagehide` before the reload stores this user's edits as theirs.
 */
export function useDraftKeeping(docs: Docs, user: string, notify: (notice: Notice) => void) {
  const latest = useRef(docs);
  const written = useRef(new Map<string, EditorDoc>());
  /** The files whose drafts the storage last refused, as one key: the notice shows once for each new set. */
  const refused = useRef('');
  const flush = useRef(() => {
    const notKept = persistDrafts(window.localStorage, THIS_TAB, latest.current, Date.now(), written.current, user);
    const key = notKept.join('\n');
    if (key !== refused.current && notKept.length > 0) notify(draftsNotKeptNotice(latest.current, notKept));
    refused.current = key;
  });

  /** Cancels the write that waits, if one does. */
  const pending = useRef<(() => void) | null>(null);

  // One write waits at a time: typing keeps replacing what it will write, and never postpones it past the timeout.
  useEffect(() => {
    latest.current = docs;
    pending.current ??= whenIdle(() => {
      pending.current = null;
      flush.current();
    }, DRAFT_IDLE);
  }, [docs]);
  // Unmounted (the editor closed, or failed and replaced by its fault screen): what waits is written now, not dropped.
  useEffect(
    () => () => {
      if (pending.current === null) return;
      pending.current();
      pending.current = null;
      flush.current();
    },
    [],
  );

  useEffect(() => {
    const now = () => flush.current();
    const onHidden = () => document.visibilityState === 'hidden' && now();
    // Another tab removed one of this tab's drafts (one without Web Locks takes every other tab's
    // drafts for a closed tab's, and may discard them): this tab writes them all again.
    const onStorage = (event: StorageEvent) => {
      if (event.newValue !== null || !isDraftKeyOf(THIS_TAB, event.key)) return;
      written.current.clear();
      now();
    };
    window.addEventListener('pagehide', now);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('pagehide', now);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
}
