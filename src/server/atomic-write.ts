/**
 * Atomic file writes: a temp file in the same folder, fsync, then rename over
 * the target. Readers see the old file or the new one, never a torn or empty
 * one, and concurrent writers each win whole. Temp names start with a dot so
 * listings and the content loader skip them.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export const TEMP_PREFIX = '.tmp-';

export async function writeFileAtomic(target: string, data: string | Uint8Array): Promise<void> {
  const folder = dirname(target);
  await mkdir(folder, { recursive: true });
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
