/**
 * Loads a ContentSnapshot from a data folder on disk. Files are re-read only
 * when their size or mtime changed, so a dev server sees every save at once
 * without re-parsing the whole site on each request.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { snapshotFromEntries, type ContentSnapshot } from './snapshot';

export class DataFileError extends Error {}

interface CachedFile {
  stamp: string;
  value: unknown;
}

async function listJsonFiles(root: string, dir = root): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      // Dotfiles and editors' temp files are never content.
      if (entry.name.startsWith('.')) return [];
      const full = join(dir, entry.name);
      if (entry.isDirectory()) return listJsonFiles(root, full);
      return entry.isFile() && entry.name.endsWith('.json') ? [full] : [];
    }),
  );
  return nested.flat();
}

export function createFsSnapshotLoader(dataRoot: string) {
  const cache = new Map<string, CachedFile>();
  let last: { signature: string; snapshot: ContentSnapshot } | undefined;

  /** The current snapshot; the same object while no file changed. */
  return async function load(): Promise<{ snapshot: ContentSnapshot; signature: string }> {
    const files = await listJsonFiles(dataRoot);
    const stamps = await Promise.all(
      files.map(async (file) => {
        const info = await stat(file);
        return `${info.size}:${info.mtimeMs}`;
      }),
    );
    const signature = files.map((file, index) => `${file}=${stamps[index]}`).join('\n');
    if (last?.signature === signature) return last;

    const entries = await Promise.all(
      files.map(async (file, index): Promise<[string, unknown]> => {
        const key = relative(dataRoot, file).split(sep).join('/');
        const cached = cache.get(file);
        if (cached?.stamp === stamps[index]) return [key, cached.value];
        const text = await readFile(file, 'utf8');
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch (error) {
          throw new DataFileError(`${key}: invalid JSON (${(error as Error).message})`);
        }
        cache.set(file, { stamp: stamps[index]!, value });
        return [key, value];
      }),
    );
    last = { signature, snapshot: snapshotFromEntries(entries) };
    return last;
  };
}
