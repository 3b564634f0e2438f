/**
 * The structural walks of the upload check (images.ts): a PNG's chunks, a
 * JPEG's segments and scans, a GIF's blocks, each from the signature to the
 * format's end marker, refusing a truncated file and any byte after a PNG's or GIF's end (a
 * JPEG's are dropped before it is stored: withoutTrailingData).
 * Decoders stop at the end marker and ignore what follows, so without the
 * walk a valid picture could carry any file behind it (an archive, a page, a
 * second picture) and the site would serve it as an image. The walks read
 * the framing only; sharp decodes the pixels afterwards.
 */
import { crc32 } from 'node:zlib';
import { HttpError } from './errors';
import { PNG_SIGNATURE } from '../../server/image-signatures.mjs';

const bad = (message: string) => new HttpError(400, message);

/** What to say about bytes after a GIF's end (a JPEG's are dropped instead: see jpegImageLength). */
function trailing(format: string, end: string, extra: number): HttpError {
  return bad(
    `The ${format} has ${extra.toLocaleString('en')} bytes of other data after its ${end}, which is refused: save the image again as a plain ${format} (for example with "Export" or "Save as" in a photo editor) and upload it again`,
  );
}

/** Every PNG chunk must be whole and have a correct CRC, up to IEND and nothing after it (libpng ignores some bad CRCs). */
export function checkPngChunks(bytes: Buffer): void {
  let offset = PNG_SIGNATURE.length;
  for (;;) {
    if (offset + 12 > bytes.length) throw bad('The PNG is truncated: it has no IEND chunk');
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) throw bad(`The PNG is truncated inside a chunk at byte ${offset}`);
    const type = bytes.subarray(offset + 4, offset + 8).toString('latin1');
    if (crc32(bytes.subarray(offset + 4, end - 4)) !== bytes.readUInt32BE(end - 4)) throw bad(`The PNG's ${JSON.stringify(type)} chunk has a bad CRC`);
    offset = end;
    if (type === 'IEND') break;
  }
  if (offset !== bytes.length) throw bad('The PNG has data after its IEND chunk');
}

const EOI = 0xd9;
const SOS = 0xda;
/** Markers without a length: RST0–7, and TEM. */
const standalone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

/**
 * Where the entropy-coded data of a scan starting at `offset` ends: at the
 * first 0xFF that is not a stuffed 0xFF00, a restart marker RST0–7, or a fill byte.
 */
function scanEnd(bytes: Buffer, offset: number): number {
  for (let at = bytes.indexOf(0xff, offset); at !== -1; at = bytes.indexOf(0xff, at + 1)) {
    const next = bytes[at + 1];
    if (next === undefined) break;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
      at += 1;
      continue;
    }
    if (next === 0xff) continue; // fill bytes before the next marker
    return at;
  }
  throw bad('The JPEG is truncated: a scan of its image data has no end');
}

/**
 * The length of a JPEG's picture: its segments from SOI to EOI, each marker's length followed, the
 * image data after each SOS (one scan for a baseline JPEG, several for a progressive one) up to the
 * next marker. What follows EOI is not refused but never stored (withoutTrailingData): phones put
 * a motion photo's video or an Ultra HDR gain map's second picture there, and refusing those would
 * refuse most photos a phone takes today, while no browser shows any of it.
 */
export function jpegImageLength(bytes: Buffer): number {
  let offset = 2; // after SOI, which rasterTypeOf checked
  for (;;) {
    if (bytes[offset] !== 0xff) throw bad(`The JPEG is damaged: no segment marker at byte ${offset}`);
    while (bytes[offset] === 0xff) offset += 1; // a marker may be preceded by fill bytes
    const marker = bytes[offset];
    if (marker === undefined) throw bad('The JPEG is truncated: it has no end (EOI) marker');
    offset += 1;
    if (marker === EOI) break;
    if (standalone(marker)) continue;
    if (offset + 2 > bytes.length) throw bad('The JPEG is truncated inside a segment header');
    const length = bytes.readUInt16BE(offset);
    if (length < 2 || offset + length > bytes.length) throw bad(`The JPEG is truncated inside a segment at byte ${offset - 2}`);
    offset += length;
    if (marker === SOS) offset = scanEnd(bytes, offset);
  }
  return offset;
}

/**
 * An upload's bytes as they are stored: a JPEG ends at its EOI, without what a phone or camera
 * added after it, which could be any file riding behind the picture; every other type is refused
 * with bytes after its end (checkRaster), so it is whole already.
 */
export const withoutTrailingData = (bytes: Buffer, type: string): Buffer => (type === 'jpeg' ? bytes.subarray(0, jpegImageLength(bytes)) : bytes);

const GIF_EXTENSION = 0x21;
const GIF_IMAGE = 0x2c;
const GIF_TRAILER = 0x3b;

/** Skips data sub-blocks (a size byte, then that many bytes) up to the empty one; returns the offset after it. */
function skipSubBlocks(bytes: Buffer, offset: number): number {
  for (;;) {
    const size = bytes[offset];
    if (size === undefined || offset + 1 + size > bytes.length) throw bad('The GIF is truncated inside a block of data');
    offset += 1 + size;
    if (size === 0) return offset;
  }
}

/** The size of the color table a packed-fields byte announces (0 without one). */
const colorTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

/** A GIF's blocks from the header to the 0x3B trailer: extensions and images with their sub-blocks, and nothing after the trailer (or after the last block, when the trailer is missing). */
export function checkGifBlocks(bytes: Buffer): void {
  if (bytes.length < 13) throw bad('The GIF is truncated inside its header');
  let offset = 13 + colorTable(bytes[10]!); // header, logical screen descriptor, global color table
  for (;;) {
    const block = bytes[offset];
    // Ending after a whole block without the trailer hides nothing: old encoders wrote such GIFs and every decoder shows them.
    if (block === undefined) return;
    if (block === GIF_TRAILER) {
      offset += 1;
      break;
    }
    if (block === GIF_EXTENSION) {
      offset = skipSubBlocks(bytes, offset + 2); // introducer and label
    } else if (block === GIF_IMAGE) {
      if (offset + 10 > bytes.length) throw bad('The GIF is truncated inside an image descriptor');
      offset += 10 + colorTable(bytes[offset + 9]!) + 1; // descriptor, local color table, LZW code size
      offset = skipSubBlocks(bytes, offset);
    } else {
      throw bad(`The GIF is damaged: an unknown block (0x${block.toString(16).padStart(2, '0')}) at byte ${offset}`);
    }
  }
  if (offset !== bytes.length) throw trailing('GIF', 'trailer (end marker)', bytes.length - offset);
}
