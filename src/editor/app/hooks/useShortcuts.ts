/**
 * The editor's keyboard shortcuts, anywhere in it: Ctrl/Cmd+S saves,
 * Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z and Ctrl+Y redo. One history for every
 * edit in every field; a field with a history of its own (rich text) stops
 * the event while it has the focus.
 */
import { useEffect } from 'react';
import type { EditorDispatch } from './useEditorStore';

export function useShortcuts(dispatch: EditorDispatch) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.defaultPrevented) return;
      const key = event.key.toLowerCase();
      const command =
        key === 's' ? ({ type: 'requestSave' } as const)
        : key === 'z' ? ({ type: 'travel', steps: event.shiftKey ? 1 : -1 } as const)
        : key === 'y' && event.ctrlKey ? ({ type: 'travel', steps: 1 } as const)
        : undefined;
      if (!command) return;
      event.preventDefault();
      dispatch(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);
}
