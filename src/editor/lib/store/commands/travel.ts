import { redo, undo } from '../../history';
import { pageOutline } from '../selectors';
import type { EditorState } from '../state';

/**
 * Goes back (`steps` < 0) or forward through the history as many steps as
 * asked, as far as it goes: Ctrl+Z is -1, and a step in the History menu is
 * however far back it is. The selection stays unless its section is gone.
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
  const count = pageOutline({ route: state.route, docs }).length;
  const moved = Math.abs(input.steps) > 1 ? ` (${Math.abs(input.steps)} steps)` : '';
  return {
    ...state,
    docs,
    history,
    selection: state.selection !== null && state.selection >= count ? null : state.selection,
    lastUndo: { kind, label, at: input.now },
    notice: { kind: 'info', text: `${kind === 'undo' ? 'Undid' : 'Redid'}: ${label}${moved}.` },
  };
}
