/**
 * Loads a ContentSnapshot from a data folder on disk. Files are re-read only
 * when their size, mtime, inode or ctime changed, so a dev server sees every
 * save at once without re-parsing the whole site on each request, and an
 * unchanged file keeps its parsed object (src/lib/carry-over.ts relies on it).
 *
 * Except a file whose stamp is too recent to vouch for it: on a file system
 * with coarse timestamps (one second on ext3 and HFS+, two on FAT), a file
 * rewritten in place, at the same size, within the tick in which it was read
 * keeps its stamp, and the old content would be served (and a move that
 * rewrites the file would write it back). As git does with "racily clean"
 * index entries, a file whose mtime was within RACY_STAMP_MS of when it was
 * read (server/racy-stamp.mjs) is read again on every load, its text compared
 * with what was read, until a read comes later than that.
 *
 * A file that is not valid JSON (say, mid-edit in a text editor), or has a
 * key twice in one object, is refused like a link (readDataText in
 * data-files.ts), with the reason: only the pages that need it fail, and say
 * why, while every other page still works. So is a file
 * over MAX_DATA_FILE_BYTES, without being read.
 */
import { readFile, stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { listDataFiles, MAX_DATA_FILE_BYTES, readDataText, tooLargeReason } from './data-files';
import { snapshotFromEntries, type ContentSnapshot } from './snapshot';
import { isRacy } from '../../server/racy-stamp.mjs';

export { RACY_STAMP_MS } from '../../server/racy-stamp.mjs';

interface CachedFile {
  stamp: string;
  value: unknown;
  /** Why the file is not valid JSON, when it is not (then it has no value). */
  broken?: string;
  /** Its text, while its stamp is too recent to vouch for it: it is compared with the file's on each load. */
  racyText?: string;
}


/** What the loader reads the disk with: the real file system, unless a test stands in a coarser one. */
export interface SnapshotLoaderIo {
  stat: (file: string) => Promise<{ size: number; mtimeMs: number; ino: number; ctimeMs: number }>;
  readText: (file: string) => Promise<string>;
  now: () => number;
}

const realIo: SnapshotLoaderIo = { stat, readText: (file) => readFile(file, 'utf8'), now: Date.now };

export function createFsSnapshotLoader(dataRoot: string, io: SnapshotLoaderIo = realIo) {
  const cache = new Map<string, CachedFile>();
  let last: { signature: string; snapshot: ContentSnapshot } | undefined;

  /** The file's text now; kept with its value while its stamp (mtime `mtimeMs`) is too recent for a read at `readAt` to be trusted. */
  function remember(file: string, stamp: string, mtimeMs: number, readAt: number, text: string, read: Pick<CachedFile, 'value' | 'broken'>) {
    const { value, broken } = read;
    cache.set(file, { stamp, value, ...(broken !== undefined && { broken }), ...(isRacy(mtimeMs, readAt) && { racyText: text }) });
  }

  /** Reads again every cached file whose stamp cannot vouch for it: whether each still has the text it was read with, and the texts read. */
  async function readRacyFiles(files: readonly string[], mtimes: readonly number[], readAt: number): Promise<{ unchanged: boolean; texts: Map<string, string> }> {
    const texts = new Map<string, string>();
    let unchanged = true;
    await Promise.all(
      files.map(async (file, index) => {
        const cached = cache.get(file);
        if (cached?.racyText === undefined) return;
        const text = await io.readText(file);
        texts.set(file, text);
        if (text === cached.racyText) remember(file, cached.stamp, mtimes[index]!, readAt, text, cached);
        else unchanged = false;
      }),
    );
    return { unchanged, texts };
  }

  /**
   * Loads run one at a time: two at once could each read a file rewritten between their reads, and
   * the one finishing last keep its older text as the snapshot while the cache vouched for the
   * newer (racyText), which then served the older for good. A load asked for while one waits to
   * start shares it: it starts after the request, so it sees everything written before.
   */
  let tail: Promise<unknown> = Promise.resolve();
  let waiting: Promise<{ snapshot: ContentSnapshot; signature: string }> | undefined;

  /** The current snapshot; the same object while no file changed. */
  return function load(): Promise<{ snapshot: ContentSnapshot; signature: string }> {
    if (waiting) return waiting;
    const run = tail.then(() => {
      waiting = undefined;
      return loadNow();
    });
    waiting = run;
    tail = run.catch(() => {});
    return run;
  };

  async function loadNow(): Promise<{ snapshot: ContentSnapshot; signature: string }> {
    // Before the stamps are taken: a file is vouched for only by a read that came well after its mtime.
    const readAt = io.now();
    // Links and other non-files are never read; the snapshot names them, so pages that need them say why.
    const { files, refused } = await listDataFiles(dataRoot);
    const infos = await Promise.all(files.map((file) => io.stat(file)));
    // The inode and change time too: a rewrite of the same size within the mtime's resolution still shows
    // where they differ (the store's atomic rename gives a new inode, and the kernel sets ctime, which utimes cannot).
    const stamps = infos.map((info) => `${info.size}:${info.mtimeMs}:${info.ino}:${info.ctimeMs}`);
    const mtimes = infos.map((info) => info.mtimeMs);
    const signature = [...files.map((file, index) => `${file}=${stamps[index]}`), ...[...refused.keys()].map((path) => `refused:${path}`)].join('\n');
    const racy = last?.signature === signature ? await readRacyFiles(files, mtimes, readAt) : undefined;
    if (racy?.unchanged) return last!;

    const unparsable = new Map<string, string>();
    const entries = await Promise.all(
      files.map(async (file, index): Promise<[string, unknown] | undefined> => {
        const key = relative(dataRoot, file).split(sep).join('/');
        const stamp = stamps[index]!;
        let cached = cache.get(file);
        if (infos[index]!.size > MAX_DATA_FILE_BYTES) {
          // Never read (its size is in its stamp, so it is looked at again only once that changes).
          cached = { stamp, value: undefined, broken: tooLargeReason(infos[index]!.size) };
          cache.set(file, cached);
        } else if (cached?.stamp !== stamp || cached.racyText !== undefined) {
          const text = racy?.texts.get(file) ?? (await io.readText(file));
          // Read again for its recent stamp, and unchanged: the same parsed object.
          if (cached?.stamp !== stamp || text !== cached.racyText) cached = { stamp, ...readDataText(text) };
          remember(file, stamp, mtimes[index]!, readAt, text, cached);
        }
        if (cached.broken === undefined) return [key, cached.value];
        unparsable.set(key, cached.broken);
        return undefined;
      }),
    );
    const allRefused = unparsable.size === 0 ? refused : new Map([...refused, ...unparsable].sort(([a], [b]) => (a < b ? -1 : 1)));
    last = { signature, snapshot: snapshotFromEntries(entries.filter((entry) => entry !== undefined), allRefused) };
    return last;
  }
}
