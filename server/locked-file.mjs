// @ts-check
// Small state files that several processes share (the editor's users and sessions: every server
// process, and `npm run users`): read cheaply on every request, changed rarely, never torn and
// never losing a concurrent change.
// - Reads are cached by the file's identity (inode, size, mtime). Every write replaces the file
//   by rename, so a change always shows as a new inode, in this process or any other.
// - A change is read, modify, write under a lock file created exclusively (`<file>.lock`, one
//   filesystem step, so it holds between processes), and queued per file within the process.
// - Writes are atomic: a temp file beside the target, fsync, rename.
// Plain JavaScript so the production server and `npm run users` load it without a build step.
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { writeFileAtomic as writeAtomically } from './atomic-write.mjs';
import { serialised } from './serialise.mjs';

/** A lock older than this was left by a process that died holding it: no change takes this long. */
const STALE_LOCK_MS = 30_000;
/** How long a change waits for the lock before it gives up with an error. */
const LOCK_TIMEOUT_MS = 10_000;

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Replaces `file` whole, readable by its owner only (it may hold password hashes):
 * readers see the old file or the new one.
 * @param {string} file
 * @param {string} text
 */
export const writeFileAtomic = (file, text) => writeAtomically(file, text, { mode: 0o600, folderMode: 0o700 });

/** Takes the lock, or waits for it; a stale one (its holder died) is broken. */
async function acquireLock(/** @type {string} */ lock) {
  const deadline = Date.now() + LOCK_TIMEOUT_MS;
  for (;;) {
    try {
      await mkdir(dirname(lock), { recursive: true, mode: 0o700 });
      const handle = await open(lock, 'wx', 0o600);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
    const held = await stat(lock).catch(() => undefined);
    if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) {
      await breakStaleLock(lock, held.ino);
      continue;
    }
    if (Date.now() > deadline) throw new Error(`${lock} has been held for more than ${LOCK_TIMEOUT_MS / 1000} s; if no process is changing ${basename(lock, '.lock')}, remove it`);
    await sleep(5 + Math.random() * 20);
  }
}

/**
 * Moves a stale lock aside (a rename: of two breakers, one gets it). Should the
 * moved file be a fresh lock another process took meanwhile, it is put back,
 * unless a third took the name in between (the lock is then briefly shared:
 * a race that needs a crash and three processes within microseconds).
 */
async function breakStaleLock(/** @type {string} */ lock, /** @type {number} */ staleInode) {
  const aside = `${lock}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(lock, aside);
  } catch {
    return;
  }
  const moved = await stat(aside).catch(() => undefined);
  if (moved && moved.ino !== staleInode) await link(aside, lock).catch(() => undefined);
  await rm(aside, { force: true });
}

/**
 * Runs `task` holding `file`'s lock: one at a time within this process (queued)
 * and between processes (the lock file).
 * @template T
 * @param {string} file
 * @param {() => Promise<T>} task
 * @returns {Promise<T>}
 */
export function withFileLock(file, task) {
  const lock = `${file}.lock`;
  return serialised(`locked-file:${file}`, async () => {
    await acquireLock(lock);
    try {
      return await task();
    } finally {
      await rm(lock, { force: true });
    }
  });
}

/** The file's text, or undefined when it does not exist. */
export async function readTextIfExists(/** @type {string} */ file) {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * A reader of `file` that parses it again only when it changed (by inode, size
 * and mtime, checked with one `stat` per call). `parse` gets the text, or
 * undefined for a missing file, and the file's name; a parse error is never
 * cached: every call reads the file again and throws again until it is fixed.
 * @template T
 * @param {(text: string | undefined, file: string) => T} parse
 * @returns {(file: string) => Promise<T>}
 */
export function cachedReader(parse) {
  /** @type {Map<string, { identity: string, value: T }>} */
  const cache = new Map();
  return async (file) => {
    const info = await stat(file).catch((error) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    const identity = info ? `${info.ino}:${info.size}:${info.mtimeMs}` : 'missing';
    const cached = cache.get(file);
    if (cached?.identity === identity) return cached.value;
    // Read after the stat: if the file is replaced in between, the next call sees a new identity and reads again.
    const value = parse(info ? await readTextIfExists(file) : undefined, file);
    cache.set(file, { identity, value });
    return value;
  };
}
