/**
 * Build only: `page-bundles.json`, every page's bundle in one file, as a list of
 * `{ slug, version, body }`. `body` is exactly the text GET /api/public-page/<slug>
 * sends and `version` its ETag. The production server loads the file at start and
 * answers the page API from memory (server/index.mjs).
 *
 * One route for all pages, rather than one per page: the bundles come from the
 * same cached resolver the visitor route renders from, and the build renders and
 * writes one more file instead of one more per page.
 */
import type { APIRoute } from 'astro';
import { listPages, pageJson } from '../lib/content';

export const prerender = true;

export const GET: APIRoute = async () => {
  const entries = [];
  for (const page of await listPages()) {
    const { json, version } = await pageJson(page.slug);
    entries.push({ slug: page.slug, version, body: json });
  }
  return new Response(JSON.stringify(entries), { headers: { 'Content-Type': 'application/json' } });
};
