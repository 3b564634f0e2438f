/**
 * Pure rules for a page's place among search engines: its canonical URL,
 * whether it belongs in the sitemap, the name it goes by in a breadcrumb
 * trail, the trail itself, and its sitemap `lastmod`. The layout, the feed and
 * the sitemap read these, so the head and the sitemap cannot disagree.
 */
import { HOME_SLUG, NOT_FOUND_SLUG, pathForSlug, RESERVED_SLUGS } from '../../engine/slug';
import type { Crumb } from './json-ld';

/** What of a page's meta these rules read. */
export interface IndexingMeta {
  noindex?: boolean;
  canonical?: string;
}

/** The page's canonical URL: its own address, or the meta's override (a site path is read against the site). */
export function canonicalUrl(meta: IndexingMeta, pathname: string, site: URL): URL {
  return new URL(meta.canonical ?? pathname, site);
}

/** Status pages have slugs too (an editable 404 is a page), but are never listed. */
const STATUS_SLUGS = new Set([NOT_FOUND_SLUG, ...RESERVED_SLUGS]);

/**
 * Whether a page belongs in the sitemap: it is not a status page, search
 * engines may list it (no `noindex`), and it is its own canonical page (a
 * sitemap lists canonical URLs only; a page that names another as canonical
 * is a duplicate by its own account).
 */
export function isListed(slug: string, meta: IndexingMeta, site: URL): boolean {
  if (STATUS_SLUGS.has(slug) || meta.noindex) return false;
  const own = new URL(pathForSlug(slug), site);
  return canonicalUrl(meta, own.pathname, site).href === own.href;
}

const TITLE_SEPARATORS = [' — ', ' – ', ' | ', ' · ', ' - '];

/**
 * A page's name in a breadcrumb trail: its title without the site-name
 * suffix that titles carry ("Getting started — Northwind docs" → "Getting
 * started"). A title with no separator is kept whole.
 */
export function crumbName(title: string): string {
  const cut = Math.max(...TITLE_SEPARATORS.map((separator) => title.lastIndexOf(separator)));
  const name = cut > 0 ? title.slice(0, cut).trim() : '';
  return name === '' ? title.trim() : name;
}

export interface TrailPage {
  slug: string;
  /** The name of its own crumb (an entry's title or name, else crumbName of its title). */
  name: string;
  /** Set on a collection entry's page. */
  collection?: string;
}

/**
 * The breadcrumb trail of a nested page (a slug with `/`) or a collection
 * entry's page, from the home page; undefined for the home page and other
 * top-level pages, whose trail would say nothing. The crumbs between are the
 * ancestors of the slug that are pages; an entry page with none gets its
 * collection's index page instead (the page that lists every entry: the
 * Journal for posts), so a post reads Home › Journal › its title.
 */
export function breadcrumbTrail(
  page: TrailPage,
  pageNames: ReadonlyMap<string, string>,
  collectionIndex: string | undefined,
  homeName: string,
  site: URL,
): Crumb[] | undefined {
  if (page.slug === HOME_SLUG || (!page.slug.includes('/') && !page.collection)) return undefined;
  const crumb = (slug: string, name: string): Crumb => ({ name, url: new URL(pathForSlug(slug), site).href });
  const segments = page.slug.split('/');
  const ancestors = segments
    .slice(1)
    .map((_, index) => segments.slice(0, index + 1).join('/'))
    .filter((slug) => pageNames.has(slug))
    .map((slug) => crumb(slug, pageNames.get(slug)!));
  if (page.collection && ancestors.length === 0 && collectionIndex && collectionIndex !== HOME_SLUG && collectionIndex !== page.slug) {
    ancestors.push(crumb(collectionIndex, pageNames.get(collectionIndex) ?? collectionIndex));
  }
  return [crumb(HOME_SLUG, homeName), ...ancestors, crumb(page.slug, page.name)];
}

/** What the sitemap's `lastmod` of one page is made from. */
export interface LastmodSources {
  /** The page's own content date (a post's date): when given, it is the answer. */
  ownDate?: string;
  /** The newest date among the dated entries the page lists (a list of posts changes when a post is added). */
  listedDate?: string;
  /** Modification times of the data files behind the page (its page file; for an entry page, the template and the entry). */
  fileTimes: readonly Date[];
}

/**
 * A page's `lastmod`: a post's own date; for any other page the newest of its
 * data files' modification times and the dates of the posts it lists.
 * Undefined only when nothing is known.
 */
export function lastmodOf(sources: LastmodSources): Date | undefined {
  if (sources.ownDate) return new Date(sources.ownDate);
  const times = [...sources.fileTimes.map((time) => time.getTime()), ...(sources.listedDate ? [new Date(sources.listedDate).getTime()] : [])].filter(Number.isFinite);
  return times.length > 0 ? new Date(Math.max(...times)) : undefined;
}
