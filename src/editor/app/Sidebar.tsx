/** The left column: pages and the collections' entries, and the open page's settings link and outline. */
import { useCallback } from 'react';
import type { EditorState } from '../lib/store/state';
import { ContentNav } from './ContentNav';
import type { EditorDispatch } from './hooks/useEditorStore';
import type { EditorView } from './hooks/useEditorView';
import { Outline } from './Outline';

interface Props {
  state: EditorState;
  view: EditorView;
  dispatch: EditorDispatch;
}

export function Sidebar({ state, view, dispatch }: Props) {
  // Stable, for the memoized lists and outline rows: typing must not render them.
  const open = useCallback((route: string) => dispatch({ type: 'openRoute', route }), [dispatch]);
  const newPage = useCallback(() => dispatch({ type: 'openDialog', dialog: { kind: 'new-page' } }), [dispatch]);
  const newEntry = useCallback((collection: string) => dispatch({ type: 'openDialog', dialog: { kind: 'new-entry', collection } }), [dispatch]);
  const select = useCallback((index: number | null) => dispatch({ type: 'selectSection', index }), [dispatch]);
  const move = useCallback((from: number, to: number, focusRow = true) => dispatch({ type: 'moveSection', from, to, focusRow }), [dispatch]);
  const add = useCallback(() => dispatch({ type: 'openDialog', dialog: { kind: 'picker' } }), [dispatch]);
  const { page, entry } = view;

  return (
    <aside className="sidebar" id="editor-sidebar" tabIndex={-1} aria-label="Pages and sections">
      <ContentNav current={entry?.collection ?? 'pages'} pages={view.pages} entries={view.entryLists} route={state.route} onOpen={open} onNewPage={newPage} onNewEntry={newEntry} />
      {page && (
        <>
          <button type="button" className={`page-settings-link${state.selection === null ? ' is-active' : ''}`} onClick={() => select(null)}>
            Page settings
            {view.pageLevelIssues.size > 0 && <span className="badge badge-error">{view.pageLevelIssues.size}</span>}
          </button>
          <Outline entries={view.entries} selected={state.selection} issueCounts={view.issueCounts} onSelect={select} onMove={move} onAdd={add} />
        </>
      )}
    </aside>
  );
}
