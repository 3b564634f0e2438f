import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkImageContent } from '../../src/server/images';
import { checkGifBlocks, jpegImageLength, withoutTrailingData } from '../../src/server/raster-structure';

/** A noisy picture, so that its JPEG data holds stuffed 0xFF00 bytes. */
const noisy = (width = 120, height = 80) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } });
const bytes = (...values: number[]) => Buffer.from(values);
const AFTER_END = /^The GIF has \d+ bytes of other data after its trailer \(end marker\), which is refused: save/;

describe('the JPEG segment walk', () => {
  it('accepts baseline and progressive JPEGs (one scan, several scans) whose data holds stuffed bytes', async () => {
    const baseline = await noisy().jpeg().toBuffer();
    expect(baseline.includes(bytes(0xff, 0x00))).toBe(true);
    expect(jpegImageLength(baseline)).toBe(baseline.length);
    const progressive = await noisy().jpeg({ progressive: true }).toBuffer();
    expect(progressive.subarray(2).filter((_, i, all) => all[i - 1] === 0xff && all[i] === 0xda).length).toBeGreaterThan(1);
    await expect(checkImageContent(progressive, 'jpeg', 'image/jpeg')).resolves.toBeUndefined();
  });

  it('walks restart markers and fill bytes inside a scan, and fill bytes before a marker', () => {
    const sos = [0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00];
    const data = [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd7, 0x78];
    expect(jpegImageLength(bytes(0xff, 0xd8, ...sos, ...data, 0xff, 0xff, 0xff, 0xd9))).toBe(2 + sos.length + data.length + 4);
  });

  it('skips a thumbnail JPEG inside an APP segment (its end marker is not the end)', async () => {
    const photo = await noisy().jpeg().toBuffer();
    const thumbnail = await noisy(16, 16).jpeg().toBuffer();
    const app = Buffer.concat([bytes(0xff, 0xe3), bytes((thumbnail.length + 2) >> 8, (thumbnail.length + 2) & 0xff), thumbnail]);
    const withThumbnail = Buffer.concat([photo.subarray(0, 2), app, photo.subarray(2)]);
    await expect(checkImageContent(withThumbnail, 'jpeg', undefined)).resolves.toBeUndefined();
  });

  it("ends a JPEG at its EOI: what follows (a motion photo's video, a zip, another EOI) is accepted and never stored, where refusing it refused most phone photos", async () => {
    const photo = await noisy().jpeg().toBuffer();
    for (const extra of [Buffer.from('PK\x03\x04 a zip file'), bytes(0xff, 0xd9), Buffer.concat([Buffer.from('<html>'), bytes(0xff, 0xd9)])]) {
      const sent = Buffer.concat([photo, extra]);
      await expect(checkImageContent(sent, 'jpeg', undefined)).resolves.toBeUndefined();
      expect(jpegImageLength(sent)).toBe(photo.length);
      expect(withoutTrailingData(sent, 'jpeg').equals(photo)).toBe(true);
    }
    // Other types are whole once checked: their bytes are stored as they are.
    const png = await noisy().png().toBuffer();
    expect(withoutTrailingData(png, 'png')).toBe(png);
  });

  it('refuses a JPEG truncated inside a segment, a scan or before EOI, and junk where a marker belongs', async () => {
    const photo = await noisy().jpeg().toBuffer();
    expect(() => jpegImageLength(photo.subarray(0, 30))).toThrow(/^The JPEG is truncated inside a segment/);
    expect(() => jpegImageLength(photo.subarray(0, photo.length - 40))).toThrow('The JPEG is truncated: a scan of its image data has no end');
    expect(() => jpegImageLength(photo.subarray(0, photo.length - 2))).toThrow('The JPEG is truncated: a scan of its image data has no end');
    expect(() => jpegImageLength(bytes(0xff, 0xd8, 0x00))).toThrow('The JPEG is damaged: no segment marker at byte 2');
  });
});

describe('the GIF block walk', () => {
  it('accepts still and animated GIFs, with extensions and local color tables', async () => {
    const still = await noisy().gif().toBuffer();
    expect(() => checkGifBlocks(still)).not.toThrow();
    const frame = (color: string) => sharp({ create: { width: 8, height: 8, channels: 3, background: color } }).png().toBuffer();
    const animated = await sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } }).gif().toBuffer();
    await expect(checkImageContent(animated, 'gif', 'image/gif')).resolves.toBeUndefined();
  });

  it('refuses bytes after the trailer, even ones that end with another trailer', async () => {
    const gif = await noisy().gif().toBuffer();
    for (const extra of [Buffer.from('PK\x03\x04'), bytes(0x3b), Buffer.from('<html>;')]) {
      await expect(checkImageContent(Buffer.concat([gif, extra]), 'gif', undefined)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(AFTER_END) });
    }
  });

  it('accepts a GIF that ends after its last block without the trailer, as old encoders wrote', async () => {
    const gif = await noisy().gif().toBuffer();
    expect(() => checkGifBlocks(gif.subarray(0, gif.length - 1))).not.toThrow();
  });

  it('refuses a GIF truncated inside a block, and an unknown block', async () => {
    const gif = await noisy().gif().toBuffer();
    expect(() => checkGifBlocks(gif.subarray(0, gif.length - 20))).toThrow('The GIF is truncated inside a block of data');
    expect(() => checkGifBlocks(gif.subarray(0, 8))).toThrow('The GIF is truncated inside its header');
    const unknown = Buffer.concat([gif.subarray(0, gif.length - 1), bytes(0x99, 0x3b)]);
    expect(() => checkGifBlocks(unknown)).toThrow(/^The GIF is damaged: an unknown block \(0x99\) at byte \d+$/);
  });
});
