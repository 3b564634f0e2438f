/**
 * A variant URL is answered only while the content's uploads hold its original with the URL's hash
 * (server/variant-originals.mjs). A hostile review fetched a deleted photo's variant under any
 * other image's name (the cache keeps variants by hash alone), and a replaced photo's old variant
 * for good. A replaced image's previous hash is still served for a grace period, while its pages
 * are published again.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VariantSpec } from '../../server/image-variant-urls.mjs';
import { REPLACED_GRACE_MS, variantOriginalCheck } from '../../server/variant-originals.mjs';

let root: string;
const images = () => join(root, 'images');
const cache = () => join(root, 'cache');
const png = (background: string) => sharp({ create: { width: 40, height: 30, channels: 3, background } }).png().toBuffer();
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
