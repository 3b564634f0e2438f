// Brotli and gzip for text responses: which files are worth compressing, and how: on libuv's
// threads (compressedForms: the build's other text files, server/precompress.mjs, and the page
// API's bundles and published pages on the server), or on the calling thread (compressedFormsSync:
// the build's render workers, src/server/publish/render-worker-side.ts).
// Plain JavaScript so the production server can load it without a build step.
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, createBrotliCompress, createGzip, gzip, gzipSync } from 'node:zlib';
import { ENCODINGS } from './negotiation.mjs';

/** Text formats, by lowercase extension: images other than SVG, fonts and archives are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set(['html', 'css', 'js', 'mjs', 'json', 'svg', 'xml', 'txt', 'map', 'webmanifest']);

/** Whether a file name or path has a compressible extension. */
export function isCompressible(name) {
  const dot = name.lastIndexOf('.');
  return dot > name.lastIndexOf('/') && COMPRESSIBLE_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Brotli's maximum quality: static files are compressed once, so the slow best ratio is free. */
export const MAX_BROTLI_QUALITY = constants.BROTLI_MAX_QUALITY;

/** @param {number} length the text's length in bytes @param {number} quality */
const brotliOptions = (length, quality) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: length,
  },
});

/** gzip's best level, the default: like brotli's, paid once per file. */
export const MAX_GZIP_LEVEL = constants.Z_BEST_COMPRESSION;

/**
 * @param {number} length the text's length in bytes
 * @param {Buffer} br
 * @param {Buffer} gz
 * @returns {Partial<Record<(typeof ENCODINGS)[number], Buffer>>}
 */
function smallerThan(length, br, gz) {
  /** @type {Partial<Record<(typeof ENCODINGS)[number], Buffer>>} */
  const forms = {};
  if (br.length < length) forms.br = br;
  if (gz.length < length) forms.gzip = gz;
  return forms;
}

/** The length of a text that may come as pieces in order. @param {Buffer | readonly Buffer[]} text */
export const byteLengthOf = (text) => (Buffer.isBuffer(text) ? text.length : text.reduce((sum, piece) => sum + piece.length, 0));

/**
 * The pieces through a compressing stream, without joining them first.
 * @param {import('node:zlib').BrotliCompress | import('node:zlib').Gzip} stream
 * @param {readonly Buffer[]} pieces
 * @returns {Promise<Buffer>}
 */
function streamed(stream, pieces) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
    for (const piece of pieces) stream.write(piece);
    stream.end();
  });
}

/**
 * The brotli and gzip forms of a text that are smaller than it (a tiny file can grow), compressed
 * on libuv's threads. A text in pieces (a published page, src/server/publish/page-styles.ts) is
 * compressed as a stream of them: joining them would be one more copy of the page.
 * @param {Buffer | readonly Buffer[]} text
 * @param {{ brotliQuality?: number, gzipLevel?: number }} [options]
 */
export async function compressedForms(text, { brotliQuality = MAX_BROTLI_QUALITY, gzipLevel = MAX_GZIP_LEVEL } = {}) {
  const length = byteLengthOf(text);
  const [br, gz] = Buffer.isBuffer(text)
    ? await Promise.all([brotli(text, brotliOptions(length, brotliQuality)), gzipped(text, { level: gzipLevel })])
    : await Promise.all([streamed(createBrotliCompress(brotliOptions(length, brotliQuality)), text), streamed(createGzip({ level: gzipLevel }), text)]);
  return smallerThan(length, br, gz);
}

/**
 * The same forms, compressed on the calling thread: for a thread of its own (the build's render
 * workers). On an 85 KB page, brotli's asynchronous call took 0.4–0.7 ms more system time than
 * this one, measured one call at a time: the memory of libuv's threads is handed back and faulted in again.
 * @param {Buffer} bytes
 * @param {{ brotliQuality?: number, gzipLevel?: number }} [options]
 */
export function compressedFormsSync(bytes, { brotliQuality = MAX_BROTLI_QUALITY, gzipLevel = MAX_GZIP_LEVEL } = {}) {
  return smallerThan(bytes.length, brotliCompressSync(bytes, brotliOptions(bytes.length, brotliQuality)), gzipSync(bytes, { level: gzipLevel }));
}
