/**
 * Which of the top bar's two ways to the visitor page shows: the plain "View page" beside the
 * address, or the save status's "Live · View live page" after a save on the production server.
 * Both at once were two links to one page; the status's carries the news that the save is live,
 * so it takes the page's link while it leads there, and the plain one comes back otherwise.
 * Pure, so the choice is tested without a browser.
 */
import type { Publishing } from './store/state';

export interface ViewLinks {
  /** "View page ↗" beside the address, or null. */
  viewHref: string | null;
  /** The link the save status's "Live" carries, or null (then it says "Live" alone). */
  liveHref: string | null;
}

/**
 * `shownHref`: the visitor URL of the page the editor shows, when visitors get it (else null).
 * The status's link shows only for the page on screen: after opening another page, a
 * "View live page" leading to the one saved earlier would read as this page's.
 */
export function viewLinks(shownHref: string | null, publishing: Publishing | null, saving: boolean): ViewLinks {
  const live = !saving && publishing?.state === 'live' && !publishing.notPublic ? publishing.path : undefined;
  if (shownHref !== null && live === shownHref) return { viewHref: null, liveHref: live };
  return { viewHref: shownHref, liveHref: null };
}
