/** The middle of the editor: the live preview of the open page (or of the open entry's page), or why there is none. */
import { useCallback, useMemo } from 'react';
import { sectionLabel } from '../lib/store/labels';
import type { EditorState } from '../lib/store/state';
import type { EditorDispatch } from './hooks/useEditorStore';
import type { EditorView } from './hooks/useEditorView';
import { Preview } from './Preview';
import { SETTINGS_PREVIEW_SLUG } from '../lib/site-settings';

interface Props {
  state: EditorState;
  view: EditorView;
  dispatch: EditorDispatch;
  /** The singular noun of an entry's collection ("post"). */
  entryNoun: string;
}

const noSelect = () => {};

export function Stage({ state, view, dispatch, entryNoun }: Props) {
  const { page, entry, entryDoc, entryPage, entries, selectedEntry } = view;
  const selectFromPreview = useCallback(
    (id: string) => {
      const index = entries.findIndex((row) => row.id === id);
      if (index >= 0) dispatch({ type: 'selectSection', index, fromPreview: true });
    },
    [entries, dispatch],
  );
  const previewSections = useMemo(() => entries.map((row) => ({ id: row.id, label: sectionLabel(row.type) })), [entries]);

  if (view.settingsOpen) {
    return <Preview slug={SETTINGS_PREVIEW_SLUG} files={view.previewFiles} selectedId={undefined} scrollRequest={0} viewport={state.viewport} renewed={state.session.renewed} onSelect={noSelect} />;
  }
  if (page) {
    return <Preview slug={page.slug} files={view.previewFiles} selectedId={selectedEntry?.id} sections={previewSections} scrollRequest={state.scrollRequest} viewport={state.viewport} renewed={state.session.renewed} onSelect={selectFromPreview} />;
  }
  if (entry && entryDoc && entryPage) {
    return <Preview slug={entryPage} files={view.previewFiles} selectedId={undefined} scrollRequest={0} viewport={state.viewport} renewed={state.session.renewed} onSelect={noSelect} />;
  }
  if (entry && entryDoc) {
    return (
      <div className="welcome">
        <h2>No page for {entry.collection}</h2>
        <p>
          There is no <code>{entry.collection}/[slug]</code> template page, so this {entryNoun} has no page of its own to preview. It still shows in lists of {entry.collection} on other pages.
        </p>
      </div>
    );
  }
  if (entry) {
    return (
      <div className="welcome">
        <h2>No {entryNoun} “{entry.slug}”</h2>
        <p>Pick one on the left, or create a new one.</p>
      </div>
    );
  }
  // A page that is not there but has a draft on offer in the banner above: new and never saved, or deleted since.
  const offered = state.route ? state.recovery.find(({ draft }) => draft.file === `pages/${state.route}.json`) : undefined;
  if (offered && (offered.isNew || offered.gone)) {
    const neverSaved = offered.isNew && !offered.gone;
    return (
      <div className="welcome">
        <h2>{neverSaved ? `Page “/${state.route}/” is not saved yet` : `Page “/${state.route}/” was deleted`}</h2>
        <p>
          {neverSaved ? 'It was made in an earlier session and never saved.' : 'It was deleted since you last changed it.'} Your unsaved changes to it are kept on this device: press Restore above to bring it back with them, then Save.
        </p>
      </div>
    );
  }
  return (
    <div className="welcome">
      <h2>{state.route ? `No page “${state.route}”` : 'Choose a page to edit'}</h2>
      <p>Pick a page on the left, or create a new one. Changes show in the preview as you type, and are kept when you press Save.</p>
    </div>
  );
}
