/**
 * On a window too narrow for three panes (a tablet, a phone), one pane shows at a time and these
 * buttons pick it; choosing a section, in the outline or the preview, brings the form forward by
 * itself (`selectSection`). CSS hides them, and shows every pane, on a wide window.
 */
import type { EditorState, Pane } from '../lib/store/state';
import type { EditorDispatch } from './hooks/useEditorStore';

/**
 * The sidebar's button reads "Content", not "Pages": the sidebar opens on its own "Pages" tab (beside
 * Posts and Tags), and a phone showed "Pages" twice, one under the other (QA).
 */
const PANES: readonly { pane: Pane; label: string; controls: string }[] = [
  { pane: 'content', label: 'Content', controls: 'editor-sidebar' },
  { pane: 'preview', label: 'Preview', controls: 'editor-preview' },
  { pane: 'form', label: 'Edit', controls: 'editor-inspector' },
];

/**
 * Below this width the preview pane (beside the page list and the form, or alone below 1000 px,
 * where one pane shows at a time: styles/workspace.css) is too narrow for a desktop page to be
 * read: it starts at a phone's width.
 */
export const NARROW_PREVIEW_QUERY = '(max-width: 1279px)';

export function PaneSwitch({ pane, dispatch }: Pick<EditorState, 'pane'> & { dispatch: EditorDispatch }) {
  return (
    <div className="pane-switch" role="group" aria-label="Show">
      {PANES.map((entry) => (
        <button
          key={entry.pane}
          type="button"
          className="pane-switch-button"
          aria-pressed={pane === entry.pane}
          aria-controls={entry.controls}
          onClick={() => dispatch({ type: 'showPane', pane: entry.pane })}
        >
          {entry.label}
        </button>
      ))}
    </div>
  );
}
