// Brotli and gzip for text responses: which files are worth compressing, and the one
// function that compresses them, used at build time for the static files
// (server/precompress.mjs) and at start for the page API's bundles (server/index.mjs).
// Plain JavaScript so the production server can load it without a build step.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
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

/**
 * The brotli and gzip forms of `bytes` that are smaller than it (a tiny file can grow).
 * @param {Buffer} bytes
 * @param {{ brotliQuality?: number }} [options]
 * @returns {Promise<Partial<Record<(typeof ENCODINGS)[number], Buffer>>>}
 */
export async function compressedForms(bytes, { brotliQuality = MAX_BROTLI_QUALITY } = {}) {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  /** @type {Partial<Record<(typeof ENCODINGS)[number], Buffer>>} */
  const forms = {};
  if (br.length < bytes.length) forms.br = br;
  if (gz.length < bytes.length) forms.gzip = gz;
  return forms;
}
