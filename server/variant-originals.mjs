// Whether a variant URL (/_img/<name>/<hash>-…) may be answered: only while the content's own
// uploads folder holds an image of that name whose bytes have that hash. The cache keeps variants
// by hash alone (one photo under two names is made once) and the build's copies outlive the
// content, so without this a withdrawn photo was served for good: a deleted or replaced image's
// old variant URL kept answering, even put under any other image's name (a hostile review).
//
// Except for a while after an image is replaced: pages name variants by the original's hash, so
// until they are published again (about a second) and any cached copy of them expires, they still
// name the old bytes' variants. Those are served for `graceMs` after the new file was written, and
// only the hash the name had just before (known from the facts remembered of the old file,
// server/original-facts.mjs), and not when the name was seen gone in between (deleted, then a new
// image uploaded under it); after that, 404. The original is described once for any number of
// requests at once, and a file that is no image is not read again until it changes.
// Plain JavaScript so the production server can load it without a build step.
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { lastDescribed, originalInfo } from './image-variant-store.mjs';
import { identityOf } from './original-facts.mjs';
import { takeWithdrawn } from './withdrawn-images.mjs';

/** How long a replaced image's old variants are still served: pages are republished in seconds. */
export const REPLACED_GRACE_MS = 60_000;

/**
 * The check of one server process (it remembers which hash each replaced image had before).
 * @param {string} cacheDir the variants' cache, where the originals' facts are remembered
 * @param {number} [graceMs]
 * @returns {(dir: string, spec: import('./image-variant-urls.mjs').VariantSpec, now?: number) => Promise<boolean>}
 */
export function variantOriginalCheck(cacheDir, graceMs = REPLACED_GRACE_MS) {
  /** @type {Map<string, { hash: string, identity: string }>} path → the hash before the file with `identity` replaced it */
  const replaced = new Map();
  /** @type {Set<string>} paths seen missing: a file there next is a new image, not a replacement */
  const seenMissing = new Set();
  /** @type {Map<string, string>} path → the identity of the file that came after it was seen missing */
  const newAfterGone = new Map();
  /** @type {Map<string, Promise<{ before?: { identity: string, hash: string }, current?: { hash: string } }>>} describes under way, by path and identity */
  const describing = new Map();
  /** @type {Map<string, string>} path → the identity of a file there that is no image it can describe */
  const undescribable = new Map();

  /** The file's facts before and now: one read for any number of requests at once (a review counted 30 for 30). */
  function describe(dir, name, path, identity) {
    const key = `${path}\n${identity}`;
    let job = describing.get(key);
    if (!job) {
      job = (async () => {
        // Read before the file is described: describing it remembers the new bytes' facts in place of the old.
        const before = await lastDescribed(cacheDir, path);
        try {
          return { before, current: await originalInfo([dir], name, cacheDir) };
        } catch {
          undescribable.set(path, identity); // not an image at all: never read again until it changes
          return { before };
        }
      })().finally(() => describing.delete(key));
      describing.set(key, job);
    }
    return job;
  }

  return async (dir, spec, now = Date.now()) => {
    const path = join(dir, spec.name);
    let info;
    try {
      info = await lstat(path);
    } catch {
      // Deleted or renamed: its variants went with it, and an image uploaded under its name later replaces nothing.
      replaced.delete(path);
      seenMissing.add(path);
      takeWithdrawn(spec.name);
      return false;
    }
    // Withdrawn by the content store since last asked, though never seen missing here: the same.
    if (takeWithdrawn(spec.name)) {
      replaced.delete(path);
      seenMissing.add(path);
    }
    if (!info.isFile()) return false;
    const identity = identityOf(info);
    if (undescribable.get(path) === identity) return false;
    const { before, current } = await describe(dir, spec.name, path, identity);
    if (!current) return false;
    if (seenMissing.delete(path)) newAfterGone.set(path, identity);
    if (newAfterGone.get(path) !== identity && before && before.identity !== identity && before.hash !== current.hash) replaced.set(path, { hash: before.hash, identity });
    if (current.hash === spec.hash) return true;
    const old = replaced.get(path);
    return old?.identity === identity && old.hash === spec.hash && now - info.mtimeMs < graceMs;
  };
}
