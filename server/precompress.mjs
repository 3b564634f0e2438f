// An Astro integration: after a build, every text file of the static output (dist/client)
// gets brotli (max quality) and gzip siblings, `file.br` and `file.gz`, each only when smaller.
// The production server sends them by Accept-Encoding (server/static-files.mjs). Compressing
// once at build costs nothing per request and affords brotli's slowest, best setting.
// Plain JavaScript so astro.config.mjs loads it without a build step.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressedForms, isCompressible } from './compression.mjs';
import { ENCODING_SUFFIX } from './negotiation.mjs';

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
 * @returns {Promise<{ files: number, bytes: number, brotliBytes: number }>} totals, for the build log
 */
export async function precompressFolder(dir) {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const file of await compressibleFiles(dir)) {
    const bytes = await readFile(file);
    const forms = await compressedForms(bytes);
    await Promise.all(Object.entries(forms).map(([encoding, body]) => writeFile(file + ENCODING_SUFFIX[/** @type {'br' | 'gzip'} */ (encoding)], body)));
    totals.files += 1;
    totals.bytes += bytes.length;
    totals.brotliBytes += (forms.br ?? bytes).length;
  }
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
        const { files, bytes, brotliBytes } = await precompressFolder(fileURLToPath(dir));
        logger.info(`${files} text files precompressed: ${bytes} bytes, ${brotliBytes} with brotli`);
      },
    },
  };
}
