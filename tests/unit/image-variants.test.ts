import { mkdtemp, readdir, readFile, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedVariantPath, cropRegion, describeImage, ensureVariant, originalInfo } from '../../server/image-variant-store.mjs';
import { parseVariantPath, variantUrl, type VariantSpec } from '../../server/image-variant-urls.mjs';
import { hasGpsPosition } from '../../server/exif-gps.mjs';
import { planFromOriginal, widthLadder } from '../../src/lib/images/responsive';

/** A photo-like JPEG: a gradient with noise, so encoders have real work. */
async function photo(width: number, height: number, exif?: Record<string, Record<string, string>>) {
  const noise = await sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).raw().toBuffer();
  const image = sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 });
  return (exif ? image.withExif(exif) : image).toBuffer();
}

describe('variant URLs', () => {
  const spec: VariantSpec = { name: 'hero.jpg', hash: '0123456789abcdef', width: 800, format: 'avif', crop: { ratio: '4x3', focusX: 30, focusY: 65 } };

  it('round-trip: the views write what the handler reads', () => {
    const url = variantUrl(spec);
    expect(url).toBe('/_img/hero.jpg/0123456789abcdef-w800-r4x3-f30x65.avif');
    expect(parseVariantPath(url)).toEqual(spec);
    const { crop: _crop, ...uncropped } = spec;
    expect(parseVariantPath(variantUrl(uncropped))).toEqual(uncropped);
  });

  it.each([
    ['a width off the ladder', '/_img/hero.jpg/0123456789abcdef-w801.avif'],
    ['a width past the ladder', '/_img/hero.jpg/0123456789abcdef-w2048.avif'],
    ['a second spelling of a width', '/_img/hero.jpg/0123456789abcdef-w0800.avif'],
    ['a format not allowed', '/_img/hero.jpg/0123456789abcdef-w800.gif'],
    ['a crop no view uses', '/_img/hero.jpg/0123456789abcdef-w800-r7x3-f50x50.avif'],
    ['a focal point off the grid', '/_img/hero.jpg/0123456789abcdef-w800-r4x3-f51x50.avif'],
    ['a focal point past the edge', '/_img/hero.jpg/0123456789abcdef-w800-r4x3-f105x50.avif'],
    ['a short hash', '/_img/hero.jpg/0123456789abcde-w800.avif'],
    ['an SVG original', '/_img/logo.svg/0123456789abcdef-w800.avif'],
    ['a dot file', '/_img/.hero.jpg/0123456789abcdef-w800.avif'],
    ['a nested path', '/_img/a/hero.jpg/0123456789abcdef-w800.avif'],
  ])('refuses %s', (_, path) => {
    expect(parseVariantPath(path)).toBeUndefined();
  });
});

