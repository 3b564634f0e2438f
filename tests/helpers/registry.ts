/** The real registry's resolver, over any snapshot: what tests resolve with. */
import { ContentError } from '../../src/engine/content-error';
import { siteProblems } from '../../src/engine/problems';
import { snapshotFromEntries } from '../../src/engine/snapshot';
import { createSiteResolver } from '../../src/lib/site-resolver';

export const resolverFor = createSiteResolver;

export function resolverForFiles(files: Record<string, unknown>) {
  return resolverFor(snapshotFromEntries(Object.entries(files)));
}

/** The site problem report (src/engine/problems.ts) of these files. */
export function problemsOfFiles(files: Record<string, unknown>) {
  const snapshot = snapshotFromEntries(Object.entries(files));
  return siteProblems(resolverFor(snapshot), snapshot);
}

/** The ContentError `run` throws; fails the test when it throws nothing, or something else. */
export function contentErrorOf(run: () => unknown): ContentError {
  try {
    run();
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error('expected a ContentError');
}
