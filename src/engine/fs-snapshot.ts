/**
 * Loads a ContentSnapshot from a data folder on disk. Files are re-read only
 * when their size, mtime, inode or ctime changed, so a dev server sees every
 * save at once without re-parsing the whole site on each request, and an
 * unchanged file keeps its parsed object (src/lib/carry-over.ts relies on it).
 *
 * A file that is not valid JSON (say, mid-edit in a text editor) is refused
 * like a link (data-files.ts), with the parser's reason: only the pages that
 * need it fail, and say why, while every other page still works.
 */
import { readFile, stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { invalidJsonReason, listDataFiles } from './data-files';
import { snapshotFromEntries, type ContentSnapshot } from './snapshot';

interface CachedFile {
  stamp: string;
  value: unknown;
}

export function createFsSnapshotLoader(dataRoot: string) {
  const cache = new Map<string, CachedFile>();
  let last: { signature: string; snapshot: ContentSnapshot } | undefined;

  /** The current snapshot; the same object while no file changed. */
  return async function load(): Promise<{ snapshot: ContentSnapshot; signature: string }> {
    // Links and other non-files are never read; the snapshot names them, so pages that need them say why.
    const { files, refused } = await listDataFiles(dataRoot);
    const stamps = await Promise.all(
      files.map(async (file) => {
        const info = await stat(file);
        // The inode and change time too: a rewrite of the same size within the mtime's resolution still shows
        // (the store's atomic rename gives a new inode, and the kernel sets ctime, which utimes cannot).
        return `${info.size}:${info.mtimeMs}:${info.ino}:${info.ctimeMs}`;
      }),
    );
    const signature = [...files.map((file, index) => `${file}=${stamps[index]}`), ...[...refused.keys()].map((path) => `refused:${path}`)].join('\n');
    if (last?.signature === signature) return last;

    const unparsable = new Map<string, string>();
    const entries = await Promise.all(
      files.map(async (file, index): Promise<[string, unknown] | undefined> => {
        const key = relative(dataRoot, file).split(sep).join('/');
        const cached = cache.get(file);
        if (cached?.stamp === stamps[index]) return [key, cached.value];
        const text = await readFile(file, 'utf8');
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch (error) {
          unparsable.set(key, invalidJsonReason(error, text));
          return undefined;
        }
        cache.set(file, { stamp: stamps[index]!, value });
        return [key, value];
      }),
    );
    const allRefused = unparsable.size === 0 ? refused : new Map([...refused, ...unparsable].sort(([a], [b]) => (a < b ? -1 : 1)));
    last = { signature, snapshot: snapshotFromEntries(entries.filter((entry) => entry !== undefined), allRefused) };
    return last;
  };
}
