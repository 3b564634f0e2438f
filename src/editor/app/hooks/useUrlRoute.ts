/**
 * The route is in the address bar: opening a page pushes `/editor/<slug>`,
 * and Back and Forward open what the address says.
 */
import { useEffect } from 'react';
import type { EditorDispatch } from './useEditorStore';

const routeOfPath = (pathname: string) => decodeURIComponent(pathname).replace(/^\/editor\/?/, '').replace(/\/$/, '') || null;

export function useUrlRoute(route: string | null, dispatch: EditorDispatch) {
  useEffect(() => {
    const wanted = route === null ? '/editor' : `/editor/${route}`;
    if (routeOfPath(location.pathname) !== route) history.pushState({ route }, '', wanted);
  }, [route]);

  useEffect(() => {
    const onPop = () => dispatch({ type: 'openRoute', route: routeOfPath(location.pathname) });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [dispatch]);
}
