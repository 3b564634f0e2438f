/**
 * The editor's one store, for React: `useReducer` over the named commands.
 * A reducer, not zustand: the state is one value owned by one island, the
 * commands are plain functions tests call directly, and React's own
 * batching is all the scheduling it needs, with no dependency to add.
 */
import { useCallback, useReducer, type Dispatch } from 'react';
import { recoverable, setAsidePending } from '../../lib/drafts';
import type { EditorPayload } from '../../lib/model';
import { initialState, type EditorState } from '../../lib/store/state';
import { run, type Command } from '../../lib/store/store';

export type EditorDispatch = Dispatch<Command>;

function start({ payload, route }: { payload: EditorPayload; route: string | null }): EditorState {
  // Drafts of an earlier session are offered, and set aside so this session's edits are kept too.
  const recovery = recoverable(window.localStorage, initialState(payload, route).docs);
  setAsidePending(window.localStorage, recovery);
  return initialState(payload, route, recovery);
}

export function useEditorStore(payload: EditorPayload, route: string | null): [EditorState, EditorDispatch] {
  const [state, dispatch] = useReducer(run, { payload, route }, start);
  return [state, useCallback<EditorDispatch>((command) => dispatch(command), [])];
}
