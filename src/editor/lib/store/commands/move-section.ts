import { moveSection as moved } from '../../model';
import { movedWithinEnds, pinnedAt, sectionEnds } from '../../section-order';
import { withData } from '../edit';
import { sectionLabelOf } from '../labels';
import { openPage, pageOutline } from '../selectors';
import type { EditorState } from '../state';

/**
 * Moves a section of the open page from one position to another ("Move Hero
 * down", or "to position 5" after a drag), selects it where it lands and says
 * so. `focusRow`: the keyboard's focus follows it (a drag's handle keeps it).
 *
 * The header and footer stay where they are, and a section lands no further
 * than next to them (section-order.ts): a drag onto the footer puts it above.
 */
export function moveSection(state: EditorState, input: { from: number; to: number; focusRow?: boolean; now: number }): EditorState {
  const open = openPage(state);
  const { from } = input;
  if (!open || !Array.isArray(open.page.sections) || input.to < 0 || input.to >= open.page.sections.length || from === input.to) return state;
  const name = sectionLabelOf(open.page.sections[from], state.docs, open.file);
  const ends = sectionEnds(pageOutline(state));
  const pinned = pinnedAt(ends, from);
  if (pinned) return { ...state, notice: { kind: 'info', text: `${name} stays at the ${pinned} of the page.` } };
  const to = movedWithinEnds(ends, input.to);
  if (to === from) return { ...state, notice: { kind: 'info', text: `${name} is already ${to < input.to ? 'the last section above the footer' : 'the first section under the header'}.` } };
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
