/**
 * A page has one main heading, its `h1`. Several section types open a page
 * with its title (the hero, a page header, a post's or a tag's header, rich
 * text with a title or a `#` heading), and nothing stops an editor from putting
 * two of them on a page, or none but rich text; the first one that has a title
 * writes the `h1`, and each later one writes an `h2`, so screen readers and
 * search engines find one title. Which section that is depends on the page's
 * order, so the render caches key on it (src/lib/section-cache.ts).
 */
import type { ViewReads } from './schema/define-section';
import { hasTitleHeading } from './markdown';

/** Whether a section whose view reads `reads` has a title to give the page, with `data`. */
function hasTitle(reads: ViewReads<never> | undefined, data: unknown): boolean {
  const declared = reads?.mainHeading;
  if (declared === undefined) return false;
  if (declared === true) return true;
  const field = (name: string | undefined) => (name === undefined || typeof data !== 'object' || data === null ? undefined : (data as Record<string, unknown>)[name]);
  const title = field(declared.title);
  if (typeof title === 'string' && title.trim() !== '') return true;
  const markdown = field(declared.markdown);
  return typeof markdown === 'string' && hasTitleHeading(markdown);
}

/** The index of the section that writes the page's `h1`, or -1 when no section on the page has a title. */
export function mainHeadingIndex(sections: readonly { type: string; data?: unknown }[], readsOf: (type: string) => ViewReads<never> | undefined): number {
  return sections.findIndex((section) => hasTitle(readsOf(section.type), section.data));
}
