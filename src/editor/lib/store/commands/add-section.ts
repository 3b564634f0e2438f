import { sectionRegistry } from '../../../../sections/registry';
import { addSection as added, newSection, refFrom, sharedOfType } from '../../model';
import { addedWithinEnds, sectionEnds } from '../../section-order';
import { withData } from '../edit';
import { sectionLabel } from '../labels';
import { openPage, pageOutline } from '../selectors';
import type { EditorState } from '../state';

/**
 * Adds a section of `type` with its registry defaults: after the selected
 * section, else at the end, and always between the header and the footer. It is selected,
 * and focus goes to its row, so a keyboard user carries on from there. A header or a
 * footer goes to its end of the page, and is the site's shared one where there is one:
 * after "Remove from page", Add section once gave a page a header of its own with sample
 * links ("Brand", Home, About), under the content, and only Undo brought the shared one back.
 */
export function addSection(state: EditorState, input: { sectionType: string; now: number }): EditorState {
  const open = openPage(state);
  const definition = sectionRegistry.get(input.sectionType);
  if (!open || !definition || !Array.isArray(open.page.sections)) return state;
  const shared = definition.element === 'section' ? undefined : sharedOfType(state.docs, input.sectionType);
  const section = shared ? refFrom(open.file, shared) : newSection(open.page, input.sectionType, definition.defaults, open.file, state.docs);
  // After the selection, else at the end, but never above the header or under the footer (section-order.ts).
  const ends = sectionEnds(pageOutline(state));
  // A type that must come first (the hero) goes right under the header, wherever the selection is: anywhere else the page could not be saved.
  const at =
    definition.element === 'header' ? 0
    : definition.element === 'footer' ? open.page.sections.length
    : definition.placement === 'first' ? ends.lead
    : addedWithinEnds(ends, state.selection !== null ? state.selection + 1 : open.page.sections.length);
  const next = withData(state, open.file, added(open.page, section, at), `Add ${sectionLabel(input.sectionType)}`, input.now);
  return { ...next, dialog: null, selection: at, pane: 'form', scrollRequest: state.scrollRequest + 1, focus: { kind: 'section', index: at, at: input.now } };
}
