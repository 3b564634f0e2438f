/** Build only: `page-bundles/index.json`, each page's slug with its version (the page API's ETag). */
import type { APIRoute } from 'astro';
import { listPages, pageJson } from '../../lib/content';

export const prerender = true;

export const GET: APIRoute = async () => {
  const pages = await listPages();
  const versions = Object.fromEntries(await Promise.all(pages.map(async (page) => [page.slug, (await pageJson(page.slug)).version] as const)));
  return new Response(JSON.stringify(versions));
};
