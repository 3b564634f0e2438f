// Image variants, made with sharp and kept on disk by content hash: the build, the dev server,
// the editor's preview and the production server all make them here, and an unchanged image is
// never processed twice (the cache outlives builds and restarts). Originals are only read,
// never written; variants carry no metadata (sharp drops EXIF, GPS and XMP unless asked to keep it).
// Plain JavaScript so the production server can load it without a build step.
import { createHash } from 'node:crypto';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { imageWorkSlots, MAX_PARALLEL_IMAGE_WORK } from './bounded-work.mjs';
import { writeFileAtomic } from './atomic-write.mjs';
import { IMAGE_TYPES, MAX_IMAGE_PIXELS } from './headers.mjs';
import { recordsPosition } from './exif-gps.mjs';
import { describedEntry, identityOf, rememberedFacts, rememberFacts } from './original-facts.mjs';
import { isRacy } from './racy-stamp.mjs';
import { openRegularFile } from './files.mjs';
import { shortHash, variantFileName } from './image-variant-urls.mjs';
import { serialised } from './serialise.mjs';

/** Bumped whenever the encoder settings change, so a cache never serves the old settings' bytes. */
const ENCODING_VERSION = 'v1';

/** Encoder settings: visually close to the original at a fraction of its bytes. */
const ENCODERS = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 72, effort: 4 }),
  jpg: (image) => image.jpeg({ quality: 76, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9, effort: 7 }),
};

/** Where variants are kept: `.cache/image-variants` in the project, or IMAGE_CACHE_DIR. */
export function variantCacheDir(projectRoot, env = process.env) {
  return env.IMAGE_CACHE_DIR || join(projectRoot, '.cache', 'image-variants');
}

/**
 * @typedef {{ path: string, size: number, sha256: string, hash: string, width: number, height: number,
 *   hasAlpha: boolean, format: string, hasGps: boolean }} OriginalInfo
 * `width` and `height` are as displayed, after the EXIF orientation.
 */

/** Reads an original through no symlink (O_NOFOLLOW); undefined when it is missing or not a regular file. */
async function readOriginal(path) {
  const opened = await openRegularFile(path);
  if (!opened) return undefined;
  try {
    return { bytes: await opened.handle.readFile(), info: opened.info };
  } finally {
    await opened.handle.close();
  }
}

/** The facts of a file's bytes: hash, displayed size, alpha, and whether its EXIF or XMP holds a GPS position. */
export async function describeImage(bytes) {
  const metadata = await sharp(bytes).metadata();
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const turned = (metadata.orientation ?? 1) >= 5;
  const [width, height] = turned ? [metadata.height, metadata.width] : [metadata.width, metadata.height];
  return {
    sha256, hash: shortHash(sha256), width, height, hasAlpha: Boolean(metadata.hasAlpha),
    format: metadata.format, hasGps: recordsPosition(metadata),
  };
}

/**
 * The original named `name` in the first of `dirs` that holds it, described; undefined when none does.
 * With `cacheDir`, facts are remembered on disk too (server/original-facts.mjs).
 * @param {readonly string[]} dirs
 * @param {string} name one plain file name (server/image-variant-urls.mjs checks it)
 * @param {string} [cacheDir]
 * @returns {Promise<OriginalInfo | undefined>}
 */
export async function originalInfo(dirs, name, cacheDir = '') {
  for (const dir of dirs) {
    const path = join(dir, name);
    let info;
    try {
      info = await stat(path);
    } catch {
      continue;
    }
    const known = info.isFile() ? await rememberedFacts(cacheDir && join(cacheDir, ENCODING_VERSION), path, identityOf(info)) : undefined;
    if (known) return known;
    const readAt = Date.now();
    const read = await readOriginal(path);
    if (!read) continue;
    const value = { path, size: read.info.size, ...(await describeImage(read.bytes)) };
    // Not when its stamp is too recent to vouch for the bytes read (server/racy-stamp.mjs): it is described again next time.
    if (!isRacy(read.info.mtimeMs, readAt)) await rememberFacts(cacheDir && join(cacheDir, ENCODING_VERSION), path, identityOf(read.info), value);
    return value;
  }
  return undefined;
}

/**
 * The facts last remembered for the file at `path`, whatever file it was then (a replaced image's
 * are its old bytes' until it is described again), with the identity they were taken at.
 * @returns {Promise<{ identity: string, hash: string } | undefined>}
 */
export async function lastDescribed(cacheDir, path) {
  const entry = await describedEntry(cacheDir && join(cacheDir, ENCODING_VERSION), path);
  return entry && { identity: entry.identity, hash: entry.facts.hash };
}

