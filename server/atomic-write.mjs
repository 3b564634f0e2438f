// Atomic file writes: a temp file in the same folder, fsync, then rename over
// the target. Readers see the old file or the new one, never a torn or empty
// one, and concurrent writers each win whole. Temp names start with a dot so
// listings and the content loader skip them. Content files are written 0644;
// the editor's users and sessions files ask for 0600 in a 0700 folder.
// Plain JavaScript so the production server and `npm run users` load it without a build step.
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export const TEMP_PREFIX = '.tmp-';
/** A temp file this old was left by a write that crashed; no live write takes this long. */
const STALE_TEMP_MS = 10 * 60 * 1000;

/**
 * @typedef {{ mode?: number, folderMode?: number }} WriteModes
 * The new file's permissions (default 0644), and those of folders created for it (default: the umask's).
 */

/**
 * Removes temp files that crashed writes left in `folder`.
 * @param {string} folder
 */
export async function removeStaleTempFiles(folder, now = Date.now()) {
  const names = await readdir(folder).catch(() => /** @type {string[]} */ ([]));
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

/**
 * Writes `data` to a new temp file beside `target`, flushed to disk; returns its path.
 * @param {string} target
 * @param {string | Uint8Array} data
 * @param {WriteModes} [modes]
 * @returns {Promise<string>}
 */
export async function writeTemp(target, data, { mode = 0o644, folderMode } = {}) {
  const folder = dirname(target);
  await mkdir(folder, { recursive: true, ...(folderMode !== undefined && { mode: folderMode }) });
  await removeStaleTempFiles(folder);
  const temp = join(folder, `${TEMP_PREFIX}${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}`);
  try {
    const handle = await open(temp, 'wx', mode);
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

/**
 * Replaces `target` whole: readers see the old file or the new one.
 * @param {string} target
 * @param {string | Uint8Array} data
 * @param {WriteModes} [modes]
 */
export async function writeFileAtomic(target, data, modes) {
  const temp = await writeTemp(target, data, modes);
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
 * @param {string} target
 * @param {string | Uint8Array} data
 * @returns {Promise<boolean>}
 */
export async function createFileExclusive(target, data) {
  const temp = await writeTemp(target, data);
  try {
    await link(temp, target);
    return true;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}
