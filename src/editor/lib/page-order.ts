/** The order of the page tree and of every list of pages the editor shows. */
import { HOME_SLUG, NOT_FOUND_SLUG } from '../../engine/slug';
import type { Docs, EditorDoc } from './model';

/** Two slugs compared segment by segment, so a folder's pages follow it (`docs`, `docs/a`, then `docs-archive`). */
function bySegments(a: string, b: string): number {
  const [left, right] = [a.split('/'), b.split('/')];
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const order = left[index]!.localeCompare(right[index]!);
    if (order !== 0) return order;
  }
  return left.length - right.length;
}

/** Home first, the 404 page last: second in the list, "Page not found" read to a client as a page that broke (a QA pass). */
const rank = (slug: string) => (slug === HOME_SLUG ? 0 : slug === NOT_FOUND_SLUG ? 2 : 1);

/** Pages sorted for the page tree: home first, then by slug, folders grouped, and the 404 page last. */
export function sortedPages(docs: Docs): EditorDoc[] {
  return Object.values(docs)
    .filter((doc) => doc.kind === 'page')
    .sort((a, b) => rank(a.saveSlug) - rank(b.saveSlug) || bySegments(a.saveSlug, b.saveSlug));
}
