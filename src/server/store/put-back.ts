/**
 * The bytes of a change's files before it, and putting them back with the filesystem alone:
 * what the git backend does when git itself cannot undo a change (git-backend.ts, rollBack).
 */
import { lstat, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../atomic-write';

/** Each repository path's bytes, or null where there was no file; a link or folder is left out (never followed, never written over). */
export type FilesBefore = ReadonlyMap<string, Buffer | null>;

export async function readBefore(dir: string, paths: readonly string[]): Promise<FilesBefore> {
  const before = new Map<string, Buffer | null>();
  for (const path of paths) {
    const info = await lstat(join(dir, path)).catch(() => undefined);
    if (!info) before.set(path, null);
    else if (info.isFile()) before.set(path, await readFile(join(dir, path)));
  }
  return before;
}

/** Makes every path read by readBefore as it was: its old bytes written back atomically, or the file removed. */
export async function putBack(dir: string, before: FilesBefore): Promise<void> {
  for (const [path, bytes] of before) {
    if (bytes === null) await rm(join(dir, path), { force: true });
    else await writeFileAtomic(join(dir, path), bytes);
  }
}
