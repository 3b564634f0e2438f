/**
 * A read-only view of the content files under src/data, keyed by
 * data-root-relative POSIX path (`pages/home.json`). The resolver reads only
 * this, so where the files come from (disk in dev, the build's content store
 * in production, a literal object in tests) is decided in one place each.
 */
export interface ContentSnapshot {
  /** The parsed JSON of a file, or undefined when there is no such file. */
  get(path: string): unknown;
  /** Every file path in the snapshot. */
  paths(): Iterable<string>;
}

export function snapshotFromEntries(entries: Iterable<readonly [string, unknown]>): ContentSnapshot {
  const files = new Map(entries);
  return {
    get: (path) => files.get(path),
    paths: () => files.keys(),
  };
}
