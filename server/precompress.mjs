// An Astro integration: after a build, every text file of the static output (dist/client)
// gets brotli and gzip siblings, `file.br` and `file.gz`, each only when smaller. The production
// server sends them by Accept-Encoding (server/static-files.mjs). Compressing once at build
// costs nothing per request. Brotli's best quality (11) takes about 100 ms for a 50 KB page
// against quality 5's 1–3 ms, for about 8% fewer bytes: on a 5,000-page site that is minutes
// added to a 15 s build. So pages, one file per page, get quality 5, and the few files that
// every page shares (CSS, scripts, SVG, ...) get 11. Likewise gzip: level 6 for pages (about 1 %
// bigger than 9 on an 85 KB page, in a third less time; few clients want gzip rather than
// brotli), and 9 for the shared files. Files no visitor's page load waits for get brotli 9:
// - the build's code bundles (the `_astro` folder's scripts and stylesheets) are the editor's:
//   visitor pages inline their styles and run no script, so only an editor downloads them, once per
//   deploy (they are immutable). Brotli 9 makes them 7.5 % bigger than 11 in a sixth of the time:
//   on the editor's 1 MB of code, 0.23 s of CPU against 1.38 s, paid by every build;
// - the sitemaps, which crawlers read: a 5,000-page sitemap (489 KB) takes 0.70 s at 11 and
//   0.02 s at 9, for 390 bytes more.
// Visitor pages come compressed already when the build's render workers rendered them
// (src/server/publish/build-pages.ts): the build records them here, and this step passes them by.
// Plain JavaScript so astro.config.mjs loads it without a build step.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressedForms, isCompressible } from './compression.mjs';
import { ENCODING_SUFFIX } from './negotiation.mjs';

/** Brotli quality and gzip level for pages (see above). */
export const PAGE_COMPRESSION = { brotliQuality: 5, gzipLevel: 6 };
/** For files no visitor's page load waits for: the editor's code bundles and the sitemaps (see above). */
export const OFF_PAGE_COMPRESSION = { brotliQuality: 9, gzipLevel: 9 };
/** Extensions of the code bundles in the build's assets folder. */
const CODE_EXTENSIONS = /\.(?:m?js|css|map)$/i;
/** The sitemap index and its parts (src/lib/seo/integration.ts), at the top of the static folder. */
const SITEMAP = /^sitemap-[\w-]+\.xml$/;

/**
 * How a file of the static folder is compressed: a page; a code bundle under `codeDir` (the
 * build's assets folder, absolute) or a sitemap, which no page load waits for; or anything else
 * that pages may share (the feed, SVG), at the best ratio.
 * @param {string} file absolute path
 * @param {{ root?: string, codeDir?: string }} folders the static folder and its assets folder, absolute
 * @returns {{ brotliQuality?: number, gzipLevel?: number }}
 */
export function compressionFor(file, { root, codeDir }) {
  if (file.endsWith('.html')) return PAGE_COMPRESSION;
  if (codeDir && file.startsWith(join(codeDir, '/')) && CODE_EXTENSIONS.test(file)) return OFF_PAGE_COMPRESSION;
  if (root && dirname(file) === resolve(root) && SITEMAP.test(basename(file))) return OFF_PAGE_COMPRESSION;
  return {};
}
const IN_FLIGHT = 4;

/** Files written with their compressed siblings already, by absolute path: their sizes, for the totals. */
const writtenCompressed = new Map();

/**
 * Records that `file` was written with its brotli and gzip siblings (`brotliBytes` is the size
 * of the brotli form, or of the file when it has none): precompressFolder passes it by.
 * @param {string} file
 * @param {number} bytes
 * @param {number} brotliBytes
 */
export function wroteCompressed(file, bytes, brotliBytes) {
  writtenCompressed.set(file, { bytes, brotliBytes });
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
 * @param {string} [codeDir] the build's assets folder, whose scripts and stylesheets are compressed as code (compressionFor)
 * @returns {Promise<{ files: number, bytes: number, brotliBytes: number, ready: number }>} totals, for the build log
 */
export async function precompressFolder(dir, codeDir) {
  const totals = { files: 0, bytes: 0, brotliBytes: 0, ready: 0 };
  const queue = [];
  for (const file of await compressibleFiles(dir)) {
    const written = writtenCompressed.get(file);
    if (!written) queue.push(file);
    else {
      totals.files += 1;
      totals.ready += 1;
      totals.bytes += written.bytes;
      totals.brotliBytes += written.brotliBytes;
    }
  }
  const worker = async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      const bytes = await readFile(file);
      const forms = await compressedForms(bytes, compressionFor(file, { root: dir, codeDir }));
      await Promise.all(Object.entries(forms).map(([encoding, body]) => writeFile(file + ENCODING_SUFFIX[/** @type {'br' | 'gzip'} */ (encoding)], body)));
      totals.files += 1;
      totals.bytes += bytes.length;
      totals.brotliBytes += (forms.br ?? bytes).length;
    }
  };
  // zlib's async calls run on libuv's pool (4 threads): a few files in flight keep every core busy.
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  writtenCompressed.clear();
  return totals;
}

/**
 * Register it after any integration that writes files into the static folder (the sitemap):
 * build-done hooks run in order.
 * @returns {import('astro').AstroIntegration}
 */
export function precompressStaticFiles() {
  /** @type {string | undefined} */
  let assets;
  return {
    name: 'precompress-static-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        assets = config.build.assets;
      },
      // A build that failed in the same process (a programmatic build()) left its records behind.
      'astro:build:start': () => {
        writtenCompressed.clear();
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const folder = fileURLToPath(dir);
        const { files, bytes, brotliBytes, ready } = await precompressFolder(folder, assets && join(folder, assets));
        logger.info(`${files} text files precompressed in ${Math.round(performance.now() - started)} ms (${ready} pages compressed by the render workers): ${bytes} bytes, ${brotliBytes} with brotli`);
      },
    },
  };
}
