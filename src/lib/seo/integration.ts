/**
 * Discovery at build time: the sitemap, and the warning when SITE_URL is missing.
 *
 * The pages the sitemap lists, and what each one's lastmod is made from, come
 * from a hand-over the build renders (src/lib/seo/sitemap-pages.ts), from the
 * same bundles as the pages. Once the build is done, this integration reads
 * it, deletes it, adds the data files' modification times and writes the
 * sitemap's files (src/lib/seo/sitemap-files.ts, which the production
 * server's live publisher uses too), before the text files are precompressed.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import type { SitemapPage } from './page-data';
import { fileTimesUnder, sitemapFiles, sitemapUrls } from './sitemap-files';

const HAND_OVER = 'sitemap-pages.json';

/** What a build without SITE_URL gets wrong, said in the build's output. */
export const MISSING_SITE_URL_WARNING = [
  'SITE_URL is not set: this build uses http://localhost:4321 as the site\'s address.',
  'Every absolute URL it writes will point there: canonical links, og:url and og:image, the sitemap,',
  'the RSS feed\'s links, robots.txt\'s Sitemap line and the structured data (JSON-LD).',
  'Set SITE_URL to the public address before building for production, e.g. SITE_URL=https://example.com npm run build',
].join('\n');

function warnMissingSiteUrl(logger: AstroIntegrationLogger, siteUrl: string | undefined) {
  if (!siteUrl) logger.warn(`\n${'!'.repeat(72)}\n${MISSING_SITE_URL_WARNING}\n${'!'.repeat(72)}`);
}

/** `siteUrl` is SITE_URL as server/config.mjs read it (undefined when unset). */
export function discovery({ siteUrl }: { siteUrl: string | undefined }): AstroIntegration {
  let root: URL | undefined;
  let site: string | undefined;
  return {
    name: 'discovery',
    hooks: {
      'astro:config:setup': ({ command, injectRoute, logger }) => {
        if (command !== 'build') return;
        // Said at the start and again at the end of the build, where it is read.
        warnMissingSiteUrl(logger, siteUrl);
        injectRoute({ pattern: `/${HAND_OVER}`, entrypoint: './src/lib/seo/sitemap-pages.ts', prerender: true });
      },
      'astro:config:done': ({ config }) => {
        root = config.root;
        site = config.site;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const file = new URL(HAND_OVER, dir);
        const pages = JSON.parse(await readFile(file, 'utf8')) as SitemapPage[];
        await rm(file);
        const siteAddress = new URL(site!);
        const urls = await sitemapUrls(pages, fileTimesUnder(fileURLToPath(new URL('src/data/', root))), siteAddress);
        for (const [name, xml] of await sitemapFiles(urls, siteAddress)) await writeFile(new URL(name, dir), xml);
        warnMissingSiteUrl(logger, siteUrl);
      },
    },
  };
}
