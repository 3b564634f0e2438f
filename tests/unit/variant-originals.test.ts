/**
 * A variant URL is answered only while the content's uploads hold its original with the URL's hash
 * (server/variant-originals.mjs). A hostile review fetched a deleted photo's variant under any
 * other image's name (the cache keeps variants by hash alone), and a replaced photo's old variant
 * for good. A replaced image's previous hash is still served for a grace period, while its pages
 * are published again.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import type * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VariantSpec } from '../../server/image-variant-urls.mjs';
import { REPLACED_GRACE_MS, variantOriginalCheck } from '../../server/variant-originals.mjs';
import { imageWithdrawn } from '../../server/withdrawn-images.mjs';

// Every open() of an original (server/files.mjs reads originals through it), to count whole reads.
const opened: string[] = [];
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  return { ...actual, open: (path: string, ...rest: unknown[]) => (opened.push(String(path)), (actual.open as (...args: unknown[]) => unknown)(path, ...rest)) };
});

let root: string;
const images = () => join(root, 'images');
const cache = () => join(root, 'cache');
const png = (background: string, size = 40) => sharp({ create: { width: size, height: size, channels: 3, background } }).png().toBuffer();
const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const spec = (name: string, hash: string): VariantSpec => ({ name, hash, width: 320, format: 'webp' });
/** Writes an image as an upload does, its mtime `secondsAgo` back (a stamp older than the 3 s in which facts are not trusted). */
async function put(name: string, bytes: Buffer, secondsAgo = 10) {
  await writeFile(join(images(), name), bytes);
  const at = new Date(Date.now() - secondsAgo * 1000);
  await utimes(join(images(), name), at, at);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'variant-originals-'));
  await mkdir(images());
  opened.length = 0;
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('which original a variant URL is answered for', () => {
  it('only the image of that name with those bytes: never another name, never once it is deleted', async () => {
    const red = await png('#f00');
    const blue = await png('#00f');
    await put('private.png', red);
    await put('other.png', blue);
    const serves = variantOriginalCheck(cache());
    expect(await serves(images(), spec('private.png', hashOf(red)))).toBe(true);
    // The withdrawn photo's hash under an image that exists: the cache would hand over its variant.
    expect(await serves(images(), spec('other.png', hashOf(red)))).toBe(false);
    expect(await serves(images(), spec('other.png', hashOf(blue)))).toBe(true);
    await rm(join(images(), 'private.png'));
    expect(await serves(images(), spec('private.png', hashOf(red)))).toBe(false);
  });

  it('serves a replaced image’s previous hash only for the grace period after the new file was written, and no other hash', async () => {
    const green = await png('#0a0');
    const blue = await png('#00f');
    const stranger = await png('#123');
    await put('staff.png', green, 20);
    const serves = variantOriginalCheck(cache());
    expect(await serves(images(), spec('staff.png', hashOf(green)))).toBe(true);
    await put('staff.png', blue, 10);
    const written = (await stat(join(images(), 'staff.png'))).mtimeMs;
    expect(await serves(images(), spec('staff.png', hashOf(blue)))).toBe(true);
    // Pages not yet published again still name the old bytes' variants.
    expect(await serves(images(), spec('staff.png', hashOf(green)), written + 1000)).toBe(true);
    expect(await serves(images(), spec('staff.png', hashOf(green)), written + 30_000)).toBe(true);
    expect(await serves(images(), spec('staff.png', hashOf(stranger)), written + 1000)).toBe(false);
    // After the grace period, the old photo is gone.
    expect(await serves(images(), spec('staff.png', hashOf(green)), written + REPLACED_GRACE_MS + 1)).toBe(false);
    // A process that never saw the old bytes serves only the new (it learns the old from the facts on disk when it did).
    expect(await variantOriginalCheck(join(root, 'another-cache'))(images(), spec('staff.png', hashOf(green)), written + 1000)).toBe(false);
  });

  it('answers nothing for a name that is not a regular file (a link, a folder)', async () => {
    await mkdir(join(images(), 'folder.png'));
    expect(await variantOriginalCheck(cache())(images(), spec('folder.png', '0123456789abcdef'))).toBe(false);
  });
});

describe('a withdrawn photo, and reading originals before any limit (a review)', () => {
  // Whether the new image's facts are kept (an older stamp) or described anew on each request (too fresh).
  it.each([5, 0])('serves no deleted photo again once a new image is uploaded under its name (its mtime %i s back): it was taken for a replacement', async (secondsAgo) => {
    const [withdrawn, fresh] = [await png('#f00'), await png('#00f')];
    await put('team.png', withdrawn, 3600);
    const serves = variantOriginalCheck(cache());
    expect(await serves(images(), spec('team.png', hashOf(withdrawn)))).toBe(true);
    await rm(join(images(), 'team.png'));
    expect(await serves(images(), spec('team.png', hashOf(withdrawn)))).toBe(false);
    await put('team.png', fresh, secondsAgo);
    const written = (await stat(join(images(), 'team.png'))).mtimeMs;
    expect(await serves(images(), spec('team.png', hashOf(fresh)), written + 500)).toBe(true);
    expect(await serves(images(), spec('team.png', hashOf(fresh)), written + 600)).toBe(true);
    expect(await serves(images(), spec('team.png', hashOf(withdrawn)), written + 700)).toBe(false);
  });

  it('serves no photo the content store withdrew, when a new image comes under its name before anyone asked for the old', async () => {
    const [withdrawn, fresh] = [await png('#f00'), await png('#00f')];
    await put('team.png', withdrawn, 3600);
    const serves = variantOriginalCheck(cache());
    expect(await serves(images(), spec('team.png', hashOf(withdrawn)))).toBe(true);
    // Deleted through the store, and a new team.png uploaded, with no request in between.
    imageWithdrawn('team.png');
    await put('team.png', fresh, 5);
    const written = (await stat(join(images(), 'team.png'))).mtimeMs;
    expect(await serves(images(), spec('team.png', hashOf(withdrawn)), written + 500)).toBe(false);
    expect(await serves(images(), spec('team.png', hashOf(fresh)), written + 600)).toBe(true);
    expect(await serves(images(), spec('team.png', hashOf(withdrawn)), written + 700)).toBe(false);
  });

  it('reads an original not yet described once for many requests at once, not once each', async () => {
    const big = await png('#0a0', 1500);
    await put('hero.png', big);
    const serves = variantOriginalCheck(cache());
    await Promise.all(Array.from({ length: 30 }, (_, index) => serves(images(), spec('hero.png', index.toString(16).padStart(16, '0')))));
    expect(opened.filter((path) => path === join(images(), 'hero.png'))).toHaveLength(1);
  });

  it('answers "no such variant" for a file that is no image under an image name (it threw: a 500), and reads it once', async () => {
    await put('broken.png', randomBytes(256 * 1024));
    const serves = variantOriginalCheck(cache());
    const answers = [];
    for (let n = 0; n < 5; n += 1) answers.push(await serves(images(), spec('broken.png', '0123456789abcdef')).catch((error: Error) => `throws: ${error.message}`));
    expect(answers).toEqual([false, false, false, false, false]);
    expect(opened.filter((path) => path === join(images(), 'broken.png'))).toHaveLength(1);
  });
});
