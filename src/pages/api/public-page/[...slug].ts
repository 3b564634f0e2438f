/**
 * GET /api/public-page/<slug>: the resolved bundle of a page, the same data the
 * visitor route renders. An empty slug is the home page.
 */
import type { APIRoute } from 'astro';
import { slugFromPath } from '../../../engine/slug';
import { pageVersion, resolvePage } from '../../../lib/content';
import { handle, json } from '../../../server/http';

export const prerender = false;

export const GET: APIRoute = ({ params }) =>
  handle(async () => {
    const slug = slugFromPath(params.slug);
    const bundle = await resolvePage(slug);
    return json(bundle, 200, { ETag: `"${await pageVersion(slug)}"` });
  });