/** The region of a `width` × `height` image that a crop to `ratio` around the focal point keeps. */
export function cropRegion(width, height, { ratio, focusX, focusY }) {
  const [rw, rh] = ratio.split('x').map(Number);
  const keepWidth = width * rh > height * rw ? Math.max(1, Math.round((height * rw) / rh)) : width;
  const keepHeight = keepWidth === width ? Math.max(1, Math.min(height, Math.round((width * rh) / rw))) : height;
  const place = (size, kept, focus) => Math.min(size - kept, Math.max(0, Math.round((focus / 100) * size - kept / 2)));
  return { left: place(width, keepWidth, focusX), top: place(height, keepHeight, focusY), width: keepWidth, height: keepHeight };
}

/** Originals decoded lately, by hash: a view's ladder is a dozen variants of one original, decoded once. */
const decoded = new Map();
const DECODED_KEPT = 2;

/** The original's pixels, oriented, as 8-bit raw (kept for the next variants of the same original). */
function decodedPixels(bytes, hash) {
  let pixels = decoded.get(hash);
  if (pixels) decoded.delete(hash);
  else {
    pixels = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).autoOrient().raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    pixels.catch(() => decoded.delete(hash));
  }
  decoded.set(hash, pixels);
  if (decoded.size > DECODED_KEPT) decoded.delete(decoded.keys().next().value);
  return pixels;
}

/**
 * A variant's bytes: oriented, cropped, scaled down (never up) and encoded, without metadata.
 * @param {Buffer} bytes the original
 * @param {import('./image-variant-urls.mjs').VariantSpec} spec
 */
export async function encodeVariant(bytes, spec) {
  const { data, info } = await decodedPixels(bytes, createHash('sha256').update(bytes).digest('hex'));
  let image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  let sourceWidth = info.width;
  if (spec.crop) {
    const region = cropRegion(info.width, info.height, spec.crop);
    image = image.extract(region);
    sourceWidth = region.width;
  }
  return ENCODERS[spec.format](image.resize({ width: Math.min(spec.width, sourceWidth) })).toBuffer();
}

/**
 * Variants made at once in this process: each is a whole image decode and encode, so a burst queues
 * (and the servers bound that queue: server/variant-making-limits.mjs). They take the slots of all
 * costly image work, which uploads' checks share (server/bounded-work.mjs).
 */
export const MAX_PARALLEL_ENCODES = MAX_PARALLEL_IMAGE_WORK;

const withEncodeSlot = (task) => imageWorkSlots().run(task);

/** Where a variant is (or will be) kept in the cache. */
export function cachedVariantPath(cacheDir, spec) {
  return join(cacheDir, ENCODING_VERSION, spec.hash, variantFileName(spec));
}

/**
 * The cached file of a variant, made first if needed from the original whose bytes have the
 * URL's hash. Undefined when no original in `dirs` has that name and hash (a URL from another
 * version of the image, or a guess): nothing is made then.
 * @param {{ cacheDir: string, dirs: readonly string[] }} where
 * @param {import('./image-variant-urls.mjs').VariantSpec} spec
 * @returns {Promise<{ path: string, made: boolean } | undefined>}
 */
export async function ensureVariant({ cacheDir, dirs }, spec) {
  const path = cachedVariantPath(cacheDir, spec);
  if (await isFile(path)) return { path, made: false };
  return serialised(`image-variant:${path}`, async () => {
    if (await isFile(path)) return { path, made: false };
    // The original is read inside the slot: a build asking for thousands of variants holds two originals, not all.
    const bytes = await withEncodeSlot(async () => {
      const original = await originalWithHash(dirs, spec.name, spec.hash);
      return original && encodeVariant(original, spec);
    });
    if (!bytes) return undefined;
    await mkdir(join(cacheDir, ENCODING_VERSION, spec.hash), { recursive: true });
    await writeFileAtomic(path, bytes);
    return { path, made: true };
  });
}

async function originalWithHash(dirs, name, hash) {
  for (const dir of dirs) {
    const read = await readOriginal(join(dir, name));
    if (read && shortHash(createHash('sha256').update(read.bytes).digest('hex')) === hash) return (await isRasterNamed(read.bytes, name)) ? read.bytes : undefined;
  }
  return undefined;
}

/**
 * Whether the bytes are the raster image their name says, within the pixel cap. Uploads are
 * checked, but a file's name is not its content: an SVG (whose size the upload check never
 * measures) renamed to `.png` would otherwise be rasterised here at whatever size it declares,
 * gigabytes of pixels for anyone who asks for a variant. Such a file gets no variants.
 */
async function isRasterNamed(bytes, name) {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  try {
    const { format, width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    return format !== 'svg' && Boolean(IMAGE_TYPES[format]?.extensions.includes(extension)) && width * height <= MAX_IMAGE_PIXELS;
  } catch {
    return false;
  }
}

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
