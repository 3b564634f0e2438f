/** The resolver for this site's registry: the one way a snapshot becomes bundles. */
import { createResolver } from '../engine/resolver';
import type { ContentSnapshot } from '../engine/snapshot';
import { BundleSchema, StoredPageSchema, sectionRegistry } from '../sections/registry';

export function createSiteResolver(snapshot: ContentSnapshot) {
  return createResolver(snapshot, { definitions: sectionRegistry, schemas: { BundleSchema, StoredPageSchema } });
}
