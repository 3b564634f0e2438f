/**
 * Atomic file writes: a temp file in the same folder, fsync, then rename over
 * the target. Readers see the old file or the new one, never a torn or empty
 * one, and concurrent writers each win whole. Temp names start with a dot so
 * listings and the content loader skip them.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export const TEMP_PREFIX = '.tmp-';
/** A temp file this old was left by a write that crashed; no live write takes this long. */
const STALE_TEMP_MS = 10 * 60 * 1000;

/** Removes temp files that crashed writes left in `folder`. */
export async function removeStaleTempFiles(folder: string, now = Date.now()): Promise<void> {
  const names = await readdir(folder).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(TEMP_PREFIX))
      .map(async (name) => {
        const path = join(folder, name);
        const info = await stat(path).catch(() => undefined);
        if (info && now - info.mtimeMs > STALE_TEMP_MS) await rm(path, { force: true });
      }),
  );
}

export async function writeFileAtomic(target: string, data: string | Uint8Array): Promise<void> {
  const folder = dirname(target);
  await mkdir(folder, { recursive: true });
  await removeStaleTempFiles(folder);
  const temp = join(folder, `${TEMP_PREFIX}${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}`);
  try {
    const handle = await open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
