/**
 * server/variant-originals.mjs (the check every /_img/ request now runs before any limit).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VariantSpec } from '../../server/image-variant-urls.mjs';
import { variantOriginalCheck } from '../../server/variant-originals.mjs';

// Count every open() of an original (server/files.mjs's openRegularFile reads originals through it).
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
const spec = (name: string, hash: string, width = 320): VariantSpec => ({ name, hash, width, format: 'webp' });
async function put(name: string, bytes: Buffer, secondsAgo = 10) {
  await writeFile(join(images(), name), bytes);
  const at = new Date(Date.now() - secondsAgo * 1000);
  await utimes(join(images(), name), at, at);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'review-variant-originals-'));
  await mkdir(images());
  opened.length = 0;
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('variant URLs of a withdrawn photo', () => {
  it('a photo deleted long ago is not served again when a new image is uploaded under its name', async () => {
    const withdrawn = await png('#f00');
    const fresh = await png('#00f');
    await put('team.png', withdrawn, 3600);
    const serves = variantOriginalCheck(cache());
    expect(await serves(images(), spec('team.png', hashOf(withdrawn)))).toBe(true);
    // The editor deletes the photo (withdrawn: a person asked for it to go).
    await rm(join(images(), 'team.png'));
    expect(await serves(images(), spec('team.png', hashOf(withdrawn)))).toBe(false);
    // Later, someone uploads a different image that happens to be called team.png.
    await put('team.png', fresh, 5);
    const written = (await stat(join(images(), 'team.png'))).mtimeMs;
    expect(await serves(images(), spec('team.png', hashOf(fresh)), written + 6000)).toBe(true);
    // The deleted photo's variant URL must stay dead: it was deleted, not replaced.
    expect(await serves(images(), spec('team.png', hashOf(withdrawn)), written + 6000)).toBe(false);
  });

  it('nor while the new image is too fresh for its facts to be kept (they are described anew on each request)', async () => {
    const withdrawn = await png('#f00');
    const fresh = await png('#00f');
    await put('team.png', withdrawn, 3600);
    const serves = variantOriginalCheck(cache());
    expect(await serves(images(), spec('team.png', hashOf(withdrawn)))).toBe(true);
    await rm(join(images(), 'team.png'));
    expect(await serves(images(), spec('team.png', hashOf(withdrawn)))).toBe(false);
    await put('team.png', fresh, 0);
    const written = (await stat(join(images(), 'team.png'))).mtimeMs;
    expect(await serves(images(), spec('team.png', hashOf(fresh)), written + 500)).toBe(true);
    expect(await serves(images(), spec('team.png', hashOf(fresh)), written + 600)).toBe(true);
    expect(await serves(images(), spec('team.png', hashOf(withdrawn)), written + 700)).toBe(false);
  });
});

describe('reading originals before any limit', () => {
  it('many requests at once for an image not yet described read and hash it once, not once per request', async () => {
    const big = await png('#0a0', 1500);
    await put('hero.png', big);
    const serves = variantOriginalCheck(cache());
    // 30 different URLs (widths, any hash): none of them is limited, none is cached by a CDN.
    await Promise.all(Array.from({ length: 30 }, (_, index) => serves(images(), spec('hero.png', index.toString(16).padStart(16, '0')))));
    const reads = opened.filter((path) => path === join(images(), 'hero.png')).length;
    expect(reads, `${reads} whole reads of a ${big.length}-byte original for 30 requests`).toBeLessThanOrEqual(1);
  });

  it('a file that is no image under an image name answers "no such variant", and is not read again on every request', async () => {
    await put('broken.png', randomBytes(256 * 1024));
    const serves = variantOriginalCheck(cache());
    const answers = [];
    for (let n = 0; n < 5; n += 1) answers.push(await serves(images(), spec('broken.png', '0123456789abcdef')).then((value) => value, (error: Error) => `throws: ${error.message}`));
    expect(answers).toEqual([false, false, false, false, false]);
    expect(opened.filter((path) => path === join(images(), 'broken.png')).length).toBeLessThanOrEqual(1);
  });
});
