/**
 * Every other path under /api/: a JSON 404, never the site's HTML 404 page, so
 * API clients always get the `{ "error": string }` body the API promises.
 * (Astro routes the real endpoints first: a rest parameter ranks last.)
 */
import type { APIRoute } from 'astro';
import { errorResponse } from '../../server/http';

export const prerender = false;

export const ALL: APIRoute = ({ url }) => errorResponse(404, `No API endpoint at ${url.pathname}`);
