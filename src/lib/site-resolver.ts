/** The resolver for this site's registry: the one way a snapshot becomes bundles. */
import { createResolver } from '../engine/resolver';
import type { ContentSnapshot } from '../engine/snapshot';
import { bundleSchemas, sectionRegistry } from '../sections/registry';

export function createSiteResolver(snapshot: ContentSnapshot) {
  return createResolver(snapshot, { definitions: sectionRegistry, schemas: bundleSchemas });
}
