/**
 * The site's one way to get page bundles. The visitor route, the API and the
 * editor preview all call `resolvePage`, so they can never disagree.
 *
 * In dev the content is read from disk on each request (re-parsing only files
 * that changed); in a build it is the content layer's fixed copy. Bundles are
 * cached per snapshot, so a production server resolves each page once.
 */
import { PageNotFoundError, type Bundle, type Resolver } from '../engine/resolver';
import { contentVersion } from '../server/version';
import type { ContentSnapshot } from '../engine/snapshot';
import { createSiteResolver } from './site-resolver';

interface Loaded {
  snapshot: ContentSnapshot;
  resolver: Resolver;
  bundles: Map<string, Bundle>;
}

let loaded: Loaded | undefined;

async function loadSnapshot(): Promise<ContentSnapshot> {
  if (import.meta.env.DEV) {
    const { loadDevSnapshot } = await import('./dev-snapshot');
    return (await loadDevSnapshot()).snapshot;
  }
  const { loadBuildSnapshot } = await import('./build-snapshot');
  return loadBuildSnapshot();
}

async function current(): Promise<Loaded> {
  const snapshot = await loadSnapshot();
  if (loaded?.snapshot !== snapshot) {
    loaded = {
      snapshot,
      resolver: createSiteResolver(snapshot),
      bundles: new Map(),
    };
  }
  return loaded;
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
 * The version of the stored file behind a page (the template file for entry
 * pages), sent as the page API's ETag and accepted back as a save's baseVersion.
 */
export async function pageVersion(slug: string): Promise<string> {
  const { snapshot, resolver } = await current();
  const route = resolver.listPages().find((page) => page.slug === slug);
  if (!route) throw new PageNotFoundError(slug);
  return contentVersion(snapshot.get(route.file));
}

/** The current content snapshot: what the save endpoint validates against. */
export async function currentSnapshot() {
  return { snapshot: (await current()).snapshot };
}

/** Every routable page (page files and collection-entry pages). */
export async function listPages() {
  return (await current()).resolver.listPages();
}

/** Collection template pages, e.g. `posts/[slug]`. */
export async function listTemplates() {
  return (await current()).resolver.listTemplates();
}
