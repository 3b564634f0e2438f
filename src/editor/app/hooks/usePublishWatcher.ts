/**
 * Follows the publication of a save on the production server: asks
 * GET /api/content/publishing?ticket=N about every 300 ms, backing off to
 * 2 s, until it is live or failed, and reports that as a command. Without an
 * answer (the network, a server error) it keeps asking; a server that does not
 * know the ticket ends the watch (publishLost); without a session it stops, and
 * starts again when the session is renewed.
 */
import { useEffect } from 'react';
import type { Publishing } from '../../lib/store/state';
import { publishingState } from '../api';
import type { EditorDispatch } from './useEditorStore';

const FIRST_DELAY_MS = 300;
const MAX_DELAY_MS = 2000;
const BACKOFF = 1.5;

export function usePublishWatcher(publishing: Publishing | null, sessionRenewed: number, dispatch: EditorDispatch) {
  const ticket = publishing?.state === 'publishing' ? publishing.ticket : undefined;
  useEffect(() => {
    if (ticket === undefined) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const ask = async (delay: number) => {
      const answer = await publishingState(ticket, controller.signal);
      if (controller.signal.aborted) return;
      if (answer.state === 'live') return dispatch({ type: 'publishSettled', ticket, kept: answer.kept });
      if (answer.state === 'failed') return dispatch({ type: 'publishFailed', ticket, error: answer.error });
      // The api has told the store the session ended; sessionRenewed starts the watch again.
      if (answer.state === 'unknown' && answer.httpStatus === 401) return;
      // A server that does not know the ticket (400: restarted, or another server behind the balancer; 404: it
      // publishes nothing) will never answer otherwise.
      if (answer.state === 'unknown' && (answer.httpStatus === 400 || answer.httpStatus === 404)) return dispatch({ type: 'publishLost', ticket, error: answer.error });
      const next = Math.min(delay * BACKOFF, MAX_DELAY_MS);
      timer = setTimeout(() => void ask(next), delay);
    };
    timer = setTimeout(() => void ask(FIRST_DELAY_MS), FIRST_DELAY_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [ticket, sessionRenewed, dispatch]);
}
