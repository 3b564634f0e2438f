/**
 * What the head's structured data, the feed and the sitemap need from the
 * content: the site's details (shared/site.json), the posts with a page, and
 * per page its JSON-LD blocks and its sitemap facts. Pages come from the one
 * cached resolver (src/lib/content.ts); entries and shared documents are read
 * from the same snapshot it resolves from (the files on disk in dev, the
 * build's copy in a build and on the production server).
 */
import { liveRenderContext } from '../../server/render-context';
import { siteLabels, type SiteLabels } from '../../engine/schema/site-labels';
import { findPageRoute, listPages, loadSnapshot, resolvePage } from '../content';
import type { Bundle, PageRoute } from '../../engine/resolver';
import type { ContentSnapshot } from '../../engine/snapshot';
import { collectionDir, refuseUnreadableCollection } from '../../engine/routes';
import { HOME_SLUG, pathForSlug } from '../../engine/slug';
import { PostSchema, type Post } from '../../engine/schema/collections';
import { collectionRegistry } from '../../collections/registry';
import { readSiteSettings, type SiteSettings } from '../../engine/schema/site-settings';
import { sharedImageUrl } from '../images/shared-image';
import { article, breadcrumbList, organization, website, type JsonLd, type SiteDetails } from './json-ld';
import { breadcrumbTrail, canonicalUrl, crumbName, isListed } from './page-urls';

export { SITE_SETTINGS_FILE as SITE_FILE } from '../../engine/schema/site-settings';

/** The first crumb of every trail. */
const HOME_CRUMB = 'Home';

/** The site settings (shared/site.json) of the content the site renders, defaults applied; throws naming each bad field. */
export async function siteSettings(): Promise<SiteSettings> {
  // The editor's preview renders with the settings it was sent (src/editor/routes/preview.astro).
  const given = liveRenderContext()?.settings;
  if (given) return given;
  const snapshot = await loadSnapshot();
  let settings = settingsOf.get(snapshot);
  if (!settings) {
    settings = readSiteSettings(snapshot);
    settingsOf.set(snapshot, settings);
  }
  return settings;
}

/** Read once per snapshot: every page's head and structured data ask for them. */
const settingsOf = new WeakMap<ContentSnapshot, SiteSettings>();

/** The words the site writes itself, in its language (src/engine/schema/site-labels.ts), and that language. */
export async function siteWords(): Promise<{ labels: SiteLabels; language: string }> {
  const settings = await siteSettings();
  return { labels: siteLabels(settings.labels), language: settings.language };
}

/** The site's name, root URL, tagline and e-mail, for structured data and the feed. */
export async function siteDetails(site: URL): Promise<SiteDetails> {
  const { name, tagline, email } = await siteSettings();
  return { name, url: new URL('/', site).href, ...(tagline ? { description: tagline } : {}), ...(email ? { email } : {}) };
}

/** An entry as stored, validated against its collection's schema (the build has already refused invalid ones). */
function entryOf(snapshot: ContentSnapshot, collection: string, file: string): Record<string, unknown> {
  const schema = collectionRegistry.get(collection)?.schema;
  const parsed = schema?.safeParse(snapshot.get(file));
  if (!parsed?.success) throw new Error(`src/data/${file} is not a valid ${collection} entry`);
  return parsed.data as Record<string, unknown>;
}

export interface PublishedPost {
  slug: string;
  /** The site path of its page. */
  path: string;
  post: Post;
  /** Display names of its tags. */
  tagNames: string[];
}

/** Every post that has a page, newest first (ties by slug, as the lists order them). */
export async function publishedPosts(): Promise<PublishedPost[]> {
  const snapshot = await loadSnapshot();
  // The feed, like the lists, is never silently short of a post that cannot be read.
  refuseUnreadableCollection(snapshot, 'posts');
  const routes = (await listPages()).filter((route) => route.entry?.collection === 'posts');
  return routes
    .map((route) => {
      const post = PostSchema.parse(entryOf(snapshot, 'posts', route.entry!.file));
      const tagNames = post.tags.map((tag) => {
        const stored = snapshot.get(`${collectionDir('tags')}/${tag}.json`) as { name?: unknown } | undefined;
        return typeof stored?.name === 'string' ? stored.name : tag;
      });
      return { slug: route.entry!.slug, path: pathForSlug(route.slug), post, tagNames };
    })
    .sort((a, b) => (a.post.date === b.post.date ? (a.slug < b.slug ? -1 : 1) : a.post.date < b.post.date ? 1 : -1));
}

/** The site paths listed by a bundle's sections: every `url` in a list field (posts, tags, entries). */
function listedUrls(bundle: Bundle): string[][] {
  return bundle.sections.flatMap((section) =>
    Object.values(section.data)
      .filter(Array.isArray)
      .map((items) => items.flatMap((item) => (typeof item?.url === 'string' ? [item.url as string] : []))),
  );
}

