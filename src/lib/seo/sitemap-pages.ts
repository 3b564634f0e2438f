/**
 * Build only, injected by the discovery integration (src/lib/seo/integration.ts):
 * the pages the sitemap lists, with what their lastmod is made from, as JSON.
 * It is a hand-over, not a download: the integration reads it once the build
 * is done, writes the sitemap from it, and deletes it.
 * It runs inside the build's own content pipeline, so the sitemap lists
 * exactly the pages that were rendered, from the same bundles.
 */
import type { APIRoute } from 'astro';
import { sitemapPages } from './page-data';

export const prerender = true;

export const GET: APIRoute = async ({ site }) => {
  if (!site) throw new Error('The sitemap needs the `site` option of astro.config.mjs (from SITE_URL)');
  return new Response(JSON.stringify(await sitemapPages(site)), { headers: { 'Content-Type': 'application/json' } });
};
