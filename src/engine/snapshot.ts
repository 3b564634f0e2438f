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
  /**
   * Every file `get` can read, when that is more than `paths` lists: the public
   * snapshot lists no draft, yet a `$ref` still reads one (src/engine/publication.ts).
   * Read it through `readablePaths`.
   */
  readable?(): Iterable<string>;
  /**
   * Entries of the data folder that were refused rather than read (symbolic
   * links, see data-files.ts): path → why. A page that needs one fails with
   * that reason instead of "does not exist".
   */
  refused?(): ReadonlyMap<string, string>;
  /**
   * The file names of the uploaded images (`a.png` for `/assets/images/a.png`), where the snapshot
   * knows them: the content store's does (src/server/store/store-snapshot.ts), and checks the
   * image URLs and file names a change writes against them.
   */
  uploadedImages?(): Iterable<string>;
}

/** Every file `snapshot` can read: listed or not (a draft behind a `$ref`). */
export const readablePaths = (snapshot: ContentSnapshot): Iterable<string> => snapshot.readable?.() ?? snapshot.paths();

/** `base` with some files replaced or added: what a draft or a pending save would make of the site. */
export function overlaySnapshot(base: ContentSnapshot, files: Readonly<Record<string, unknown>>): ContentSnapshot {
  const added = Object.keys(files).filter((path) => base.get(path) === undefined);
  return {
    get: (path) => (Object.hasOwn(files, path) ? files[path] : base.get(path)),
    paths: () => [...base.paths(), ...added],
    refused: base.refused && (() => base.refused!()),
  };
}

export function snapshotFromEntries(entries: Iterable<readonly [string, unknown]>, refused?: ReadonlyMap<string, string>): ContentSnapshot {
  const files = new Map(entries);
  return {
    get: (path) => files.get(path),
    paths: () => files.keys(),
    ...(refused && refused.size > 0 ? { refused: () => refused } : {}),
  };
}

/** A refused entry and why (the reason is said after the entry's path, data-files.ts). */
export interface Refusal {
  entry: string;
  reason: string;
}

/**
 * Why content at `path` (a file, or a folder such as `collections/posts`) is
 * refused: it is a refused entry, lies under one, or holds one.
 */
export function refusalAt(refused: ReadonlyMap<string, string> | undefined, path: string): Refusal | undefined {
  if (!refused) return undefined;
  for (const [entry, reason] of refused) {
    if (path === entry || path.startsWith(`${entry}/`) || entry.startsWith(`${path}/`)) return { entry, reason };
  }
  return undefined;
}

/** A refusal as said of `subject` (the file a message already names): the reason alone when the entry is that file, else the entry, then why. */
export const describeRefusal = ({ entry, reason }: Refusal, subject?: string): string => (entry === subject ? reason : `${entry} ${reason}`);
