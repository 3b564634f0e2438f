/**
 * Atomic file writes: a temp file in the same folder, fsync, then rename over
 * the target. Readers see the old file or the new one, never a torn or empty
 * one, and concurrent writers each win whole. Temp names start with a dot so
 * listings and the content loader skip them.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
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

/** Writes `data` to a new temp file beside `target`, flushed to disk; returns its path. */
export async function writeTemp(target: string, data: string | Uint8Array): Promise<string> {
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
    return temp;
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Replaces `target` whole: readers see the old file or the new one. */
export async function writeFileAtomic(target: string, data: string | Uint8Array): Promise<void> {
  const temp = await writeTemp(target, data);
  try {
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Creates `target` whole, only if nothing has that name yet: returns false when
 * something does. The existence check and the write are one step in the
 * filesystem (a hard link fails with EEXIST), so of many writers, even in other
 * processes, exactly one creates the file.
 */
export async function createFileExclusive(target: string, data: string | Uint8Array): Promise<boolean> {
  const temp = await writeTemp(target, data);
  try {
    await link(temp, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}
