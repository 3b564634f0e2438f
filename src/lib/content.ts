/**
 * The site's one way to get page bundles. The visitor route, the API and the
 * editor preview all call `resolvePage`, so they can never disagree.
 *
 * In dev the content is read from disk on each request (re-parsing only files
 * that changed); in a build it is the content layer's fixed copy. Bundles are
 * cached per snapshot, so a production server resolves each page once.
 */
import { createResolver, type Bundle, type Resolver } from '../engine/resolver';
import type { ContentSnapshot } from '../engine/snapshot';
import { BundleSchema, StoredPageSchema, sectionRegistry } from '../sections/registry';

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
      resolver: createResolver(snapshot, { definitions: sectionRegistry, schemas: { BundleSchema, StoredPageSchema } }),
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

/** Every routable page (page files and collection-entry pages). */
export async function listPages() {
  return (await current()).resolver.listPages();
}

/** Collection template pages, e.g. `posts/[slug]`. */
export async function listTemplates() {
  return (await current()).resolver.listTemplates();
}
