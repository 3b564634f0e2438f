/**
 * Build only: `page-bundles.json`, the publication the build made, in one file:
 * `{ contentVersion, pages: [{ slug, path, version, body, renderKey }], redirects: [{ from, to }] }`
 * (src/server/publish/published-pages.ts). `body` is exactly the text GET /api/public-page/<slug>
 * sends and `version` the page's stored version. The production server starts from it: it
 * answers the page API from memory and serves these pages from dist/client until a change is
 * published (server/live-site.mjs).
 *
 * One route for all pages, rather than one per page: the bundles come from the
 * same cached resolver the visitor route renders from, and the build renders and
 * writes one more file instead of one more per page. After the build, the file
 * moves to dist/server/ (src/lib/private-page-bundles.ts): it is never a public file.
 * The dev server has no use for it and answers 404, like the production server.
 */
import type { APIRoute } from 'astro';
import { errorResponse } from '../server/http';
import { publishedSite } from '../server/publish/published-pages';

export const prerender = true;

export const GET: APIRoute = async ({ site }) => {
  if (import.meta.env.DEV) return errorResponse(404, 'Not found');
  if (!site) throw new Error('The page bundles need the `site` option of astro.config.mjs');
  return new Response(JSON.stringify(await publishedSite(site)), { headers: { 'Content-Type': 'application/json' } });
};
