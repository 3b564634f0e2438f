/**
 * Build only: every page's bundle as a file, `page-bundles/<slug>.json`, exactly
 * the body GET /api/public-page/<slug> sends. The production server loads
 * them at start and answers the page API from memory (server/index.mjs). Astro ignores folders starting with "_", hence the name.
 */
import type { APIRoute } from 'astro';
import { listPages, pageJson } from '../../lib/content';

export const prerender = true;

export async function getStaticPaths() {
  return (await listPages()).map((page) => ({ params: { slug: page.slug } }));
}

export const GET: APIRoute = async ({ params }) => new Response((await pageJson(params.slug!)).json);
