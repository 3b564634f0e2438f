import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkImageContent, MAX_IMAGE_FRAMES, sniffImageType, type ImageType } from '../../src/server/images';
import { PROJECT_ROOT } from '../helpers/project-copy';
import { pixel, pngBomb } from '../integration/fixtures';

const DEMO_IMAGES = join(PROJECT_ROOT, 'public', 'assets', 'images');

const upload = (bytes: Buffer, type: ImageType) => checkImageContent(bytes, type, undefined);

/** A noisy picture, so that its compressed data is not trivial. */
const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })[format]().toBuffer();

/** An animation of `frames` frames of 4 × 4 pixels. */
async function animation(format: 'gif' | 'webp', frames: number): Promise<Buffer> {
  const red = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff0000' } }).png().toBuffer();
  const blue = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0000ff' } }).png().toBuffer();
  return sharp(Array.from({ length: frames }, (_, i) => (i % 2 ? red : blue)), { join: { animated: true } })[format]().toBuffer();
}

/** Where a PNG chunk of this type starts (its length field), and its data length. */
function chunk(png: Buffer, type: string): { start: number; length: number } {
  const start = png.indexOf(type, 8, 'latin1') - 4;
  return { start, length: png.readUInt32BE(start) };
}

/** Rewrites a chunk's CRC after its data was changed. */
function fixCrc(png: Buffer, type: string): void {
  const { start, length } = chunk(png, type);
  png.writeUInt32BE(crc32(png.subarray(start + 4, start + 8 + length)), start + 8 + length);
}

describe('real images are accepted', () => {
  const demo = readdirSync(DEMO_IMAGES).filter((name) => /\.(png|jpe?g|webp|gif)$/.test(name));
  it('the project has demo images', () => expect(demo.length).toBeGreaterThan(0));
  it.each(demo)('the demo image %s', async (name) => {
    const bytes = readFileSync(join(DEMO_IMAGES, name));
    await expect(upload(bytes, sniffImageType(bytes)!)).resolves.toBeUndefined();
  });
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('a %s that sharp writes', async (format) => {
    await expect(upload(await picture(format), format)).resolves.toBeUndefined();
    await expect(upload(await pixel(format), format)).resolves.toBeUndefined();
  });
  it.each(['gif', 'webp'] as const)('an animated %s of 200 frames', async (format) => {
    await expect(upload(await animation(format, 200), format)).resolves.toBeUndefined();
  });
  it('a progressive JPEG and an interlaced PNG', async () => {
    const base = sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699', noise: { type: 'gaussian', mean: 100, sigma: 30 } } });
    await expect(upload(await base.clone().jpeg({ progressive: true }).toBuffer(), 'jpeg')).resolves.toBeUndefined();
    await expect(upload(await base.clone().png({ progressive: true }).toBuffer(), 'png')).resolves.toBeUndefined();
  });
});

