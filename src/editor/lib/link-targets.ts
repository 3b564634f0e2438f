/**
 * The site paths a link field offers: every page by its slug (home is `/`),
 * and for a template page (`posts/[slug]`) one path per entry of its
 * collection, each with the title editors know it by, and whether visitors
 * can follow it yet: a draft or scheduled target is offered (a link may be
 * written before its page goes live) but marked, so it is never chosen unawares.
 */
import { HOME_SLUG, NOT_FOUND_SLUG, TEMPLATE_SEGMENT } from '../../engine/slug';
import { addressOfSlug, addressVerdict, type AddressVerdict, type SiteAddresses } from '../../engine/page-addresses';
import { linkDestination } from '../../engine/link-destination';
import { linkProblem, sameSiteUrl } from '../../engine/schema/urls';
import { publicationState, type PublicationState } from '../../engine/publication';
import { pageTitle, type Docs, type EditorContent, type StoredPage } from './model';
import { sortedPages } from './page-order';
import { entriesOf, entryLabel, entryPagePrefix, entrySlugOf } from './entries';
import { filenameOf, filenameProblem } from './media';

export interface LinkTarget {
  /** Its site path as links are compared by (`/about`, `/posts/x`, home `/`); `hrefOf` is what a link stores. */
  path: string;
  /** What the page list calls it ("Home", "About"), or an entry's label. */
  title: string;
  /** A page's full SEO title, when it says more than `title` ("About — Northwind"): searched too. */
  seoTitle?: string;
  /** `page`, the collection of an entry (`posts`, `tags`), or `image` (IMAGE_GROUP). */
  group: string;
  /** Why visitors cannot follow it yet; absent when they can. */
  state?: Exclude<PublicationState, 'published'>;
}

/** A page by the name the page list gives it, with its SEO title when that says more. */
function pageNames(page: StoredPage | undefined, slug: string): Pick<LinkTarget, 'title' | 'seoTitle'> {
  const title = pageTitle(page, slug);
  const seo = page?.meta?.title;
  return typeof seo === 'string' && seo.trim() && seo.trim() !== title ? { title, seoTitle: seo.trim() } : { title };
}

/** The less public of two states: an entry's page is public only when the entry and its template page both are. */
const RANK: Record<PublicationState, number> = { published: 0, scheduled: 1, draft: 2 };
const lessPublic = (a: PublicationState, b: PublicationState) => (RANK[a] >= RANK[b] ? a : b);
const stateField = (state: PublicationState) => (state === 'published' ? {} : { state });

export function linkTargets(docs: Docs, now = new Date()): LinkTarget[] {
  return sortedPages(docs).flatMap((doc): LinkTarget[] => {
    const page = doc.data as StoredPage | undefined;
    const pageState = publicationState(page, now);
    const collection = page?.template?.collection;
    // The 404 page is what a missing address shows, never a page of its own at /404/: no link leads to it.
    if (doc.saveSlug === NOT_FOUND_SLUG) return [];
    if (!collection) return [{ path: addressOfSlug(doc.saveSlug), ...pageNames(page, doc.saveSlug), group: 'page', ...stateField(pageState) }];
    // Found once per collection, not once per entry: looking it up sorts every page.
    const prefix = entryPagePrefix(docs, collection);
    if (prefix === undefined) return [];
    return entriesOf(docs, collection).map((entry) => {
      const state = lessPublic(pageState, publicationState(entry.data, now));
      return { path: `/${prefix}${entrySlugOf(entry)}`, title: entryLabel(entry), group: collection, ...stateField(state) };
    });
  });
}

/**
 * A page's address as the editor shows it: `/`, `/about`, and for a template page the address its
 * entries' pages share, `/posts/…`, not its file's `[slug]`, which means nothing to an editor.
 */
export const shownAddress = (slug: string): string => (slug === HOME_SLUG ? '/' : `/${slug.replace(TEMPLATE_SEGMENT, '…')}`);

/**
 * The address a link to `target` stores: the one its page is served at and the site links to
 * (`/about/`). The production server answers `/about` with a redirect there, a hop per click.
 */
export const hrefOf = (target: LinkTarget): string => (target.path === '/' || target.group === IMAGE_GROUP ? target.path : `${target.path}/`);

/** The group of an uploaded image among the targets. */
export const IMAGE_GROUP = 'image';

/**
 * The uploaded images (the media library's list) as targets, by file name: a text or a button may
 * link to one (a photo at full size, a chart), and its address was typed by hand (QA). Stored as
 * the image's URL as it is: a file has no trailing slash.
 */
