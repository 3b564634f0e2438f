/**
 * A page has one main heading, its `h1`. Several section types open a page
 * with its title (the hero, a page header, a post's or a tag's header), and
 * nothing stops an editor from putting two of them on a page; the first one
 * writes the `h1`, and each later one writes an `h2`, so screen readers and
 * search engines still find one title. Which section that is depends on the
 * page's order, so the render caches key on it (src/lib/section-cache.ts).
 */
import type { ViewReads } from './schema/define-section';

/** The index of the section that writes the page's `h1`, or -1 when no section on the page writes a title. */
export function mainHeadingIndex(sections: readonly { type: string }[], readsOf: (type: string) => ViewReads<never> | undefined): number {
  return sections.findIndex((section) => readsOf(section.type)?.mainHeading === true);
}
