import { redo, undo } from '../../history';
import { pageOutline } from '../selectors';
import type { EditorState } from '../state';

/**
 * Goes back (`steps` < 0) or forward through the history as many steps as
 * asked, as far as it goes: Ctrl+Z is -1, and a step in the History menu is
 * however far back it is. The selection follows its section, wherever the
 * step puts it (it was kept by position, so undoing a Duplicate or a move
 * left the form on another section); it is dropped when the section is gone.
 * The removed-section toast goes: the history has moved past what it offers.
 */
export function travel(state: EditorState, input: { steps: number; now: number }): EditorState {
  const go = input.steps < 0 ? undo : redo;
  let { docs, history } = state;
  let label: string | undefined;
  for (let n = 0; n < Math.abs(input.steps); n += 1) {
    const result = go(history, docs);
    if (!result) break;
    ({ docs, history, label } = result);
  }
  if (label === undefined) return state;
  const kind = input.steps < 0 ? 'undo' : 'redo';
  const after = pageOutline({ route: state.route, docs });
  const moved = Math.abs(input.steps) > 1 ? ` (${Math.abs(input.steps)} steps)` : '';
  return {
    ...state,
    docs,
    history,
    selection: followedSelection(state, after),
    lastUndo: { kind, label, at: input.now },
    // The "Deleted … Undo" toast speaks of the documents as they were: after Ctrl+Z had put the
    // section back, its Undo added a second copy (two sections of one id, and Save refused).
    removed: null,
    notice: { kind: 'info', text: `${kind === 'undo' ? 'Undid' : 'Redid'}: ${label}${moved}.` },
  };
}

/** Where the selected section is in `after`: at the same place if it is still there (a page may repeat an id while edited), else wherever it went. */
function followedSelection(state: EditorState, after: ReturnType<typeof pageOutline>): number | null {
  if (state.selection === null) return null;
  const id = pageOutline(state)[state.selection]?.id;
  if (id === undefined) return null;
  if (after[state.selection]?.id === id) return state.selection;
  const found = after.findIndex((entry) => entry.id === id);
  return found >= 0 ? found : null;
}
