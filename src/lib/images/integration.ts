/**
 * Build time: every image variant the built pages name is made (or taken from the cache, by
 * content hash: an unchanged image is never processed again) and copied into the static
 * folder (hard-linked), so the build's output serves its images without the server's handler, and the
 * production server sends them as they are. The pages are the one list of what is needed:
 * the views wrote each variant's URL (src/lib/images/responsive.ts), nothing else is made.
 */
import { copyFile, link, mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { cachedVariantPath, ensureVariant } from '../../../server/image-variant-store.mjs';
import { parseVariantPath, type VariantSpec, VARIANTS_URL_PREFIX, variantFileName } from '../../../server/image-variant-urls.mjs';
import { variantPlaces } from '../../../server/image-variants.mjs';
import { serverConfig } from '../../../server/config.mjs';

/** Every .html file under `dir`; symlinks are not followed. */
async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? htmlFiles(join(dir, entry.name)) : entry.isFile() && entry.name.endsWith('.html') ? [join(dir, entry.name)] : [])),
  );
  return nested.flat();
}

/** A variant URL as the views write it: its characters are all URL-safe, so it ends at a space, quote or comma. */
const VARIANT_URL = new RegExp(`${VARIANTS_URL_PREFIX}[A-Za-z0-9_./-]+`, 'g');

/** The variants the pages name, each once; a URL that does not parse (a hand-written one) is left alone. */
export function variantsNamedIn(html: string, into = new Map<string, VariantSpec>()): Map<string, VariantSpec> {
  for (const [url] of html.matchAll(VARIANT_URL)) {
    const spec = parseVariantPath(url);
    if (spec) into.set(url, spec);
  }
  return into;
}

/**
 * A hard link to the cached file (no bytes copied; nothing writes either in place), or a copy
 * across file systems; false when the cache has no such file.
 */
async function linkOrCopy(from: string, to: string): Promise<boolean> {
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Already there: a variant's name names its bytes, so it is this file.
    if (code === 'EEXIST') return true;
    if (code === 'ENOENT') return false;
    if (code !== 'EXDEV' && code !== 'EPERM') throw error;
    await copyFile(from, to);
  }
  return true;
}

export interface VariantBuildReport {
  made: number;
  cached: number;
  missing: string[];
}

/**
 * Variants named by pages the build wrote itself (src/server/publish/build-pages.ts), which
 * looked through each page as it wrote it: reading thousands of pages back took seconds.
 */
const named = { pages: new Set<string>(), specs: new Map<string, VariantSpec>() };

/** Records the variants a page names, as the build writes it to `file`; buildVariants then passes the file by. */
export function pageWritten(file: string, html: string): void {
  named.pages.add(file);
  variantsNamedIn(html, named.specs);
}

/** Makes or finds every variant and copies it to `<clientDir>/_img/`. */
export async function buildVariants(clientDir: string, places = variantPlaces(serverConfig(), true)): Promise<VariantBuildReport> {
  const specs = new Map(named.specs);
  for (const file of await htmlFiles(clientDir)) if (!named.pages.has(file)) variantsNamedIn(await readFile(file, 'utf8'), specs);
  named.pages.clear();
  named.specs.clear();
  const report: VariantBuildReport = { made: 0, cached: 0, missing: [] };
  const builtDir = join(clientDir, VARIANTS_URL_PREFIX.slice(1));
  // One folder per original, made once: a site with photos names thousands of variants.
  await Promise.all([...new Set([...specs.values()].map((spec) => spec.name))].map((name) => mkdir(join(builtDir, name), { recursive: true })));
  // The store queues the encodes (two at a time), in this order: by original, so each is decoded once.
  const byOriginal = [...specs].sort(([, a], [, b]) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  await Promise.all(
    byOriginal.map(async ([url, spec]) => {
      const target = join(builtDir, spec.name, variantFileName(spec));
      // A warm build finds every variant cached: linking first costs one call for each.
      if (await linkOrCopy(cachedVariantPath(places.cacheDir, spec), target)) {
        report.cached += 1;
        return;
      }
      const found = await ensureVariant({ cacheDir: places.cacheDir, dirs: places.originals }, spec);
      if (!found || !(await linkOrCopy(found.path, target))) {
        report.missing.push(url);
        return;
      }
      report[found.made ? 'made' : 'cached'] += 1;
    }),
  );
  return report;
}

export function responsiveImages(): AstroIntegration {
  return {
    name: 'responsive-images',
    hooks: {
      // A build that failed in the same process (a programmatic build()) left its records behind.
      'astro:build:start': () => {
        named.pages.clear();
        named.specs.clear();
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const { made, cached, missing } = await buildVariants(fileURLToPath(dir));
        logger.info(`${made + cached} image variants in ${Math.round(performance.now() - started)} ms: ${made} made, ${cached} from the cache`);
        // A page names a variant of an original that changed while the build ran: fail loudly, never ship a broken image.
        if (missing.length > 0) throw new Error(`No original matches these image variants: ${missing.slice(0, 5).join(', ')}`);
      },
    },
  };
}