describe('broken or oversized images are refused with 400', () => {
  it('a PNG whose IDAT CRC is wrong', async () => {
    const png = Buffer.from(await picture('png'));
    const { start, length } = chunk(png, 'IDAT');
    png[start + 8 + length] ^= 0xff;
    await expect(upload(png, 'png')).rejects.toMatchObject({ status: 400, message: 'The PNG\'s "IDAT" chunk has a bad CRC' });
  });

  it('a PNG whose IHDR CRC is wrong (libpng would let it pass)', async () => {
    const png = Buffer.from(await picture('png'));
    png[29] ^= 0xff;
    await expect(upload(png, 'png')).rejects.toMatchObject({ status: 400, message: 'The PNG\'s "IHDR" chunk has a bad CRC' });
  });

  it('a PNG whose IDAT data is corrupt but whose CRC is right', async () => {
    const png = Buffer.from(await picture('png'));
    const { start, length } = chunk(png, 'IDAT');
    png.fill(0x55, start + 10, start + 8 + length);
    fixCrc(png, 'IDAT');
    await expect(upload(png, 'png')).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^The image could not be decoded: /) });
  });

  it('a truncated PNG, and one with data after IEND', async () => {
    const png = await picture('png');
    await expect(upload(png.subarray(0, png.length - 30), 'png')).rejects.toMatchObject({ status: 400 });
    await expect(upload(Buffer.concat([png, Buffer.from('<script>')]), 'png')).rejects.toMatchObject({ status: 400, message: 'The PNG has data after its IEND chunk' });
  });

  it('a header-only JPEG that says 6324 × 6324', async () => {
    const jpeg = Buffer.from(await picture('jpeg'));
    // The baseline start-of-frame segment: FF C0, length, precision, height, width.
    const startOfFrame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(6324, startOfFrame + 5);
    jpeg.writeUInt16BE(6324, startOfFrame + 7);
    const headerOnly = jpeg.subarray(0, jpeg.indexOf(Buffer.from([0xff, 0xda])) + 20);
    expect(await sharp(headerOnly).metadata()).toMatchObject({ width: 6324, height: 6324 });
    // The segment walk finds it truncated before anything is decoded.
    await expect(upload(headerOnly, 'jpeg')).rejects.toMatchObject({ status: 400, message: 'The JPEG is truncated: a scan of its image data has no end' });
  });

  it('a JPEG cut in half', async () => {
    const jpeg = await picture('jpeg', 300, 200);
    await expect(upload(jpeg.subarray(0, jpeg.length >> 1), 'jpeg')).rejects.toMatchObject({ status: 400 });
  });

  it('a truncated WebP and GIF', async () => {
    const webp = await picture('webp', 300, 200);
    await expect(upload(webp.subarray(0, webp.length >> 1), 'webp')).rejects.toMatchObject({ status: 400 });
    const gif = await picture('gif', 300, 200);
    await expect(upload(gif.subarray(0, gif.length >> 1), 'gif')).rejects.toMatchObject({ status: 400 });
  });

  it(`an animated GIF of more than ${MAX_IMAGE_FRAMES} frames`, async () => {
    await expect(upload(await animation('gif', MAX_IMAGE_FRAMES + 1), 'gif')).rejects.toMatchObject({
      status: 400,
      message: `The image has more than ${MAX_IMAGE_FRAMES} frames`,
    });
  });

  it('the decompression bomb of the integration fixtures', async () => {
    await expect(upload(await pngBomb(), 'png')).rejects.toMatchObject({ status: 400 });
  });

  it('an animation whose frames together are over the pixel cap', async () => {
    // Three frames, each claiming 4,000 × 4,000 pixels (under the cap alone): 48 million pixels together.
    const gif = Buffer.from(await animation('gif', 3));
    gif.writeUInt16LE(4_000, 6);
    gif.writeUInt16LE(4_000, 8);
    for (let i = 13, frames = 0; i < gif.length - 9; i++) {
      if (gif[i] !== 0x2c || gif[i - 1] !== 0x00) continue; // an image descriptor
      gif.writeUInt16LE(4_000, i + 5);
      gif.writeUInt16LE(4_000, i + 7);
      frames++;
      if (frames === 3) break;
    }
    await expect(upload(gif, 'gif')).rejects.toMatchObject({
      status: 400,
      message: 'The animation has 48 megapixels in all (3 frames of 4000 × 4000 pixels); animations can have at most 40 megapixels: use fewer or smaller frames',
    });
  });

  it('a photo over the pixel cap, naming its size and the size that fits', async () => {
    // A phone's 48-megapixel JPEG: its frame header says 8064 × 6048 (a small JPEG with the header changed).
    const jpeg = Buffer.from(await picture('jpeg', 64, 48));
    const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(6048, frame + 5);
    jpeg.writeUInt16BE(8064, frame + 7);
    await expect(upload(jpeg, 'jpeg')).rejects.toMatchObject({
      status: 400,
      message: 'The image is 8064 × 6048 pixels (48.7 megapixels); images can be at most 40 megapixels: make it smaller, at most 7302 × 5477 pixels (a web page never needs more than about 3000 pixels across), and upload it again',
    });
  });
});
