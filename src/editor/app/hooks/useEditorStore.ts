/**
 * The editor's one store, for React: `useReducer` over the named commands.
 * A reducer, not zustand: the state is one value owned by one island, the
 * commands are plain functions tests call directly, and React's own
 * batching is all the scheduling it needs, with no dependency to add.
 */
import { useCallback, useEffect, useReducer, useRef, type Dispatch } from 'react';
import { isDraftKey, openElsewhere, recoverable } from '../../lib/drafts';
import type { EditorPayload } from '../../lib/model';
import { initialState, type EditorState } from '../../lib/store/state';
import { run, type Command } from '../../lib/store/store';
import { announceThisTab, liveTabs, tabsAreKnown, THIS_TAB, whenTabCloses } from '../tab-presence';

export type EditorDispatch = Dispatch<Command>;

const start = ({ payload, route }: { payload: EditorPayload; route: string | null }): EditorState => initialState(payload, route);

export function useEditorStore(payload: EditorPayload, route: string | null): [EditorState, EditorDispatch] {
  const [state, dispatch] = useReducer(run, { payload, route }, start);
  const docs = useRef(state.docs);
  docs.current = state.docs;
  // Drafts of closed tabs are offered; an open tab's are its own work, only mentioned, and offered once it closes.
  useEffect(() => {
    let stopped = false;
    const user = state.session.user.name;
    const waiting = new Set<string>();
    const look = async () => {
      const live = await liveTabs();
      if (stopped) return;
      const { localStorage: store } = window;
      // The tab's first user is its user for good: another who signs in reloads it (sessionResumed).
      const elsewhere = openElsewhere(store, THIS_TAB, live, user);
      dispatch({ type: 'draftsFound', recovery: recoverable(store, docs.current, live, user), openElsewhere: elsewhere.files });
      for (const tab of elsewhere.tabs) {
        if (waiting.has(tab)) continue;
        waiting.add(tab);
        void whenTabCloses(tab).then(look);
      }
    };
    // Another tab restored or discarded drafts on offer here too: the offer follows, so one closed
    // tab's work is not restored in two tabs (restored there, it is that tab's now, and said so).
    // Not where open tabs cannot be told from closed ones: every other tab's drafts are offered
    // there, and looking again at each save in any tab would offer them again and again.
    const onStorage = (event: StorageEvent) => {
      if (event.newValue === null && isDraftKey(event.key)) void look();
    };
    if (tabsAreKnown()) window.addEventListener('storage', onStorage);
    announceThisTab();
    void look();
    return () => {
      stopped = true;
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return [state, useCallback<EditorDispatch>((command) => dispatch(command), [])];
}
