/**
 * The editor's keyboard shortcuts, anywhere in it: Ctrl/Cmd+S saves,
 * Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z and Ctrl+Y redo. One history for every
 * edit in every field; a field with a history of its own (rich text) stops
 * the event while it has the focus.
 *
 * Except where the keys mean something else: while a dialog is open it owns the keyboard, and
 * Ctrl+Z in its text box undoes the typing there (the browser's own undo), never an edit on the
 * page behind it (which a New page or Change address dialog then built on: the edit was gone, or
 * its Save changes wrote the undone page). A search box keeps the browser's undo too: what is
 * typed there is no edit of the content.
 */
import { useEffect } from 'react';
import type { EditorDispatch } from './useEditorStore';

const dialogOpen = () => document.querySelector('dialog[open]') !== null;
const isSearchBox = (target: EventTarget | null) => target instanceof HTMLInputElement && target.type === 'search';

export function useShortcuts(dispatch: EditorDispatch) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.defaultPrevented) return;
      const key = event.key.toLowerCase();
      if (dialogOpen()) {
        // Kept from the browser all the same: its "Save page as…" is never what Ctrl+S means here.
        if (key === 's') event.preventDefault();
        return;
      }
      if ((key === 'z' || key === 'y') && isSearchBox(event.target)) return;
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
