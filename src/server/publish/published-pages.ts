/**
 * What a publication is made of, read from the current content (the build's,
 * or a live render's snapshot, src/lib/content.ts): every page's bundle as the
 * page API sends it, the path it is served at, and its **render key**: a hash
 * of everything its HTML is made from, plus the code version. The build
 * writes these into page-bundles.json; the production server's publisher
 * computes them again after a change, and renders again exactly the pages
 * whose key changed.
 */
import { createHash } from 'node:crypto';
import { listPages, listRedirects, loadSnapshot, pageJson, resolvePage } from '../../lib/content';
import { SITE_FILE, structuredData } from '../../lib/seo/page-data';
import { NOT_FOUND_SLUG, pathForSlug } from '../../engine/slug';
import { REDIRECTS_FILE } from '../../engine/redirects';
import type { ContentSnapshot } from '../../engine/snapshot';
import type { Bundle } from '../../engine/resolver';
import { snapshotDocumentVersion } from '../version';
import { ASSETS_URL_PREFIX } from '../../../server/headers.mjs';
import { hasVariants } from '../../../server/image-variant-urls.mjs';
import { originalFacts } from '../../lib/images/responsive';
import type { BundleToRender, PageToRender } from './render-worker-side';
import { bundleHead } from '../../engine/bundle-json';
import { keptPerSharedSection } from '../../engine/bundle-check';
import { letRequestsThrough } from './page-feed';
import { sectionViewKey } from '../../lib/section-cache';
import { mainHeadingIndex } from '../../engine/main-heading';
import { bundleToRenderOf } from './bundle-to-render';
import type { LayoutKeys } from './page-layout';
import { sectionRegistry } from '../../sections/registry';
import { filesReachedFrom } from '../../lib/carry-over';

/** The code's version: one per build, or CONTENT_SITE_BUILD_ID (astro.config.mjs defines it), so a new deploy never reuses old HTML. */
export const CODE_VERSION: string = import.meta.env.CONTENT_SITE_BUILD_ID ?? 'unbuilt';

export interface PublishedPage {
  slug: string;
  /** Where visitors get it, as a normalised request path: `/`, `/about`, `/posts/hello`. */
  path: string;
  /** The page API's body. */
  body: string;
  /** The version of the page's stored file (the page API's ETag, a save's baseVersion). */
  version: string;
  renderKey: string;
  /** The render key split into the page's frame and its views, for making the page from its old pieces (page-layout.ts); made when first read. */
  readonly layoutKeys: LayoutKeys;
  /** What a render worker is sent of the bundle (see pageToRender); made when first read. */
  readonly bundleToRender: BundleToRender;
}

export interface PublishedSite {
  /** Names this content: a hash of every file's version. */
  contentVersion: string;
  pages: PublishedPage[];
  /** Moved pages: old normalised path → new path. */
  redirects: { from: string; to: string }[];
}

/** Where the 404 page is published: the production server and static hosts send it for unknown paths. */
export const NOT_FOUND_PATH = '/404.html';

/** The normalised request path of a page (server/requests.mjs drops the trailing slash). */
export const requestPathOf = (slug: string) => (slug === NOT_FOUND_SLUG ? NOT_FOUND_PATH : pathForSlug(slug).replace(/(.)\/$/, '$1'));

/**
 * A hash of the public content: every listed file and every file their `$ref`s reach, with their
 * versions, and the redirects visitors get (`publicRedirects`, when given) in place of redirects.json. Equal content, equal name. A hidden file that a published page includes through a
 * `$ref` is part of that page, so it is in; any other draft is not, so that saving one changes no
 * public name (it once did, telling visitors that unpublished work was being saved).
 */
export function contentVersionOf(snapshot: ContentSnapshot, publicRedirects?: readonly unknown[]): string {
  const hash = createHash('sha256');
  for (const path of [...filesReachedFrom(snapshot.paths(), snapshot)].sort()) {
    // The redirects visitors get, not the file (below): moving a draft adds one to a page nobody can see, which is no public change.
    if (path === REDIRECTS_FILE && publicRedirects) continue;
    hash.update(`${path}\0${snapshotDocumentVersion(snapshot.get(path))}\0`);
  }
  if (publicRedirects) hash.update(`\0redirects\0${JSON.stringify(publicRedirects)}`);
  return hash.digest('base64url').slice(0, 16);
}