export function imageTargets(urls: Iterable<string>): LinkTarget[] {
  // Only names an upload may have: a file copied in by hand as `a b.png` or `a#b.png` would be stored
  // as a link that the allowlist refuses, or that leads to `/assets/images/a` (a review).
  return [...urls]
    .filter((url) => filenameProblem(filenameOf(url)) === null)
    .sort()
    .map((url) => ({ path: url, title: filenameOf(url), group: IMAGE_GROUP }));
}

/** The targets whose name, SEO title or path contains `query` (case-insensitive); all of them for an empty query. */
export function matchingTargets(targets: readonly LinkTarget[], query: string): LinkTarget[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...targets];
  return targets.filter((target) => [target.title, target.seoTitle ?? '', hrefOf(target)].some((text) => text.toLowerCase().includes(needle)));
}

/**
 * Whether typed text is a search for a page rather than an address being written: words, not a
 * path (`/pricing-old` may be meant as it is), an anchor, a query or anything with a scheme.
 * The list's first match is then what Enter picks.
 */
export const isPageSearch = (typed: string) => {
  const text = typed.trim();
  return text !== '' && !text.includes(':') && !['/', '#', '?'].includes(text[0]!);
};

/**
 * A link's path on this site as targets spell it (`/about/#team` → `/about`, `/` stays `/`), or
 * undefined when the link leads elsewhere (another site, `mailto:`, a `#fragment` alone) or is no
 * URL at all. Half-typed text reaches this on every keystroke: `/\` does not parse, and `/\evil.com`
 * parses as another host (URLs read a backslash as a slash), so neither may throw or pass for a page.
 */
export function sitePathOf(link: string): string | undefined {
  const url = link.startsWith('/') ? sameSiteUrl(link) : undefined;
  if (!url) return undefined;
  const { pathname } = url;
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** The page or entry a link leads to, whatever its trailing slash, query or fragment. */
export function targetOf(targets: readonly LinkTarget[], link: string): LinkTarget | undefined {
  const path = sitePathOf(link);
  return path === undefined ? undefined : targets.find((target) => target.path === path);
}

/**
 * What the link field judges a page address by, as the site's check of links does (the Problems
 * panel's, links-nowhere.ts): the pages and entries open in the editor (`targets`, unsaved ones
 * included; linkTargets leaves out the 404 page, no page at its address), their templates, and from the
 * server the moved pages' old addresses and the files it could not read (`site`).
 */
export function siteAddressesOf(docs: Docs, targets: readonly LinkTarget[], site: Pick<EditorContent, 'problems' | 'redirects'>): SiteAddresses {
  return {
    pages: new Set(targets.flatMap((target) => (target.group === IMAGE_GROUP ? [] : [target.path]))),
    redirects: new Map((site.redirects ?? []).map(({ from, to }) => [sitePathOf(from) ?? from, to])),
    templates: sortedPages(docs).flatMap((doc) => {
      const collection = (doc.data as StoredPage | undefined)?.template?.collection;
      return collection ? [{ slug: doc.saveSlug, collection }] : [];
    }),
    unreadable: site.problems.map(({ file }) => file),
  };
}

/**
 * Where a link leads when it is a page address on this site (page-addresses.ts, the judgement the
 * site's check of links makes): a page, a moved page's old address, a page a file that cannot be
 * read may be, or nowhere (visitors get "page not found"). Undefined for what is not judged (other
 * sites, files, an image, the server's own addresses) and for anything when no pages are known.
 */
export function pageLinkVerdict(site: SiteAddresses, link: string): AddressVerdict | undefined {
  const to = site.pages.size === 0 ? undefined : linkDestination(link);
  return to !== undefined && 'page' in to ? addressVerdict(to.page, site) : undefined;
}

/** A link to a moved page's old address, led to its new one (`movedTo`), its query and fragment kept: `/company/#team` → `/about/#team`. */
export const movedLink = (link: string, movedTo: string) => movedTo + link.slice(link.split(/[?#]/, 1)[0]!.length);

/**
 * What a typed link that is refused most likely meant, when that is a link the allowlist takes:
 * `www.example.com` an https:// address, `hello@example.com` an e-mail link. A suggestion the user
 * applies, never a silent rewrite; anything else gets undefined.
 */
export function suggestedLink(typed: string): string | undefined {
  const value = typed.trim();
  if (value === '' || /\s/.test(value) || linkProblem(value) === undefined) return undefined;
  const atSign = value.indexOf('@');
  const candidate = atSign > 0 && atSign === value.lastIndexOf('@') && value.slice(atSign + 1).includes('.') ? `mailto:${value}` : /^[a-z0-9-]+(\.[a-z0-9-]+)+(?:[/?#].*)?$/i.test(value) ? `https://${value}` : undefined;
  return candidate && linkProblem(candidate) === undefined ? candidate : undefined;
}