/** Per snapshot: each collection's index page, the page (other than an entry's) that lists every entry. */
const indexPages = new WeakMap<ContentSnapshot, Promise<Map<string, string | undefined>>>();

async function collectionIndexes(routes: PageRoute[]): Promise<Map<string, string | undefined>> {
  const indexes = new Map<string, string | undefined>();
  const plain = routes.filter((route) => !route.entry);
  const lists = new Map<string, string[][]>();
  for (const route of plain) {
    try {
      lists.set(route.slug, listedUrls(await resolvePage(route.slug)));
    } catch {
      // A broken page (only possible in dev) is no index; its own request reports it.
    }
  }
  for (const collection of new Set(routes.flatMap((route) => (route.entry ? [route.entry.collection] : [])))) {
    const entryPaths = routes.filter((route) => route.entry?.collection === collection).map((route) => pathForSlug(route.slug));
    const listing = [...lists].filter(([, urls]) => urls.some((list) => entryPaths.every((path) => list.includes(path)))).map(([slug]) => slug);
    // The home page often lists everything too; a page of its own says more in a trail.
    indexes.set(collection, listing.find((slug) => slug !== HOME_SLUG) ?? listing[0]);
  }
  return indexes;
}

/** The JSON-LD blocks of a visitor page: Organization and WebSite on the home page, Article on a post, and a breadcrumb trail. */
export async function structuredData(slug: string, site: URL): Promise<JsonLd[]> {
  const snapshot = await loadSnapshot();
  const route = await findPageRoute(slug);
  if (!route) return [];
  const [bundle, details] = await Promise.all([resolvePage(slug), siteDetails(site)]);
  const blocks: JsonLd[] = [];
  if (slug === HOME_SLUG) blocks.push(organization(details), website(details));

  const entry = route.entry && entryOf(snapshot, route.entry.collection, route.entry.file);
  if (route.entry?.collection === 'posts') {
    const post = PostSchema.parse(entry);
    const image = bundle.meta.ogImage && (await sharedImageUrl(bundle.meta.ogImage.url, site));
    const url = canonicalUrl(bundle.meta, pathForSlug(slug), site).href;
    blocks.push(article({ url, headline: post.title, description: post.excerpt, authorName: post.author, datePublished: post.date, images: image ? [image] : [] }, details));
  }

  const labelField = route.entry && collectionRegistry.get(route.entry.collection)?.labelField;
  const label = labelField && entry?.[labelField];
  const name = typeof label === 'string' ? label : crumbName(bundle.meta.title);
  let index: string | undefined;
  if (route.entry) {
    if (!indexPages.has(snapshot)) indexPages.set(snapshot, collectionIndexes(await listPages()));
    index = (await indexPages.get(snapshot)!).get(route.entry.collection);
  }
  // Names of the pages the trail can pass through: the slug's ancestors and the index page.
  const names = new Map<string, string>();
  const segments = slug.split('/');
  const candidates = [...segments.slice(1).map((_, i) => segments.slice(0, i + 1).join('/')), ...(index ? [index] : [])];
  for (const candidate of candidates) {
    const page = await findPageRoute(candidate);
    if (page && !page.entry) names.set(candidate, crumbName((await resolvePage(candidate)).meta.title));
  }
  const trail = breadcrumbTrail({ slug, name, collection: route.entry?.collection }, names, index, HOME_CRUMB, site);
  if (trail) blocks.push(breadcrumbList(trail));
  return blocks;
}

/** One page the sitemap lists, with what its lastmod is made from (src/lib/seo/sitemap.ts adds file times). */
export interface SitemapPage {
  path: string;
  ownDate?: string;
  listedDate?: string;
  /** Data files behind the page, relative to src/data. */
  files: string[];
}

/** Every page the sitemap lists (see isListed), with its dates and files. */
export async function sitemapPages(site: URL, leaveOut: ReadonlySet<string> = new Set()): Promise<SitemapPage[]> {
  const dates = new Map((await publishedPosts()).map((item) => [item.path, item.post.date]));
  const pages: SitemapPage[] = [];
  for (const route of await listPages()) {
    // Pages the content cannot make now (live publishing keeps their previous version): not listed until mended.
    if (leaveOut.has(route.slug)) continue;
    const bundle = await resolvePage(route.slug);
    if (!isListed(route.slug, bundle.meta, site)) continue;
    const path = pathForSlug(route.slug);
    const listed = listedUrls(bundle)
      .flat()
      .flatMap((url) => (url !== path && dates.has(url) ? [dates.get(url)!] : []))
      .sort();
    pages.push({
      path,
      ...(route.entry?.collection === 'posts' ? { ownDate: dates.get(path) } : {}),
      ...(listed.length > 0 ? { listedDate: listed.at(-1) } : {}),
      files: route.entry ? [route.file, route.entry.file] : [route.file],
    });
  }
  return pages;
}
