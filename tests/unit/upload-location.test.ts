/**
 * What an upload is stored as (src/server/upload-location.ts): a photo that records where it was
 * taken is encoded again without it, looking the same; any other image is stored byte for byte.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegOptions, keptColourSpace, REENCODE_QUALITY, webpIsLossless, withoutLocation } from '../../src/server/upload-location';
import { animatedPhoto, factsOf, largestPixelDifference, phonePhoto, STORED_HEIGHT, STORED_WIDTH, type PhotoFormat } from '../helpers/gps-photos';
import { cleanSvg, pixel } from '../integration/fixtures';

const FORMATS: readonly PhotoFormat[] = ['jpeg', 'png', 'webp'];

describe('an upload that records a GPS position', () => {
  it.each(FORMATS)('%s: is stored without it, the same way up, with its colour profile', async (format) => {
    const photo = await phonePhoto(format);
    const sent = await factsOf(photo);
    expect(sent).toMatchObject({ gps: true, orientation: 6, width: STORED_HEIGHT, height: STORED_WIDTH });
    const stored = await withoutLocation(photo, format);
    expect(stored.locationRemoved).toBe(true);
    const kept = await factsOf(stored.bytes);
    // Turned into its pixels: shown as before, with no orientation (nor any EXIF) left to apply.
    expect(kept).toMatchObject({ gps: false, orientation: 1, width: STORED_HEIGHT, height: STORED_WIDTH, format });
    expect((await sharp(stored.bytes).metadata()).exif).toBeUndefined();
    expect(kept.icc?.equals(sent.icc!)).toBe(true);
  });

  it('a PNG and a lossless WebP stay lossless: every pixel as it was', async () => {
    const png = await phonePhoto('png');
    expect(await largestPixelDifference(png, (await withoutLocation(png, 'png')).bytes)).toBe(0);
    const webp = await phonePhoto('webp', { lossless: true });
    const stored = (await withoutLocation(webp, 'webp')).bytes;
    expect(webpIsLossless(stored)).toBe(true);
    expect(await largestPixelDifference(webp, stored)).toBe(0);
  });

  it('a 16-bit PNG keeps its 16 bits', async () => {
    const deep = await phonePhoto('png', { deep: true });
    const stored = (await withoutLocation(deep, 'png')).bytes;
    expect((await sharp(stored).metadata()).depth).toBe('ushort');
    expect(await largestPixelDifference(deep, stored)).toBe(0);
  });

  it('a JPEG and a lossy WebP lose a little to a second encoding at a high quality', async () => {
    for (const format of ['jpeg', 'webp'] as const) {
      const photo = await phonePhoto(format);
      const stored = (await withoutLocation(photo, format)).bytes;
      // Noise is the worst case for a lossy encoder; a photo loses far less.
      const difference = await largestPixelDifference(photo, stored);
      expect(difference, format).toBeGreaterThan(0);
      expect(difference, format).toBeLessThan(40);
    }
  });

  it('the same photo is stored as the same bytes each time, so uploading it again is no change', async () => {
    for (const format of FORMATS) {
      const photo = await phonePhoto(format);
      const [first, second] = await Promise.all([withoutLocation(photo, format), withoutLocation(photo, format)]);
      expect(first.bytes.equals(second.bytes), format).toBe(true);
    }
  });

  it('an animated WebP keeps its frames, timing and loops, and its orientation as a tag', async () => {
    const animation = await animatedPhoto();
    const stored = (await withoutLocation(animation, 'webp')).bytes;
    const [before, after] = await Promise.all([sharp(animation, { animated: true }).metadata(), sharp(stored, { animated: true }).metadata()]);
    expect(after).toMatchObject({ pages: 3, delay: [100, 200, 300], loop: 3, orientation: 6, width: before.width, height: before.height });
    expect((await factsOf(stored)).gps).toBe(false);
  });
});

describe('an upload that records no GPS position', () => {
  it.each(FORMATS)('%s: is stored byte for byte as sent, its other EXIF and orientation tag kept', async (format) => {
    const photo = await phonePhoto(format, { gps: false });
    expect((await factsOf(photo)).orientation).toBe(6);
    const stored = await withoutLocation(photo, format);
    expect(stored).toEqual({ bytes: photo, locationRemoved: false });
  });

  it('a GIF or an SVG is not even read', async () => {
    const gif = await pixel('gif');
    expect(await withoutLocation(gif, 'gif')).toEqual({ bytes: gif, locationRemoved: false });
    const svg = Buffer.from(cleanSvg);
    expect(await withoutLocation(svg, 'svg')).toEqual({ bytes: svg, locationRemoved: false });
  });
});

describe('the encoder settings', () => {
  it('a JPEG keeps its chroma subsampling and progressive scan', () => {
    expect(jpegOptions({ chromaSubsampling: '4:4:4', isProgressive: true })).toEqual({ quality: REENCODE_QUALITY, chromaSubsampling: '4:4:4', progressive: true });
    expect(jpegOptions({ chromaSubsampling: '4:2:0', isProgressive: false })).toEqual({ quality: REENCODE_QUALITY, chromaSubsampling: '4:2:0', progressive: false });
    // A CMYK JPEG is written as sRGB, at the usual subsampling.
    expect(jpegOptions({ chromaSubsampling: '4:4:4:4', isProgressive: false }).chromaSubsampling).toBe('4:4:4');
    expect(jpegOptions({ isProgressive: false }).chromaSubsampling).toBe('4:2:0');
  });

  it('16-bit and grey images keep their colour space; others are written as sRGB', () => {
    expect(keptColourSpace({ space: 'rgb16' })).toBe('rgb16');
    expect(keptColourSpace({ space: 'grey16' })).toBe('grey16');
    expect(keptColourSpace({ space: 'b-w' })).toBe('b-w');
    expect(keptColourSpace({ space: 'srgb' })).toBeUndefined();
    expect(keptColourSpace({ space: 'cmyk' })).toBeUndefined();
  });

  it('tells a lossless WebP from a lossy one by its chunks, frames included', async () => {
    const still = sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } });
    expect(webpIsLossless(await still.clone().webp({ lossless: true }).toBuffer())).toBe(true);
    expect(webpIsLossless(await still.clone().webp({ quality: 80 }).toBuffer())).toBe(false);
    // Extended (VP8X) files: with a profile, and animations, whose frames hold the image data.
    expect(webpIsLossless(await still.clone().withIccProfile('p3').webp({ lossless: true }).toBuffer())).toBe(true);
    expect(webpIsLossless(await sharp(await animatedPhoto(), { animated: true }).webp({ lossless: true }).toBuffer())).toBe(true);
    expect(webpIsLossless(await animatedPhoto())).toBe(false);
    // Not a WebP's chunks at all: not lossless, so never written larger than it was.
    expect(webpIsLossless(Buffer.from('RIFF\x04\x00\x00\x00WEBP', 'latin1'))).toBe(false);
  });
});
