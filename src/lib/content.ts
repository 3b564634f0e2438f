/**
 * The site's one way to get page bundles. The visitor route, the API and the
 * editor preview all call `resolvePage`, so they can never disagree.
 *
 * In dev the content is read from disk on each request (re-parsing only files
 * that changed); in a build it is the build's fixed copy. Bundles are
 * cached per snapshot, so a production server resolves each page once.
 */
import type { Bundle, PageRoute, Resolver } from '../engine/resolver';
import { snapshotDocumentVersion } from '../server/version';
import type { ContentSnapshot } from '../engine/snapshot';
import { createSiteResolver } from './site-resolver';
import { bundleJson } from '../engine/bundle-json';
import { redirectsOf, type Redirect } from '../engine/redirects';
import { slugFromPath } from '../engine/slug';
import { formatProblems, siteProblems } from '../engine/problems';
import { buildStop } from '../engine/content-error';
import { sectionTypes } from '../sections/registry';
import { typesWithoutView } from './section-views';
import { nextPublicationTime, publicSnapshot } from '../engine/publication';
import { liveRenderContext } from '../server/render-context';
import { changedInPlace, filesOfPage } from './carry-over';

interface Loaded {
  snapshot: ContentSnapshot;
  resolver: Resolver;
  bundles: Map<string, Bundle>;
  responses: Map<string, PageJson>;
}

/** A bundle as the page API sends it: serialized once, with its version. */
export interface PageJson {
  json: string;
  version: string;
}

/**
 * Resolvers and their caches, per snapshot: on the production server a publication's renders
 * and other requests may run at once, each over its own snapshot, without evicting each other.
 */
const loadedBySnapshot = new WeakMap<ContentSnapshot, Loaded>();

/**
 * Only what is published is public (src/engine/publication.ts): in dev at the request's time, in a
 * build at its start. The public view of the last snapshot asked for is reused until a scheduled
 * document is due, so the resolver caches keyed by snapshot keep working. The editor reads the
 * whole content through its own routes, so it previews drafts.
 */
let lastPublic: { from: ContentSnapshot; snapshot: ContentSnapshot; until: number } | undefined;

function publicAt(snapshot: ContentSnapshot, now: Date): ContentSnapshot {
  if (lastPublic?.from === snapshot && now.getTime() < lastPublic.until) return lastPublic.snapshot;
  lastPublic = { from: snapshot, snapshot: publicSnapshot(snapshot, now), until: nextPublicationTime(snapshot, now)?.getTime() ?? Infinity };
  return lastPublic.snapshot;
}

/** The build's snapshot never changes, so it is loaded once (a dynamic import on every call shows in build profiles). */
let buildSnapshot: Promise<ContentSnapshot> | undefined;

/**
 * The content as the site renders it: the files on disk in dev, the build's copy
 * (src/lib/build-snapshot.ts) in a build, and on the production server, inside a live
 * render, the publication's snapshot.
 */
export async function loadSnapshot(): Promise<ContentSnapshot> {
  const live = liveRenderContext()?.snapshot;
  if (live) return live;
  if (import.meta.env.DEV) {
    const { loadDevSnapshot } = await import('./dev-snapshot');
    return publicAt((await loadDevSnapshot()).snapshot, new Date());
  }
  const startedAt = new Date();
  buildSnapshot ??= import('./build-snapshot').then(({ loadBuildSnapshot }) => loadBuildSnapshot()).then((snapshot) => publicAt(snapshot, startedAt));
  return buildSnapshot;
}

/** The snapshot loaded last, whose resolved pages the next one may take over (src/lib/carry-over.ts). */
let latest: Loaded | undefined;

function takeOver(from: Loaded, to: Loaded) {
  const changed = changedInPlace(from.snapshot, to.snapshot);
  if (!changed) return;
  for (const [slug, bundle] of from.bundles) {
    if ([...filesOfPage(from.resolver.findPage(slug), to.snapshot)].some((file) => changed.has(file))) continue;
    to.bundles.set(slug, bundle);
    const response = from.responses.get(slug);
    if (response) to.responses.set(slug, response);
  }
}

function loadedFor(snapshot: ContentSnapshot): Loaded {
  let loaded = loadedBySnapshot.get(snapshot);
  if (!loaded) {
    loaded = { snapshot, resolver: createSiteResolver(snapshot), bundles: new Map(), responses: new Map() };
    if (latest) takeOver(latest, loaded);
    loadedBySnapshot.set(snapshot, loaded);
  }
  return loaded;
}

