/**
 * What a page's lists bring in. MAX_RESOLVED_PAGE_SIZE counts what a page and
 * its `$ref`s place; a section's bindings (a posts list's posts, a tags list's
 * tags) come on top, and a page of many unlimited lists (15,000 posts lists
 * over 57 posts: a 256 MB bundle) stalled and then crashed the production
 * server while it published the page. So a page's bound content has a cap
 * too, measured by the same rule, and the page is refused with its reason
 * before it is checked or rendered.
 */
import { ContentError } from './content-error';

/** The most content a page's bindings may bring in: room for an archive of about ten thousand posts. */
export const MAX_BOUND_PAGE_SIZE = 4 * 1024 * 1024;

/** Sizes of objects measured already: bindings hand out the same entry summaries to every list. */
const sizes = new WeakMap<object, number>();

/** A value's size by MAX_RESOLVED_PAGE_SIZE's rule: the characters of every string and key, plus one per other value. */
export function contentSize(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null) return 1;
  const known = sizes.get(value);
  if (known !== undefined) return known;
  let size = 1;
  if (Array.isArray(value)) for (const item of value) size += contentSize(item);
  else for (const [key, item] of Object.entries(value)) size += key.length + contentSize(item);
  sizes.set(value, size);
  return size;
}

/** The size of what each resolved section's bindings gave it when last bound (a section checked once is not bound again). */
const boundSizes = new WeakMap<object, number>();

/** Notes what `section`'s bindings gave it. */
export function noteBound(section: object, bound: unknown): void {
  boundSizes.set(section, contentSize(bound));
}

/** Refuses `file`'s page when its sections' bindings bring in more than MAX_BOUND_PAGE_SIZE. */
export function checkBoundSize(file: string, sections: readonly unknown[]): void {
  let total = 0;
  for (const section of sections) total += (typeof section === 'object' && section !== null && boundSizes.get(section)) || 0;
  if (total <= MAX_BOUND_PAGE_SIZE) return;
  throw new ContentError('limit', file, `shows more than ${MAX_BOUND_PAGE_SIZE / 1024 / 1024} MiB of posts and tags through its lists; give its lists a limit, or use fewer lists`);
}
