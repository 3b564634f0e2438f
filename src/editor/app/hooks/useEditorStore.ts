/**
 * The editor's one store, for React: `useReducer` over the named commands.
 * A reducer, not zustand: the state is one value owned by one island, the
 * commands are plain functions tests call directly, and React's own
 * batching is all the scheduling it needs, with no dependency to add.
 */
import { useCallback, useEffect, useReducer, useRef, type Dispatch } from 'react';
import { filesOpenElsewhere, recoverable } from '../../lib/drafts';
import type { EditorPayload } from '../../lib/model';
import { initialState, type EditorState } from '../../lib/store/state';
import { run, type Command } from '../../lib/store/store';
import { announceThisTab, liveTabs, THIS_TAB } from '../tab-presence';

export type EditorDispatch = Dispatch<Command>;

const start = ({ payload, route }: { payload: EditorPayload; route: string | null }): EditorState => initialState(payload, route);

export function useEditorStore(payload: EditorPayload, route: string | null): [EditorState, EditorDispatch] {
  const [state, dispatch] = useReducer(run, { payload, route }, start);
  const loaded = useRef(state.docs);
  // Drafts of closed tabs are offered; an open tab's are its own work, and only mentioned.
  useEffect(() => {
    announceThisTab();
    void liveTabs().then((live) => {
      dispatch({ type: 'draftsFound', recovery: recoverable(window.localStorage, loaded.current, live), openElsewhere: filesOpenElsewhere(window.localStorage, THIS_TAB, live) });
    });
  }, []);
  return [state, useCallback<EditorDispatch>((command) => dispatch(command), [])];
}
