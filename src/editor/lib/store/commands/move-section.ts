import { moveSection as moved } from '../../model';
import { withData } from '../edit';
import { sectionLabelOf } from '../labels';
import { openPage } from '../selectors';
import type { EditorState } from '../state';

/**
 * Moves a section of the open page from one position to another ("Move Hero
 * down", or "to position 5" after a drag), selects it where it lands and says
 * so. `focusRow`: the keyboard's focus follows it (a drag's handle keeps it).
 */
export function moveSection(state: EditorState, input: { from: number; to: number; focusRow?: boolean; now: number }): EditorState {
  const open = openPage(state);
  const { from, to } = input;
  if (!open || !Array.isArray(open.page.sections) || to < 0 || to >= open.page.sections.length || from === to) return state;
  const name = sectionLabelOf(open.page.sections[from], state.docs, open.file);
  const direction = Math.abs(to - from) > 1 ? '' : to < from ? 'up' : 'down';
  const label = direction ? `Move ${name} ${direction}` : `Move ${name} to position ${to + 1}`;
  const next = withData(state, open.file, moved(open.page, from, to), label, input.now);
  return {
    ...next,
    selection: to,
    notice: { kind: 'info', text: `Moved ${name} ${direction ? `${direction} ` : ''}to position ${to + 1}.` },
    focus: input.focusRow === false ? state.focus : { kind: 'section', index: to, at: input.now },
  };
}
