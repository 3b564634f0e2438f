/**
 * GET /api/asset-details: each uploaded image with its size in pixels, its weight in bytes and
 * whether it records a GPS position, for the editor's media library. Production: signed-in
 * editors only (src/middleware.ts lets no unlisted API path through without a session).
 */
import type { APIRoute } from 'astro';
import { listAssetDetails } from '../../server/asset-details';
import { handle, json, otherMethods } from '../../server/http';

export const prerender = false;

export const GET: APIRoute = () => handle(async () => json(await listAssetDetails()));

export const ALL = otherMethods({ GET });
