/** The left column: pages and the collections' entries, and the open page's settings link and outline. */
import { useCallback } from 'react';
import type { EditorState } from '../lib/store/state';
import { ContentNav } from './ContentNav';
import type { EditorDispatch } from './hooks/useEditorStore';
import type { EditorView } from './hooks/useEditorView';
import { Outline } from './Outline';
import { SITE_SETTINGS_FILE, SITE_SETTINGS_ROUTE } from '../lib/site-settings';
import { isDirty } from '../lib/model';

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
  const { page, entry, settingsOpen } = view;
  const settings = state.docs[SITE_SETTINGS_FILE];

  return (
    <aside className="sidebar" id="editor-sidebar" tabIndex={-1} aria-label="Pages and sections">
      <button type="button" className={`page-settings-link site-settings-link${settingsOpen ? ' is-active' : ''}`} aria-current={settingsOpen ? 'page' : undefined} onClick={() => open(SITE_SETTINGS_ROUTE)}>
        Site settings
        {settings && isDirty(settings) && <span className="dirty-dot" title="Unsaved changes" aria-label="Unsaved changes" />}
        {settingsOpen && view.settingsIssues.size > 0 && <span className="badge badge-error">{view.settingsIssues.size}</span>}
      </button>
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
