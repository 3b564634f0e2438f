// The image variants cache's room on disk. Any visitor may have a variant made (a focal point, a
// width and a format are in its URL: tens of thousands of URLs an image), and the limits on making
// them (variant-making-limits.mjs) bound the CPU, not the disk: one address within its budget once
// added tens of gigabytes a day, kept for good, as were the variants of deleted and replaced images.
// So the cache has a size budget: past it, the variants used least recently are removed, down to
// most of the budget. A removed variant is made again when asked for (within the same limits); the
// build's own variants, linked into dist/, are never counted or removed.
// Plain JavaScript so the production server can load it without a build step.
import { lstat, readdir, rm, rmdir, utimes } from 'node:fs/promises';
import { join } from 'node:path';

/** Pruning stops once the cache is back under this share of its budget, so it is not pruned again at every variant. */
const PRUNED_TO = 0.8;
/** A variant's use is written to its access time at most this often: one write an hour, not one a request. */
const USE_MARKED_EVERY_MS = 60 * 60 * 1000;
/** Uses remembered in memory before the memory is forgotten at once (each forgotten one is marked again on its next use). */
const USES_REMEMBERED = 100_000;

/**
 * Every variant file in the cache, with its size and when it was last used (its access time, which
 * `used` sets: a file system mounted noatime keeps only those). Variants are `<version>/<hash>/<file>`;
 * anything else there (the originals' facts) is neither counted nor removed.
 * @param {string} cacheDir
 */
async function variantFiles(cacheDir) {
  const found = [];
  const entries = async (dir) => readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const version of await entries(cacheDir)) {
    if (!version.isDirectory()) continue;
    for (const image of await entries(join(cacheDir, version.name))) {
      if (!image.isDirectory()) continue;
      for (const variant of await entries(join(cacheDir, version.name, image.name))) {
        const path = join(cacheDir, version.name, image.name, variant.name);
        const info = variant.isFile() ? await lstat(path).catch(() => undefined) : undefined;
        // One the build linked into dist/ too (src/lib/images/integration.ts) is the build's: removing it frees no disk.
        if (info && info.nlink <= 1) found.push({ path, size: info.size, usedMs: Math.max(info.atimeMs, info.mtimeMs) });
      }
    }
  }
  return found;
}

/**
 * @param {string} cacheDir
 * @param {number} maxBytes the budget; 0 leaves the cache unbounded
 */
export function variantCacheBudget(cacheDir, maxBytes) {
  /** Bytes in the cache, measured on the first variant made, then counted. */
  let total;
  /** @type {Promise<void> | undefined} */
  let pruning;
  const marked = new Map();

  async function prune() {
    const files = await variantFiles(cacheDir);
    total = files.reduce((sum, file) => sum + file.size, 0);
    files.sort((a, b) => a.usedMs - b.usedMs);
    for (const file of files) {
      if (total <= maxBytes * PRUNED_TO) break;
      // A variant being sent meanwhile is still sent whole: its file stays open until then.
      await rm(file.path, { force: true });
      total -= file.size;
      await rmdir(join(file.path, '..')).catch(() => undefined); // its image's folder, once empty
    }
  }

  return {
    /**
     * A variant was made and kept: counts its bytes, and past the budget removes the least recently used.
     * @param {number} size its bytes
     */
    async made(size) {
      if (maxBytes <= 0) return;
      if (total === undefined) total = (await variantFiles(cacheDir)).reduce((sum, file) => sum + file.size, 0);
      else total += size;
      if (total > maxBytes) pruning ??= prune().finally(() => (pruning = undefined));
      await pruning;
    },
    /**
     * A kept variant was served: marks it used (its access time), so pruning keeps it over unused ones.
     * @param {string} path @param {number} mtimeMs its modification time, kept as it is
     */
    async used(path, mtimeMs) {
      if (maxBytes <= 0) return;
      const now = Date.now();
      if (now - (marked.get(path) ?? 0) < USE_MARKED_EVERY_MS) return;
      if (marked.size >= USES_REMEMBERED) marked.clear();
      marked.set(path, now);
      await utimes(path, now / 1000, mtimeMs / 1000).catch(() => undefined);
    },
  };
}
