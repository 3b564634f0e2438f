/**
 * Build only: `page-bundles.json`, every page's bundle in one file, as
 * `{ pages: [{ slug, version, body }], redirects: [{ from, to }] }`. `body` is exactly the text GET /api/public-page/<slug>
 * sends and `version` its ETag. The production server loads the file at start and
 * answers the page API from memory (server/index.mjs).
 *
 * One route for all pages, rather than one per page: the bundles come from the
 * same cached resolver the visitor route renders from, and the build renders and
 * writes one more file instead of one more per page. After the build, the file
 * moves to dist/server/ (src/lib/private-page-bundles.ts): it is never a public file.
 * The dev server has no use for it and answers 404, like the production server.
 */
import type { APIRoute } from 'astro';
import { listPages, listRedirects, pageJson } from '../lib/content';
import { errorResponse } from '../server/http';

export const prerender = true;

export const GET: APIRoute = async () => {
  if (import.meta.env.DEV) return errorResponse(404, 'Not found');
  const entries = [];
  for (const page of await listPages()) {
    const { json, version } = await pageJson(page.slug);
    entries.push({ slug: page.slug, version, body: json });
  }
  const redirects = [...(await listRedirects()).values()];
  return new Response(JSON.stringify({ pages: entries, redirects }), { headers: { 'Content-Type': 'application/json' } });
};
