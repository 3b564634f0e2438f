/**
 * How the notice under the top bar shows (Banners.tsx). A notice that reports a finished action
 * ("Moved FAQ down to position 4.", "Undid: …", "Created /pricing.", "Saved the page “About”.")
 * asks nothing: it floats over the top of the preview and goes by itself, so the panes never move
 * under the pointer (a second click on Move down landed on what had slid under it). A problem, or
 * a question that needs an answer ("Save is blocked: fix 1 problem first."), is an error: it takes
 * its room above the panes and stays until it is dealt with.
 */
import type { Notice } from './store/state';

/** Whether the notice floats over the panes and goes by itself, rather than staying in their flow. */
export const noticeFloats = (notice: Pick<Notice, 'kind'>): boolean => notice.kind !== 'error';

/** The shortest time a floating notice shows, and the time per word of a longer one (a slow reader's pace). */
const SHORTEST_MS = 6_000;
const PER_WORD_MS = 400;

/** How long a floating notice shows before it goes (while the pointer or the focus is not on it): longer notices, longer. */
export function noticeShownMs(notice: Pick<Notice, 'text' | 'details'>): number {
  const words = [notice.text, ...(notice.details ?? []).map((detail) => detail.text)].join(' ').split(/\s+/).filter(Boolean).length;
  return Math.max(SHORTEST_MS, words * PER_WORD_MS);
}
