/**
 * Discovery at build time: the sitemap, and the warning when SITE_URL is missing.
 *
 * The sitemap is @astrojs/sitemap's (sitemap-index.xml and sitemap-0.xml, …).
 * It sees only the URLs Astro generated, which here include the redirect
 * pages of moved pages and nothing of any page's content. So the build also
 * renders a hand-over (src/lib/seo/sitemap-pages.ts, from the same bundles as
 * the pages): the pages to list and what each one's lastmod is made from.
 * This integration reads it when the build is done, before @astrojs/sitemap
 * runs (build-done hooks run in the order of `integrations`), adds the data
 * files' modification times, deletes it, and hands @astrojs/sitemap a
 * `filter` (only those pages) and a `serialize` (their lastmod).
 */
import { readFile, rm, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import sitemap from '@astrojs/sitemap';
import { lastmodOf } from './page-urls';
import type { SitemapPage } from './page-data';

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
export function discovery({ siteUrl }: { siteUrl: string | undefined }): AstroIntegration[] {
  /** Absolute page URL → lastmod (ISO), for the pages the sitemap lists. */
  const listed = new Map<string, string | undefined>();
  let root: URL | undefined;
  let site: string | undefined;

  const handOver: AstroIntegration = {
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
        const dataRoot = new URL('src/data/', root);
        for (const page of pages) {
          const fileTimes = await Promise.all(page.files.map(async (name) => (await stat(fileURLToPath(new URL(name, dataRoot)))).mtime));
          listed.set(new URL(page.path, site).href, lastmodOf({ ...page, fileTimes })?.toISOString());
        }
        warnMissingSiteUrl(logger, siteUrl);
      },
    },
  };

  return [
    handOver,
    sitemap({
      // Only the pages the hand-over lists: not the redirect pages of moved pages, status pages, noindex pages or the editor.
      filter: (url) => listed.has(url),
      serialize: (item) => ({ ...item, lastmod: listed.get(item.url) }),
    }),
  ];
}
