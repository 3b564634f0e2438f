/**
 * GET /api/public-page/<slug>: the resolved bundle of a page, the same data the
 * visitor route renders. An empty slug is the home page.
 */
import type { APIRoute } from 'astro';
import { slugFromPath } from '../../../engine/slug';
import { pageJson } from '../../../lib/content';
import { handle, JSON_HEADERS } from '../../../server/http';

export const prerender = false;

export const GET: APIRoute = ({ params }) =>
  handle(async () => {
    const { json, version } = await pageJson(slugFromPath(params.slug));
    return new Response(json, { headers: { ...JSON_HEADERS, ETag: `"${version}"` } });
  });
