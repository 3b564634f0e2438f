/**
 * For a request that found no server (offline, the server restarting): `attempt` counts up when the
 * browser says it is back online, and every `everyMs` while `unreachable`, so an effect that
 * depends on it tries again by itself; the preview once waited for the next keystroke.
 */
import { useEffect, useState } from 'react';

export function useRetryWhileUnreachable(everyMs: number) {
  const [unreachable, setUnreachable] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!unreachable) return;
    const again = () => setAttempt((count) => count + 1);
    const timer = setTimeout(again, everyMs);
    window.addEventListener('online', again);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', again);
    };
  }, [unreachable, attempt, everyMs]);
  return { unreachable, setUnreachable, attempt };
}
