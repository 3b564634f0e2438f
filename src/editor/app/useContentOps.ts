/**
 * Structural changes and the site's problems, for the editor app: which
 * delete or rename is being confirmed, reloading the editor after one is
 * applied, the Problems panel's list (refreshed after every save), and going
 * to the failing field of a problem.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch } from 'react';
import type { Docs, EditorPayload } from '../lib/model';
import { fieldElement, problemFiles, type ProblemLocation } from '../lib/problems';
import { loadState } from './api';
import type { AppliedOp, OpRequest } from './ContentOpsDialog';
import type { Action } from './useEditorState';

interface Options {
  payload: EditorPayload;
  docs: Docs;
  dispatch: Dispatch<Action>;
  /** Opens a route (a page slug, `~posts/<slug>`), or the editor's start (null). */
  goTo(route: string | null): void;
  select(index: number | null): void;
  notify(kind: 'success' | 'error' | 'info', text: string): void;
}

export function useContentOps({ payload, docs, dispatch, goTo, select, notify }: Options) {
  const [site, setSite] = useState<Pick<EditorPayload, 'problems' | 'siteProblems'>>(payload);
  const [request, setRequest] = useState<OpRequest | null>(null);
  const [problemsOpen, setProblemsOpen] = useState(false);
  const [focusField, setFocusField] = useState<{ field: string; at: number } | null>(null);
  // The media library waits for the outcome of an image's delete or rename, to list the images again.
  const imageDone = useRef<((changed: boolean) => void) | null>(null);

  const problems = useMemo(() => problemFiles(site, docs), [site, docs]);

  /** The problems as the files are on disk now; after a save or a fix elsewhere. */
  const refreshProblems = useCallback(async () => {
    try {
      setSite(await loadState());
    } catch (error) {
      notify('error', `The problems could not be checked: ${(error as Error).message}`);
    }
  }, [notify]);

  const requestOp = useCallback((next: OpRequest) => setRequest(next), []);

  /** For the media library: confirm a delete or rename of an image; true when it happened. */
  const manageImage = useCallback((url: string, action: 'delete' | 'rename') => {
    imageDone.current?.(false);
    setRequest({ action, target: { type: 'image', url } });
    return new Promise<boolean>((resolve) => (imageDone.current = resolve));
  }, []);

  const closeOp = useCallback(() => {
    setRequest(null);
    imageDone.current?.(false);
    imageDone.current = null;
  }, []);

  /**
   * After a delete or rename: every document is loaded again (a move rewrites
   * files the editor has open), so the undo history starts afresh: its steps
   * would restore files under names that no longer exist.
   */
  const applied = useCallback(
    async ({ message, route }: AppliedOp) => {
      setRequest(null);
      try {
        const fresh = await loadState();
        dispatch({ type: 'load', payload: fresh });
        setSite(fresh);
      } catch (error) {
        notify('error', `${message} The editor could not reload: ${(error as Error).message}. Reload the page.`);
        return;
      }
      // A renamed shared section or image stays selected where it is: only a moved or deleted page or entry changes the route.
      if (route !== undefined) goTo(route);
      notify('success', message);
      imageDone.current?.(true);
      imageDone.current = null;
    },
    [dispatch, goTo, notify],
  );

  const openProblem = useCallback(
    (location: ProblemLocation) => {
      setProblemsOpen(false);
      goTo(location.route);
      select(location.section);
      setFocusField({ field: location.field, at: Date.now() });
    },
    [goTo, select],
  );

  // Focus the failing field once its form is on screen (a few frames: the route, then the form, render).
  useEffect(() => {
    if (!focusField) return;
    let frames = 0;
    let handle = 0;
    const attempt = () => {
      const inspector = document.querySelector('.inspector');
      const input = inspector && (focusField.field ? fieldElement(inspector, focusField.field) : null);
      if (input) {
        input.scrollIntoView({ block: 'center' });
        input.focus();
      } else if ((frames += 1) < 30) handle = requestAnimationFrame(attempt);
      else (inspector?.querySelector<HTMLElement>('input, textarea, select'))?.focus();
    };
    handle = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(handle);
  }, [focusField]);

  return { problems, refreshProblems, request, requestOp, manageImage, closeOp, applied, problemsOpen, setProblemsOpen, openProblem };
}
