/**
 * Where a page's sections may go. The site header leads a page and its footer
 * ends it: a section moved, dragged or added past either would render above
 * the header or under the footer, which no visitor should see. So the leading
 * run of header sections (`element: 'header'` in their declaration) and the
 * trailing run of footer sections are pinned, and the others move between them.
 */
import { sectionRegistry } from '../../sections/registry';

export interface SectionEnds {
  /** How many sections lead the page pinned (the header), and how many end it (the footer). */
  lead: number;
  trail: number;
  count: number;
}

const elementOf = (type: string) => sectionRegistry.get(type)?.element;

/** The pinned ends of a page whose sections have these types, in order (a broken link's type is unknown, so never pinned). */
export function sectionEnds(entries: readonly { type: string }[]): SectionEnds {
  let lead = 0;
  while (lead < entries.length && elementOf(entries[lead]!.type) === 'header') lead++;
  let trail = 0;
  while (trail < entries.length - lead && elementOf(entries[entries.length - 1 - trail]!.type) === 'footer') trail++;
  return { lead, trail, count: entries.length };
}

/** Whether the section at `index` is a pinned header or footer; `'top'` or `'bottom'` says which end. */
export function pinnedAt(ends: SectionEnds, index: number): 'top' | 'bottom' | undefined {
  if (index < ends.lead) return 'top';
  if (index >= ends.count - ends.trail) return 'bottom';
  return undefined;
}

/** The nearest position to `to` where a moved section stays between the header and the footer. */
export const movedWithinEnds = (ends: SectionEnds, to: number) => Math.min(Math.max(to, ends.lead), ends.count - ends.trail - 1);

/** The nearest place to insert a new section at `at`, between the header and the footer. */
export const addedWithinEnds = (ends: SectionEnds, at: number) => Math.min(Math.max(at, ends.lead), ends.count - ends.trail);
