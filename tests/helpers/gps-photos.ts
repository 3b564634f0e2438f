/**
 * Photos as phones make them, made with sharp for the tests of uploads' locations: noisy pixels
 * (so a lossy encoding shows), turned by EXIF orientation 6 (stored 64 × 48, shown 48 × 64), a
 * Display P3 colour profile, a camera make, and a GPS position unless asked for none. Read back
 * with the server's own reader (server/exif-gps.mjs).
 */
import sharp from 'sharp';
import { hasGpsPosition } from '../../server/exif-gps.mjs';

/** Stockholm, as a phone writes it: degrees, minutes and seconds as rationals. */
export const GPS_POSITION = { GPSLatitudeRef: 'N', GPSLatitude: '59/1 19/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '18/1 4/1 0/1' };

export const [STORED_WIDTH, STORED_HEIGHT] = [64, 48];

export type PhotoFormat = 'jpeg' | 'png' | 'webp';

export interface PhotoOptions {
  gps?: boolean;
  /** WebP only. */
  lossless?: boolean;
  /** 16 bits per channel (PNG only). */
  deep?: boolean;
}

export async function phonePhoto(format: PhotoFormat, { gps = true, lossless = false, deep = false }: PhotoOptions = {}): Promise<Buffer> {
  let image = sharp({ create: { width: STORED_WIDTH, height: STORED_HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  if (deep) image = sharp(await image.png().toBuffer()).toColourspace('rgb16');
  image = image
    .withIccProfile('p3')
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'A phone' }, ...(gps && { IFD3: GPS_POSITION }) });
  if (format === 'webp') return image.webp(lossless ? { lossless: true } : { quality: 90 }).toBuffer();
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

/** An animated WebP of three frames (100, 200 and 300 ms, three loops), turned by orientation 6, with a GPS position. */
export async function animatedPhoto(): Promise<Buffer> {
  const frame = (colour: string) => sharp({ create: { width: 8, height: 6, channels: 3, background: colour } }).png().toBuffer();
  const frames = await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map(frame));
  return sharp(frames, { join: { animated: true } })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD3: GPS_POSITION })
    .webp({ loop: 3, delay: [100, 200, 300] })
    .toBuffer();
}

export interface PhotoFacts {
  gps: boolean;
  /** As shown, after the EXIF orientation. */
  width: number;
  height: number;
  orientation: number;
  icc?: Buffer;
  format: string;
}

export async function factsOf(bytes: Buffer): Promise<PhotoFacts> {
  const metadata = await sharp(bytes).metadata();
  return {
    gps: hasGpsPosition(metadata.exif),
    width: metadata.autoOrient.width,
    height: metadata.autoOrient.height,
    orientation: metadata.orientation ?? 1,
    ...(metadata.icc && { icc: metadata.icc }),
    format: metadata.format,
  };
}

/** The largest difference of any channel of any pixel, both images as shown (turned) and in their own colour profile. */
export async function largestPixelDifference(a: Buffer, b: Buffer): Promise<number> {
  const pixels = (bytes: Buffer) => sharp(bytes).rotate().keepIccProfile().raw({ depth: 'ushort' }).toBuffer({ resolveWithObject: true });
  const [x, y] = await Promise.all([pixels(a), pixels(b)]);
  if (x.info.width !== y.info.width || x.info.height !== y.info.height || x.data.length !== y.data.length) return Infinity;
  const [u, v] = [new Uint16Array(x.data.buffer, x.data.byteOffset, x.data.length / 2), new Uint16Array(y.data.buffer, y.data.byteOffset, y.data.length / 2)];
  let largest = 0;
  for (let i = 0; i < u.length; i += 1) largest = Math.max(largest, Math.abs(u[i]! - v[i]!));
  return largest;
}