/** What the keys read of a page's bundle, once per response (a page whose bundle is taken over keeps it). */
const bodyFactsOf = new WeakMap<object, BodyFacts>();

interface BodyFacts {
  /** A hash of the page API's body. */
  digest: string;
  /** The images the bundle's head names (the social image), then each section's. */
  headImages: string[];
  sectionImages: string[][];
}

/** `response`'s facts; `bundle` is the bundle it was made from. */
function bodyFacts(response: { json: string }, bundle: Bundle): BodyFacts {
  let facts = bodyFactsOf.get(response);
  if (!facts) {
    // Only names the variants' allowlist accepts (plain raster file names): others get no variants.
    const withVariants = (names: Set<string>) => [...names].filter(hasVariants).sort();
    facts = {
      digest: createHash('sha256').update(response.json).digest('base64url'),
      headImages: withVariants(imagesNamedIn({ ...bundle, sections: [] })),
      sectionImages: bundle.sections.map((section) => withVariants(imagesOfSection(section))),
    };
    bodyFactsOf.set(response, facts);
  }
  return facts;
}

/** Every uploaded image a value names (its strings under /assets/images/). */
function imagesNamedIn(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (value.startsWith(ASSETS_URL_PREFIX)) into.add(value.slice(ASSETS_URL_PREFIX.length));
  } else if (Array.isArray(value)) for (const item of value) imagesNamedIn(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) imagesNamedIn(item, into);
  return into;
}

/** The images a section names, looked for once per shared section, as its JSON is written once (bundle-json.ts). */
const imagesOfSection = keptPerSharedSection((section) => imagesNamedIn(section));

/** A hash of `parts`, each ended by a NUL. */
function hashOfParts(parts: readonly string[], length: number): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url').slice(0, length);
}

/** What the frame reads of a section (SectionFrame, PageBody): its type, id and settings, not its data. */
const frameFactsOf = ({ type, id, settings }: Bundle['sections'][number]) => JSON.stringify([type, id, settings]);

/** The render key: a hash of the page's body (`digest`), what is `around` it and its images' facts (each `name:hash of its bytes`). */
export const renderKeyOf = (digest: string, around: readonly string[], images: readonly string[]) => hashOfParts([digest, ...around, ...images], 22);

/**
 * The render key split (page-layout.ts). The frame key hashes all of it but the sections' data
 * and the images they name; each view key is the section's own (sectionViewKey) followed by a
 * hash of its images' facts. So a new image in a view many pages share (a new post's cover in a list)
 * changes that view on each page, not each page's frame, and the pages are made from their pieces.
 */
export function layoutKeysOf({ head, frames, around, headImages, views }: { head: string; frames: readonly string[]; around: readonly string[]; headImages: readonly string[]; views: readonly { key: string; images: readonly string[] }[] }): LayoutKeys {
  return {
    frame: hashOfParts([head, ...frames, ...around, ...headImages], 22),
    // The images' facts hashed, not listed: a list of every post, each with its cover, stays one short key.
    views: views.map(({ key, images }) => (images.length === 0 ? key : `${key} ${hashOfParts(images, 16)}`)),
  };
}

/**
 * A page's HTML is made from its bundle, its address, its structured data
 * (which reads other pages: breadcrumb names, the post behind an article),
 * the site's details (name, settings) and its images' bytes (the variants'
 * URLs carry their hash, and their size is the image's, src/lib/images/): its
 * keys hash all of them. The render key is made at once, for every page; the
 * layout keys only when asked (`layoutKeys`), as only a changed page needs
 * them on the server.
 */
async function keysOf(slug: string, response: { json: string }, bundle: Bundle, site: URL, siteDigest: string, imageHashes: Map<string, Promise<string>>) {
  const { digest, headImages, sectionImages } = bodyFacts(response, bundle);
  const path = pathForSlug(slug);
  const around = [CODE_VERSION, path, JSON.stringify(await structuredData(slug, site)), siteDigest];
  const facts = new Map<string, string>();
  for (const name of [...headImages, ...sectionImages.flat()]) {
    if (facts.has(name)) continue;
    if (!imageHashes.has(name)) imageHashes.set(name, originalFacts(name).then((info) => info?.sha256 ?? 'none', () => 'none'));
    facts.set(name, `${name}:${await imageHashes.get(name)}`);
  }
  const factsOf = (names: readonly string[]) => names.map((name) => facts.get(name)!);
  return {
    renderKey: renderKeyOf(digest, around, [...facts.keys()].sort().map((name) => facts.get(name)!)),
    // The head alone, not what a worker is sent: a page put together from its pieces is never sent.
    layoutKeys: () => {
      const readsOf = (type: string) => sectionRegistry.get(type)?.viewReads;
      const mainHeading = mainHeadingIndex(bundle.sections, readsOf);
      const views = bundle.sections.map((section, index) => ({ key: sectionViewKey(section, readsOf(section.type) ?? {}, { path, mainHeading: index === mainHeading }), images: factsOf(sectionImages[index]!) }));
      return layoutKeysOf({ head: bundleHead(bundle), frames: bundle.sections.map(frameFactsOf), around, headImages: factsOf(headImages), views });
    },
  };
}

