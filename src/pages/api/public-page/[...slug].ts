/**
 * GET /api/public-page/<slug>: the resolved bundle of a page, the same data the
 * visitor route renders. An empty slug is the home page. The ETag changes with
 * the bundle (a shared header's edit changes every page's); X-Page-Version is
 * the stored file's version, a save's baseVersion.
 */
import type { APIRoute } from 'astro';
import { slugFromPath } from '../../../engine/slug';
import { pageJson } from '../../../lib/content';
import { handle, JSON_HEADERS, otherMethods } from '../../../server/http';
import { bundleTag, PAGE_VERSION_HEADER } from '../../../../server/page-api.mjs';

export const prerender = false;

export const GET: APIRoute = ({ params }) =>
  handle(async () => {
    const { json, version } = await pageJson(slugFromPath(params.slug));
    return new Response(json, { headers: { ...JSON_HEADERS, ETag: `"${bundleTag(json)}"`, [PAGE_VERSION_HEADER]: version } });
  });

export const ALL = otherMethods({ GET });
