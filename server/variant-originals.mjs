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
// server/original-facts.mjs); after that, 404.
// Plain JavaScript so the production server can load it without a build step.
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { lastDescribed, originalInfo } from './image-variant-store.mjs';
import { identityOf } from './original-facts.mjs';

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
  return async (dir, spec, now = Date.now()) => {
    const path = join(dir, spec.name);
    let info;
    try {
      info = await lstat(path);
    } catch {
      return false; // deleted or renamed: its variants went with it
    }
    if (!info.isFile()) return false;
    const identity = identityOf(info);
    // Read before the file is described: describing it remembers the new bytes' facts in place of the old.
    const before = await lastDescribed(cacheDir, path);
    const current = await originalInfo([dir], spec.name, cacheDir);
    if (!current) return false;
    if (before && before.identity !== identity && before.hash !== current.hash) replaced.set(path, { hash: before.hash, identity });
    if (current.hash === spec.hash) return true;
    const old = replaced.get(path);
    return old?.identity === identity && old.hash === spec.hash && now - info.mtimeMs < graceMs;
  };
}