async function current(): Promise<Loaded> {
  const loaded = loadedFor(await loadSnapshot());
  latest = loaded;
  return loaded;
}

/**
 * A page's bundle resolved from `snapshot` elsewhere (by the production server's publisher, for a
 * render worker's copy of the same snapshot, src/server/publish/render-worker-side.ts), taken as
 * the bundle of that page: resolving it again would only repeat the same work.
 */
export function adoptBundle(snapshot: ContentSnapshot, slug: string, bundle: Bundle): void {
  loadedFor(snapshot).bundles.set(slug, bundle);
}

/** The resolved bundle of a page. Throws PageNotFoundError or ContentError. */
export async function resolvePage(slug: string): Promise<Bundle> {
  const { resolver, bundles } = await current();
  let bundle = bundles.get(slug);
  if (!bundle) {
    bundle = resolver.resolvePage(slug);
    bundles.set(slug, bundle);
  }
  return bundle;
}

/**
 * The bundle as JSON text, with the version of the stored file behind the page
 * (the template file for entry pages): the page API's body and ETag. The
 * version is accepted back as a save's baseVersion.
 */
export async function pageJson(slug: string): Promise<PageJson> {
  const loaded = await current();
  let response = loaded.responses.get(slug);
  if (!response) {
    const bundle = await resolvePage(slug);
    const route = loaded.resolver.findPage(bundle.slug);
    response = { json: bundleJson(bundle), version: snapshotDocumentVersion(loaded.snapshot.get(route.file)) };
    loaded.responses.set(slug, response);
  }
  return response;
}

/** Routes by slug, per snapshot: structured data looks up a page's ancestors for every page. */
const routesBySlug = new WeakMap<Loaded, Map<string, PageRoute>>();

/** The route of a page, or undefined when no page has that slug. */
export async function findPageRoute(slug: string): Promise<PageRoute | undefined> {
  const loaded = await current();
  let routes = routesBySlug.get(loaded);
  if (!routes) {
    routes = new Map(loaded.resolver.listPages().map((route) => [route.slug, route]));
    routesBySlug.set(loaded, routes);
  }
  return routes.get(slug);
}

/** Every routable page (page files and collection-entry pages). */
export async function listPages() {
  return (await current()).resolver.listPages();
}

/** Collection template pages, e.g. `posts/[slug]`. */
export async function listTemplates() {
  return (await current()).resolver.listTemplates();
}

/** Public redirects, per snapshot (see listRedirects). */
const redirectsByLoaded = new WeakMap<Loaded, Map<string, Redirect>>();

/**
 * Permanent redirects of moved pages, by the slug they lead away from (src/data/redirects.json),
 * those that lead to a page of the content: a draft page that was moved is hidden, and a redirect
 * to it would tell its new address.
 */
export async function listRedirects(): Promise<Map<string, Redirect>> {
  const loaded = await current();
  let redirects = redirectsByLoaded.get(loaded);
  if (!redirects) {
    const pages = new Set(loaded.resolver.listPages().map((route) => route.slug));
    redirects = new Map([...redirectsOf(loaded.snapshot)].filter(([, redirect]) => pages.has(slugFromPath(redirect.to))));
    redirectsByLoaded.set(loaded, redirects);
  }
  return redirects;
}

/** For the build: fails with every content problem of every file, grouped by file, or passes. */
export async function assertNoContentProblems(): Promise<void> {
  // A section folder with no view is the code's fault, not the content's: said first, and alone.
  const viewless = typesWithoutView(sectionTypes);
  if (viewless.length > 0) throw buildStop(viewless.map(({ file, message }) => `${file} ${message}`).join('\n'));
  const { resolver, snapshot } = await current();
  const problems = siteProblems(resolver, snapshot);
  if (problems.length > 0) throw buildStop(formatProblems(problems));
}

// ---- The editable 404 page ----

/**
 * The slug of the 404 page's document (`src/data/pages/404.json`), rendered to
 * 404.html by src/pages/404.astro with the shared header and footer. It is not
 * a route of its own (no /404/, not in the sitemap); whatever re-renders pages
 * when a shared document changes re-renders this one too.
 */
export { NOT_FOUND_SLUG } from '../engine/slug';
