/**
 * The side of structural changes and site problems that talks to the
 * server: reloading the editor after a delete or rename is applied, checking
 * the site's problems again, and telling the media library how an image's
 * delete or rename it asked for ended. The state itself is the store's.
 */
import { useCallback, useRef } from 'react';
import { loadState } from './api';
import type { AppliedOp } from './ContentOpsDialog';
import type { EditorDispatch } from './hooks/useEditorStore';

export function useContentOps(dispatch: EditorDispatch) {
  // The media library waits for the outcome of an image's delete or rename, to list the images again.
  const imageDone = useRef<((changed: boolean) => void) | null>(null);
  const settleImage = (changed: boolean) => {
    imageDone.current?.(changed);
    imageDone.current = null;
  };

  /** The problems as the files are on disk now. */
  const refreshProblems = useCallback(async () => {
    try {
      dispatch({ type: 'siteChecked', site: await loadState() });
    } catch (error) {
      dispatch({ type: 'notify', notice: { kind: 'error', text: `The problems could not be checked: ${(error as Error).message}` } });
    }
  }, [dispatch]);

  /** For the media library: confirm a delete or rename of an image; true when it happened. */
  const manageImage = useCallback(
    (url: string, action: 'delete' | 'rename') => {
      settleImage(false);
      dispatch({ type: 'requestOp', op: { action, target: { type: 'image', url } } });
      return new Promise<boolean>((resolve) => (imageDone.current = resolve));
    },
    [dispatch],
  );

  const closeOp = useCallback(() => {
    dispatch({ type: 'requestOp', op: null });
    settleImage(false);
  }, [dispatch]);

  /** After a delete or rename: every document is loaded again, as a move rewrites files the editor has open. */
  const applied = useCallback(
    async ({ message, route, publish }: AppliedOp) => {
      try {
        dispatch({ type: 'opApplied', payload: await loadState(), message, ...(route !== undefined && { route }) });
        if (publish) dispatch({ type: 'publishRequested', ticket: publish.ticket });
        settleImage(true);
      } catch (error) {
        dispatch({ type: 'requestOp', op: null });
        dispatch({ type: 'notify', notice: { kind: 'error', text: `${message} The editor could not reload: ${(error as Error).message}. Reload the page.` } });
        settleImage(false);
      }
    },
    [dispatch],
  );

  return { refreshProblems, manageImage, closeOp, applied };
}
