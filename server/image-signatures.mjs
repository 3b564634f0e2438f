// @ts-check
// Which raster image type a file's first bytes say it is, by its signature alone. The server's
// upload check (src/server/images.ts) and the editor's media library judge a file the same way:
// the library names a file by what it is, not by the extension it came with (a PNG saved as
// .jpg once left no name the library and the server would both accept). SVG is text, which a
// signature cannot tell; src/server/svg.ts decides it by a parse.
// Plain JavaScript, with no Node built-ins, so the browser loads it too.

/** How many bytes from the start rasterTypeOf reads. */
export const SIGNATURE_BYTES = 12;

/** A PNG's first eight bytes; its chunks follow. */
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** @param {Uint8Array} bytes @param {readonly number[]} signature @param {number} [offset] */
const startsWith = (bytes, signature, offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
/** @param {Uint8Array} bytes @param {number} from @param {number} to */
const ascii = (bytes, from, to) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * @param {Uint8Array} bytes the file's first SIGNATURE_BYTES bytes, or more
 * @returns {'png' | 'jpeg' | 'gif' | 'webp' | undefined}
 */
export function rasterTypeOf(bytes) {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (/^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  return undefined;
}
