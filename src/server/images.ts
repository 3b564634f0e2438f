/**
 * What an upload must be: a safe filename, strict base64, and bytes that are
 * really the image type the name (and mimeType, when given) claims. Raster
 * images must be whole to their end marker with nothing after it
 * (raster-structure.ts) and decode fully, every frame, within the pixel and frame caps;
 * SVGs must parse as XML built only from svg.ts's allowlist.
 */
import sharp, { type Metadata } from 'sharp';
import { HttpError } from './errors';
import { IMAGE_TYPES, MAX_FILENAME_LENGTH, MAX_IMAGE_PIXELS } from '../../server/headers.mjs';
import { checkSvg, looksLikeSvg } from './svg';
import { rasterTypeOf } from '../../server/image-signatures.mjs';
import { checkGifBlocks, checkPngChunks, jpegImageLength } from './raster-structure';

export { checkSvg };

export { IMAGE_TYPES };
export type ImageType = keyof typeof IMAGE_TYPES;

export const IMAGE_EXTENSIONS: readonly string[] = Object.values(IMAGE_TYPES).flatMap((type) => type.extensions);
export { MAX_FILENAME_LENGTH, MAX_IMAGE_PIXELS };
/** Animated GIF and WebP: at most this many frames. */
export const MAX_IMAGE_FRAMES = 1_000;

const bad = (message: string) => new HttpError(400, message);

function typeOfExtension(extension: string): ImageType | undefined {
  return (Object.keys(IMAGE_TYPES) as ImageType[]).find((type) =>
    (IMAGE_TYPES[type].extensions as readonly string[]).includes(extension),
  );
}

/** Checks a filename and returns the type its extension claims. Unsafe names are refused, never rewritten. */
export function checkFilename(filename: unknown): ImageType {
  if (typeof filename !== 'string' || filename.length === 0) throw bad('filename is required');
  if (filename.length > MAX_FILENAME_LENGTH) throw bad(`filename is longer than ${MAX_FILENAME_LENGTH} characters`);
  if (/[\u0000-\u001f\u007f]/.test(filename)) throw bad('filename contains control characters');
  if (/[\\/]/.test(filename)) throw bad('filename must not contain path separators');
  if (filename.includes('..')) throw bad('filename must not contain ".."');
  if (filename.startsWith('.')) throw bad('filename must not start with a dot');
  const dots = filename.split('.').length - 1;
  if (dots === 0) throw bad(`filename needs an extension: one of ${IMAGE_EXTENSIONS.join(', ')}`);
  if (dots > 1) throw bad('filename must have a single extension (names like "x.php.png" are refused)');
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*\.[A-Za-z0-9]+$/.test(filename)) {
    throw bad('filename may use letters, digits, "-" and "_" before its extension');
  }
  const [base, extension] = filename.split('.') as [string, string];
  if (/^(con|prn|aux|nul|com\d|lpt\d)$/i.test(base)) throw bad(`filename "${filename}" is reserved on Windows`);
  const type = typeOfExtension(extension.toLowerCase());
  if (!type) throw bad(`Unsupported file type ".${extension}": use one of ${IMAGE_EXTENSIONS.join(', ')}`);
  return type;
}

/** The decoded size of a base64 string, computed before decoding it. */
export function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

export function decodeBase64(data: unknown, maxBytes: number): Buffer {
  if (typeof data !== 'string') throw bad('data must be a base64 string');
  if (/^data:/i.test(data)) throw bad('data must be plain base64, without a "data:" URL prefix');
  if (data.length === 0) throw bad('data is empty');
  if (data.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) throw bad('data is not valid base64');
  if (decodedLength(data) > maxBytes) throw new HttpError(413, `File is larger than the ${maxBytes}-byte upload limit`);
  return Buffer.from(data, 'base64');
}

/** The image type the bytes are, judged by content alone (for SVG a cheap head check; checkSvg's parse decides). */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  return rasterTypeOf(bytes) ?? (looksLikeSvg(bytes) ? 'svg' : undefined);
}

const megapixels = (pixels: number) => `${(Math.floor(pixels / 100_000) / 10).toLocaleString('en')} megapixels`;

/** Why an image over the pixel limit is refused, with what to do about it. */
export function tooManyPixels(width: number, height: number, frames: number): string {
  if (frames > 1) return `The animation has ${megapixels(width * height)} in all (${frames} frames of ${width} × ${height / frames} pixels); animations can have at most ${megapixels(MAX_IMAGE_PIXELS)}: use fewer or smaller frames`;
  // The largest size of the same shape within the limit, rounded down, for the advice.
  const scale = Math.sqrt(MAX_IMAGE_PIXELS / (width * height));
  const [fitWidth, fitHeight] = [Math.floor(width * scale), Math.floor(height * scale)];
  return `The image is ${width} × ${height} pixels (${megapixels(width * height)}); images can be at most ${megapixels(MAX_IMAGE_PIXELS)}: make it smaller, at most ${fitWidth} × ${fitHeight} pixels (a web page never needs more than about 3000 pixels across), and upload it again`;
}

/**
 * Decodes the whole image (every frame of an animation) within the caps, so
 * that corrupt, truncated or lying images are refused: sharp fails on
 * decoder warnings, and stats() reads every pixel as a stream.
 */
async function checkRaster(bytes: Buffer, type: ImageType): Promise<void> {
  // The framing first, to its end marker: decoders ignore bytes after it, which could hide any other file.
  if (type === 'png') checkPngChunks(bytes);
  else if (type === 'jpeg') jpegImageLength(bytes);
  else if (type === 'gif') checkGifBlocks(bytes);
  const open = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning', animated: true });
  let metadata: Metadata;
  try {
    // The header only, without the pixel limit, so that a photo over it is named in words below
    // ("Input image exceeds pixel limit" told nobody what to do). Nothing is decoded here.
    metadata = await sharp(bytes, { limitInputPixels: false, failOn: 'warning', animated: true }).metadata();
  } catch (error) {
    throw bad(`The image could not be read: ${(error as Error).message}`);
  }
  if (metadata.format !== type) throw bad(`The image data is ${metadata.format}, not ${type}`);
  if (!metadata.width || !metadata.height) throw bad('The image has no dimensions');
  if ((metadata.pages ?? 1) > MAX_IMAGE_FRAMES) throw bad(`The image has more than ${MAX_IMAGE_FRAMES} frames`);
  // Opened as an animation, height is the height of all frames stacked.
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw bad(tooManyPixels(metadata.width, metadata.height, metadata.pages ?? 1));
  try {
    await open().stats();
  } catch (error) {
    throw bad(`The image could not be decoded: ${(error as Error).message}`);
  }
}

/** Checks that the bytes are the image the extension and mimeType say. */
export async function checkImageContent(bytes: Buffer, claimed: ImageType, mimeType: unknown): Promise<void> {
  if (mimeType !== undefined) {
    if (typeof mimeType !== 'string') throw bad('mimeType must be a string');
    if (mimeType.toLowerCase() !== IMAGE_TYPES[claimed].mime) {
      throw bad(`mimeType "${mimeType}" does not match the .${claimed === 'jpeg' ? 'jpg' : claimed} filename (expected ${IMAGE_TYPES[claimed].mime})`);
    }
  }
  const actual = sniffImageType(bytes);
  if (!actual) throw bad('The file is not a JPEG, PNG, WebP, GIF or SVG image');
  if (actual !== claimed) throw bad(`The file content is ${actual}, but its name says ${claimed}`);
  if (actual === 'svg') checkSvg(bytes);
  else await checkRaster(bytes, actual);
}
