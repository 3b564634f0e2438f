/** The real registry's resolver, over any snapshot: what tests resolve with. */
import { snapshotFromEntries } from '../../src/engine/snapshot';
import { createSiteResolver } from '../../src/lib/site-resolver';

export const resolverFor = createSiteResolver;

export function resolverForFiles(files: Record<string, unknown>) {
  return resolverFor(snapshotFromEntries(Object.entries(files)));
}
