/**
 * What an upload is stored as: the bytes sent, unless the image records where it was taken (a GPS
 * position in its EXIF, or in its XMP alone: server/exif-gps.mjs), when it is encoded again by sharp without it. Uploads are public (listed
 * by GET /api/list-assets, served as stored) and, on git, committed for good, so a phone photo's
 * position must never reach the disk. The new encoding keeps what the image looks like: the EXIF
 * orientation is applied to the pixels, the ICC profile is kept, 16-bit and grey images keep their
 * depth and channels, a PNG or a lossless WebP stays lossless, and a JPEG or lossy WebP is encoded
 * at a high quality; every other piece of metadata goes (docs/architecture.md, "An upload's
 * location is removed"). An image that records no position is stored byte for byte as sent.
 */
import sharp, { type JpegOptions, type Metadata, type Sharp } from 'sharp';
import { recordsPosition } from '../../server/exif-gps.mjs';
import { MAX_IMAGE_PIXELS } from '../../server/headers.mjs';
import type { ImageType } from './images';

/** JPEG and lossy WebP: high enough that a second encoding is hard to tell from the first. */
export const REENCODE_QUALITY = 95;

export interface StoredUpload {
  bytes: Buffer;
  /** The upload recorded a GPS position, which `bytes` no longer hold. */
  locationRemoved: boolean;
}

/** The formats that carry EXIF (GIF and SVG carry none sharp reads, nor a browser). */
const WITH_EXIF: ReadonlySet<ImageType> = new Set(['jpeg', 'png', 'webp']);

/** The upload as it is to be stored: its bytes, or (when they record a GPS position) an encoding without it. */
export async function withoutLocation(bytes: Buffer, type: ImageType): Promise<StoredUpload> {
  if (!WITH_EXIF.has(type)) return { bytes, locationRemoved: false };
  const open = () => sharp(bytes, { animated: true, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' });
  const metadata = await open().metadata();
  if (!recordsPosition(metadata)) return { bytes, locationRemoved: false };
  const image = open().keepIccProfile();
  const oriented = turnAsShown(image, metadata);
  const space = keptColourSpace(metadata);
  return { bytes: await encodeAs(type, space ? oriented.toColourspace(space) : oriented, metadata, bytes), locationRemoved: true };
}

/**
 * The EXIF orientation, applied: a still image's pixels are turned (so it needs no EXIF at all);
 * sharp cannot turn an animation's frames, which keep the orientation tag alone instead.
 */
function turnAsShown(image: Sharp, metadata: Metadata): Sharp {
  const orientation = metadata.orientation ?? 1;
  if (orientation === 1) return image;
  if ((metadata.pages ?? 1) > 1) return image.withExif({ IFD0: { Orientation: String(orientation) } });
  return image.rotate();
}

/** sharp writes 8-bit sRGB unless told otherwise: a 16-bit or grey image is written as it was. */
export function keptColourSpace(metadata: Pick<Metadata, 'space'>): 'rgb16' | 'grey16' | 'b-w' | undefined {
  const space = metadata.space as string;
  return space === 'rgb16' || space === 'grey16' || space === 'b-w' ? space : undefined;
}

function encodeAs(type: ImageType, image: Sharp, metadata: Metadata, bytes: Buffer): Promise<Buffer> {
  switch (type) {
    case 'png':
      return image.png().toBuffer();
    case 'webp':
      return image.webp(webpIsLossless(bytes) ? { lossless: true } : { quality: REENCODE_QUALITY }).toBuffer();
    default:
      return image.jpeg(jpegOptions(metadata)).toBuffer();
  }
}

/** As the photo was encoded where sharp can tell: its chroma subsampling and progressive scan kept. */
export function jpegOptions(metadata: Pick<Metadata, 'chromaSubsampling' | 'isProgressive'>): JpegOptions {
  const full = metadata.chromaSubsampling?.startsWith('4:4:4') ?? false;
  return { quality: REENCODE_QUALITY, chromaSubsampling: full ? '4:4:4' : '4:2:0', progressive: Boolean(metadata.isProgressive) };
}

const fourCc = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/**
 * Whether a WebP's image data is all lossless (VP8L), read from its RIFF chunks, and from the
 * frames of an animation (ANMF, whose own chunks follow a 16-byte header). One lossy (VP8) frame
 * or image makes it lossy: encoding a photo losslessly would make it several times larger.
 */
export function webpIsLossless(bytes: Uint8Array): boolean {
  let lossless = false;
  const walk = (from: number, to: number): boolean => {
    for (let at = from; at + 8 <= to; ) {
      const size = bytes[at + 4]! | (bytes[at + 5]! << 8) | (bytes[at + 6]! << 16) | (bytes[at + 7]! * 2 ** 24);
      const kind = fourCc(bytes, at);
      const end = Math.min(to, at + 8 + size);
      if (kind === 'VP8 ') return false;
      if (kind === 'VP8L') lossless = true;
      if (kind === 'ANMF' && !walk(at + 8 + 16, end)) return false;
      at = at + 8 + size + (size % 2);
    }
    return true;
  };
  return walk(12, bytes.length) && lossless;
}
