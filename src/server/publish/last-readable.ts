/**
 * A data file that cannot be read now (not JSON: a merge's conflict markers; over the size limit;
 * a link) stands in a publication as it was when it was last read: the version the previous
 * publication had, or for the first one the newest the git history recorded readable (or, without
 * git, the build's: readableBeforeStart). Everything else the content says goes live
 * around it, and the publication names the file and why (`kept`), so the editor says so.
 *
 * Without a stand-in, what reads the file cannot be made now, and was kept whole as it is live:
 * its own page, the pages including it, and, for a post, every list of posts, the feed and the
 * sitemap (a list never shows fewer posts than there are). So one post pushed broken froze every
 * list: a post unpublished meanwhile stayed listed and in the feed, though its page answered 404,
 * and a new post was in none. With its last readable version standing in, the lists are made
 * again, without the unpublished post and with the new one.
 *
 * A file never read before (new, and broken) has no stand-in: what reads it is kept as before.
 * So is a refused folder (a content folder made a link): nothing of it was ever one file.
 */
import type { ContentSnapshot } from '../../engine/snapshot';

export interface StandIns {
  /** The snapshot with each stand-in listed and readable, and its refusal gone. */
  snapshot: ContentSnapshot;
  /** Each file standing in by its last readable version, with why it cannot be read now. */
  standIns: ReadonlyMap<string, string>;
}

const isDataFile = (entry: string) => entry.endsWith('.json');

export function withLastReadable(snapshot: ContentSnapshot, earlier: ContentSnapshot | undefined): StandIns {
  const refused = snapshot.refused?.();
  const standIns = new Map<string, string>();
  const objects = new Map<string, unknown>();
  for (const [entry, reason] of refused ?? []) {
    const last = isDataFile(entry) ? earlier?.get(entry) : undefined;
    if (last === undefined) continue;
    standIns.set(entry, reason);
    objects.set(entry, last);
  }
  if (standIns.size === 0) return { snapshot, standIns };
  const stillRefused = new Map([...refused!].filter(([entry]) => !standIns.has(entry)));
  return {
    standIns,
    snapshot: {
      get: (path) => (objects.has(path) ? objects.get(path) : snapshot.get(path)),
      paths: () => [...snapshot.paths(), ...objects.keys()],
      ...(stillRefused.size > 0 ? { refused: () => stillRefused } : {}),
      ...(snapshot.uploadedImages ? { uploadedImages: () => snapshot.uploadedImages!() } : {}),
    },
  };
}

/**
 * What the first publication of this process takes a file's last reading from: the previous
 * process's is gone. With history (the git backend), the newest version it recorded readable,
 * and nothing for a file it never recorded readable since it was made: the build's copy may be
 * older than the history (a post unpublished since the build once came back from it, published,
 * when its file was pushed broken and the server restarted). Without history, the build's.
 */
export async function readableBeforeStart(loaded: ContentSnapshot, built: () => Promise<ContentSnapshot>, committed: ((file: string) => Promise<unknown>) | undefined): Promise<ContentSnapshot> {
  if (!committed) return built();
  const found = new Map<string, unknown>();
  for (const [entry] of loaded.refused?.() ?? []) {
    const value = isDataFile(entry) ? await committed(entry) : undefined;
    if (value !== undefined) found.set(entry, value);
  }
  return { get: (path) => found.get(path), paths: () => [...found.keys()] };
}

/** Why a file stands in by its last readable version, as the publication's state names it. */
export const standInReason = (reason: string) => `${reason}; its last readable version is published until it is mended`;
