/** The real registry's resolver, over any snapshot: what tests resolve with. */
import { createResolver } from '../../src/engine/resolver';
import { snapshotFromEntries, type ContentSnapshot } from '../../src/engine/snapshot';
import { BundleSchema, StoredPageSchema, sectionRegistry } from '../../src/sections/registry';

export function resolverFor(snapshot: ContentSnapshot) {
  return createResolver(snapshot, { definitions: sectionRegistry, schemas: { BundleSchema, StoredPageSchema } });
}

export function resolverForFiles(files: Record<string, unknown>) {
  return resolverFor(snapshotFromEntries(Object.entries(files)));
}