/** What a renderer needs of a page: where visitors get it (`/`, `/about/`), and its bundle as a render worker takes it. */
export const pageToRender = ({ slug, bundleToRender }: PublishedPage): PageToRender => ({ path: pathForSlug(slug), slug, ...bundleToRender });

/**
 * `fields` with `made`'s properties too, each made when first read and then kept. They are not
 * enumerable, so a spread of the page leaves them out rather than making them.
 */
function withMadeWhenRead<T extends object, M extends object>(fields: T, made: { [K in keyof M]: () => M[K] }): T & M {
  for (const [name, make] of Object.entries(made) as [string, () => unknown][]) {
    Object.defineProperty(fields, name, {
      configurable: true,
      get() {
        const value = make();
        Object.defineProperty(fields, name, { value, configurable: true });
        return value;
      },
    });
  }
  return fields as T & M;
}

/** Pages planned between two turns of the event loop, when a renderer is waiting for them (see below). */
const PAGES_BETWEEN_TURNS = 8;

/** A page that cannot be put together from the current content (a file broken by hand, say), and why. */
export interface BrokenPage {
  slug: string;
  path: string;
  reason: string;
}

/**
 * Every page of the current content, with its bundle and render key. `onPage` gets each page as
 * soon as it is planned, so that it can be rendered while the rest are planned (page-feed.ts); the
 * event loop then gets a turn every few pages, to take in the workers' replies. A page that does
 * not resolve goes to `onBroken` (live publishing keeps its previous version) and is left out;
 * without it (the build) it fails the whole.
 */
export async function publishedSite(site: URL, onPage?: (page: PublishedPage) => void | Promise<void>, onBroken?: (page: BrokenPage) => void): Promise<PublishedSite> {
  const snapshot = await loadSnapshot();
  // The site's details are in every page's keys: hashed once here, not with each page.
  const siteDigest = createHash('sha256').update(JSON.stringify(snapshot.get(SITE_FILE) ?? null)).digest('base64url');
  const pages: PublishedPage[] = [];
  const sharedSections = new WeakMap<object, number>();
  // Each image is looked at once per publication, however many pages show it.
  const imageHashes = new Map<string, Promise<string>>();
  for (const route of await listPages()) {
    let resolved: [Awaited<ReturnType<typeof pageJson>>, Awaited<ReturnType<typeof resolvePage>>, Awaited<ReturnType<typeof keysOf>>];
    try {
      const [response, bundle] = [await pageJson(route.slug), await resolvePage(route.slug)];
      // The keys read the page's images too (its structured data names a post's cover): one that is no image breaks this page alone.
      resolved = [response, bundle, await keysOf(route.slug, response, bundle, site, siteDigest, imageHashes)];
    } catch (error) {
      if (!onBroken) throw error;
      onBroken({ slug: route.slug, path: requestPathOf(route.slug), reason: error instanceof Error ? error.message : String(error) });
      continue;
    }
    const [response, bundle, keys] = resolved;
    const page: PublishedPage = withMadeWhenRead(
      { slug: route.slug, path: requestPathOf(route.slug), body: response.json, version: response.version, renderKey: keys.renderKey },
      { bundleToRender: () => bundleToRenderOf(bundle, sharedSections), layoutKeys: keys.layoutKeys },
    );
    pages.push(page);
    if (!onPage) continue;
    await onPage(page);
    if (pages.length % PAGES_BETWEEN_TURNS === 0) await letRequestsThrough();
  }
  const redirects = [...(await listRedirects()).values()].map(({ from, to }) => ({ from: from === '/' ? '/' : from.replace(/\/$/, ''), to }));
  return { contentVersion: contentVersionOf(snapshot, redirects), pages, redirects };
}