describe('planning an image', () => {
  it('ladders widths up to twice the widest display, never past the original nor 1600 px', () => {
    expect(widthLadder(3000, 880).map(({ step }) => step)).toEqual([320, 480, 640, 800, 1024, 1280, 1600]);
    expect(widthLadder(3000, 400).map(({ step }) => step)).toEqual([320, 480, 640, 800]);
    expect(widthLadder(700, 880)).toEqual([
      { step: 320, actual: 320 }, { step: 480, actual: 480 }, { step: 640, actual: 640 }, { step: 800, actual: 700 },
    ]);
    expect(widthLadder(200, 48)).toEqual([{ step: 320, actual: 200 }]);
  });

  it('gives the cropped ratio and the real width of the widest file', () => {
    const plan = planFromOriginal('p.jpg', { hash: 'ffffffffffffffff', width: 3000, height: 2000, hasAlpha: false }, { width: 1200, height: 900, fit: 'cover', maxWidth: 880, focusX: 0.25 });
    expect(plan.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    expect(plan.sources[0]!.srcset).toContain('/_img/p.jpg/ffffffffffffffff-w800-r4x3-f25x50.avif 800w');
    expect([plan.width, plan.height]).toEqual([1600, 1200]);
    expect(plan.src).toBe('/_img/p.jpg/ffffffffffffffff-w1024-r4x3-f25x50.jpg');
    expect(plan.objectPosition).toBe('25% 50%');
    const logo = planFromOriginal('l.png', { hash: 'ffffffffffffffff', width: 300, height: 100, hasAlpha: true }, { width: 160, height: 48, fit: 'contain', maxWidth: 160 });
    expect([logo.width, logo.height, logo.src.endsWith('.png')]).toEqual([300, 100, true]);
  });

  it('refuses a crop ratio the handler would not answer', () => {
    expect(() => planFromOriginal('p.jpg', { hash: 'ffffffffffffffff', width: 100, height: 100, hasAlpha: false }, { width: 7, height: 3, fit: 'cover', maxWidth: 100 })).toThrow(/7x3/);
  });

  it('crops around the focal point, inside the image', () => {
    expect(cropRegion(3000, 2000, { ratio: '1x1', focusX: 0, focusY: 50 })).toEqual({ left: 0, top: 0, width: 2000, height: 2000 });
    expect(cropRegion(3000, 2000, { ratio: '1x1', focusX: 75, focusY: 50 })).toEqual({ left: 1000, top: 0, width: 2000, height: 2000 });
    expect(cropRegion(3000, 2000, { ratio: '40x21', focusX: 50, focusY: 100 })).toEqual({ left: 0, top: 425, width: 3000, height: 1575 });
  });
});

describe('the variant cache', () => {
  let root: string;
  let originals: string;
  let cacheDir: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'cse-variants-'));
    [originals, cacheDir] = [join(root, 'images'), join(root, 'cache')];
    await import('node:fs/promises').then(({ mkdir }) => mkdir(originals));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const specOf = async (bytes: Buffer, extra: Partial<VariantSpec> = {}): Promise<VariantSpec> => ({
    name: 'photo.jpg', hash: (await describeImage(bytes)).hash, width: 480, format: 'webp', ...extra,
  });

  it('makes a variant once, then serves the cached file; the original is untouched', async () => {
    const bytes = await photo(1200, 800, { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } });
    await writeFile(join(originals, 'photo.jpg'), bytes);
    const spec = await specOf(bytes, { crop: { ratio: '1x1', focusX: 50, focusY: 50 } });
    const first = await ensureVariant({ cacheDir, dirs: [originals] }, spec);
    expect(first).toEqual({ path: cachedVariantPath(cacheDir, spec), made: true });
    const written = await stat(first!.path);
    const again = await ensureVariant({ cacheDir, dirs: [originals] }, spec);
    expect(again).toEqual({ path: first!.path, made: false });
    expect((await stat(first!.path)).mtimeMs).toBe(written.mtimeMs);
    const variant = await sharp(await readFile(first!.path)).metadata();
    expect([variant.format, variant.width, variant.height]).toEqual(['webp', 480, 480]);
    expect(variant.exif).toBeUndefined();
    expect(await readFile(join(originals, 'photo.jpg'))).toEqual(bytes);
  });

  it('turns a photo as its EXIF orientation says before cutting it', async () => {
    // 300 × 100 stored, left half red and right half blue, shown turned a quarter clockwise: 100 × 300, red above blue.
    const pixels = Buffer.alloc(300 * 100 * 3);
    for (let i = 0; i < 300 * 100; i += 1) pixels[i * 3 + ((i % 300) < 150 ? 0 : 2)] = 255;
    const bytes = await sharp(pixels, { raw: { width: 300, height: 100, channels: 3 } }).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    await writeFile(join(originals, 'photo.jpg'), bytes);
    expect(await describeImage(bytes)).toMatchObject({ width: 100, height: 300 });
    const top = await ensureVariant({ cacheDir, dirs: [originals] }, await specOf(bytes, { width: 320, format: 'png', crop: { ratio: '1x1', focusX: 50, focusY: 0 } }));
    const { data, info } = await sharp(await readFile(top!.path)).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([100, 100]);
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(50);
  });

  it('remembers originals on disk by file identity: a warm process reads no original it knows, a changed one is read again', async () => {
    const path = join(originals, 'photo.jpg');
    await writeFile(path, await photo(300, 200));
    // Written a minute ago: a stamp that recent is not trusted (the next test).
    const aMinuteAgo = Date.now() / 1000 - 60;
    await utimes(path, aMinuteAgo, aMinuteAgo);
    const first = await originalInfo([originals], 'photo.jpg', cacheDir);
    const remembered = JSON.parse(await readFile(join(cacheDir, 'v1', 'originals.json'), 'utf8'));
    expect(remembered[path].facts).toEqual(first);
    // A later process (another cache folder's first read) takes the file's facts as written, without reading it.
    const laterCache = join(root, 'later-cache');
    await import('node:fs/promises').then(({ mkdir }) => mkdir(join(laterCache, 'v1'), { recursive: true }));
    await writeFile(join(laterCache, 'v1', 'originals.json'), JSON.stringify({ [path]: { ...remembered[path], facts: { ...first, hash: 'remembered' } } }));
    expect((await originalInfo([originals], 'photo.jpg', laterCache))?.hash).toBe('remembered');
    await writeFile(path, await photo(300, 200));
    expect((await originalInfo([originals], 'photo.jpg', laterCache))?.hash).not.toBe('remembered');
  });

  it('does not trust a stamp too recent to vouch for the bytes: an original rewritten in place at the same size and mtime is described again', async () => {
    // What a file system with one-second timestamps shows of a rewrite within the second it was read in.
    const path = join(originals, 'photo.png');
    const png = (red: number) => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: red, g: 0, b: 0 } } }).png({ compressionLevel: 0, adaptiveFiltering: false }).toBuffer();
    const [before, after] = [await png(10), await png(200)];
    expect(after.length).toBe(before.length);
    const second = Math.floor(Date.now() / 1000);
    await writeFile(path, before);
    await utimes(path, second, second);
    expect((await originalInfo([originals], 'photo.png', cacheDir))?.hash).toBe((await describeImage(before)).hash);
    await writeFile(path, after);
    await utimes(path, second, second);
    expect((await originalInfo([originals], 'photo.png', cacheDir))?.hash).toBe((await describeImage(after)).hash);
  });

  it('concurrent requests for one variant encode it once', async () => {
    const bytes = await photo(900, 600);
    await writeFile(join(originals, 'photo.jpg'), bytes);
    const spec = await specOf(bytes);
    const results = await Promise.all(Array.from({ length: 5 }, () => ensureVariant({ cacheDir, dirs: [originals] }, spec)));
    expect(results.filter((result) => result?.made)).toHaveLength(1);
  });

  it('is keyed by content: a replaced original is made again, and its old URL is never answered with new bytes', async () => {
    const before = await photo(900, 600);
    await writeFile(join(originals, 'photo.jpg'), before);
    const oldSpec = await specOf(before);
    expect((await ensureVariant({ cacheDir, dirs: [originals] }, oldSpec))?.made).toBe(true);
    const after = await photo(900, 600);
    await writeFile(join(originals, 'photo.jpg'), after);
    const newSpec = await specOf(after);
    expect(newSpec.hash).not.toBe(oldSpec.hash);
    expect((await ensureVariant({ cacheDir, dirs: [originals] }, newSpec))?.made).toBe(true);
    // The old variant stays cached under its own hash; an unknown hash makes nothing.
    expect((await ensureVariant({ cacheDir, dirs: [originals] }, oldSpec))?.made).toBe(false);
    expect(await ensureVariant({ cacheDir, dirs: [originals] }, { ...newSpec, hash: '0000000000000000' })).toBeUndefined();
    expect((await readdir(join(cacheDir, 'v1'))).sort()).toEqual([oldSpec.hash, newSpec.hash].sort());
  });

  it('makes nothing from a file that is not the raster image its name says, or is larger than uploads may be', async () => {
    // An SVG declaring 12000 × 12000 px, renamed to .png behind the upload check: rasterised, it was gigabytes of pixels.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="12000" height="12000"><rect width="10" height="10"/></svg>');
    await writeFile(join(originals, 'bomb.png'), svg);
    expect(await ensureVariant({ cacheDir, dirs: [originals] }, { ...(await specOf(svg)), name: 'bomb.png' })).toBeUndefined();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } }).png().toBuffer();
    await writeFile(join(originals, 'photo.jpg'), png);
    expect(await ensureVariant({ cacheDir, dirs: [originals] }, await specOf(png))).toBeUndefined();
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#336699' } }).png({ compressionLevel: 1 }).toBuffer();
    await writeFile(join(originals, 'huge.png'), huge);
    expect(await ensureVariant({ cacheDir, dirs: [originals] }, { ...(await specOf(huge)), name: 'huge.png' })).toBeUndefined();
    await writeFile(join(originals, 'fine.png'), png);
    expect((await ensureVariant({ cacheDir, dirs: [originals] }, { ...(await specOf(png)), name: 'fine.png' }))?.made).toBe(true);
  });

  it('never reads an original through a symlink', async () => {
    const outside = join(root, 'outside.jpg');
    const bytes = await photo(600, 400);
    await writeFile(outside, bytes);
    await symlink(outside, join(originals, 'photo.jpg'));
    expect(await ensureVariant({ cacheDir, dirs: [originals] }, await specOf(bytes))).toBeUndefined();
  });
});

describe('GPS in EXIF', () => {
  it('finds a position, and none in a photo without one', async () => {
    const withGps = await photo(64, 64, { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } });
    const withoutGps = await photo(64, 64, { IFD0: { Copyright: 'Northwind' } });
    expect((await describeImage(withGps)).hasGps).toBe(true);
    expect((await describeImage(withoutGps)).hasGps).toBe(false);
    expect(hasGpsPosition(Buffer.from('not exif'))).toBe(false);
  });
});
