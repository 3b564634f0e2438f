// An Astro integration: after a build, every text file of the static output (dist/client)
// gets brotli and gzip siblings, `file.br` and `file.gz`, each only when smaller. The production
// server sends them by Accept-Encoding (server/static-files.mjs). Compressing once at build
// costs nothing per request. Brotli's best quality (11) takes about 100 ms for a 50 KB page
// against quality 5's 1–3 ms, for about 8% fewer bytes: on a 5,000-page site that is minutes
// added to a 15 s build. So pages, one file per page, get quality 5, and the few files that
// every page shares (CSS, scripts, SVG, ...) get 11.
// Visitor pages are compressed while the build renders them (src/server/publish/integration.ts):
// zlib works on libuv's threads while the main thread renders the next page, and the step after
// the build only writes what is ready, instead of compressing every page once the last is done.
// Plain JavaScript so astro.config.mjs loads it without a build step.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressedForms, isCompressible, MAX_BROTLI_QUALITY } from './compression.mjs';
import { ENCODING_SUFFIX } from './negotiation.mjs';

/** Brotli quality for pages (see above). */
export const PAGE_BROTLI_QUALITY = 5;
const IN_FLIGHT = 4;

/** Pages being compressed while the build renders, by a hash of their bytes: a file is matched by what it holds. */
const compressedWhileRendering = new Map();

const bytesKey = (bytes) => createHash('sha256').update(bytes).digest('base64url');

/**
 * Starts compressing a page the build has just rendered; precompressFolder takes the result when
 * it meets a file with these bytes.
 * @param {Buffer} bytes
 */
export function compressWhileRendering(bytes) {
  const key = bytesKey(bytes);
  if (compressedWhileRendering.has(key)) return;
  const forms = compressedForms(bytes, { brotliQuality: PAGE_BROTLI_QUALITY });
  forms.catch(() => {}); // awaited, and its failure reported, where it is taken
  compressedWhileRendering.set(key, forms);
}

/** The forms of a page compressed while rendering, or undefined; each is taken once. */
function takeCompressed(bytes) {
  if (compressedWhileRendering.size === 0) return undefined;
  const key = bytesKey(bytes);
  const forms = compressedWhileRendering.get(key);
  compressedWhileRendering.delete(key);
  return forms;
}

/** Every regular file under `dir` with a compressible extension; symlinks and dotfiles are skipped, never followed. */
async function compressibleFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => (entry.isDirectory() ? compressibleFiles(join(dir, entry.name)) : entry.isFile() && isCompressible(entry.name) ? [join(dir, entry.name)] : [])),
  );
  return nested.flat();
}

/**
 * Writes the compressed siblings of every compressible file under `dir`.
 * @param {string} dir
 * @returns {Promise<{ files: number, bytes: number, brotliBytes: number, ready: number }>} totals, for the build log
 */
export async function precompressFolder(dir) {
  const totals = { files: 0, bytes: 0, brotliBytes: 0, ready: 0 };
  const queue = await compressibleFiles(dir);
  const worker = async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      const bytes = await readFile(file);
      const page = file.endsWith('.html');
      const ready = page ? takeCompressed(bytes) : undefined;
      if (ready) totals.ready += 1;
      const forms = await (ready ?? compressedForms(bytes, { brotliQuality: page ? PAGE_BROTLI_QUALITY : MAX_BROTLI_QUALITY }));
      await Promise.all(Object.entries(forms).map(([encoding, body]) => writeFile(file + ENCODING_SUFFIX[/** @type {'br' | 'gzip'} */ (encoding)], body)));
      totals.files += 1;
      totals.bytes += bytes.length;
      totals.brotliBytes += (forms.br ?? bytes).length;
    }
  };
  // zlib's async calls run on libuv's pool (4 threads): a few files in flight keep every core busy.
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  compressedWhileRendering.clear();
  return totals;
}

/**
 * Register it after any integration that moves files out of the static folder
 * (privatePageBundles): build-done hooks run in order, and what is moved must not leave a sibling behind.
 * @returns {import('astro').AstroIntegration}
 */
export function precompressStaticFiles() {
  return {
    name: 'precompress-static-files',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const { files, bytes, brotliBytes, ready } = await precompressFolder(fileURLToPath(dir));
        logger.info(`${files} text files precompressed in ${Math.round(performance.now() - started)} ms (${ready} pages compressed while rendering): ${bytes} bytes, ${brotliBytes} with brotli`);
      },
    },
  };
}
