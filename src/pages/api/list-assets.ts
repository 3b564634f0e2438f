/** GET /api/list-assets: the URLs of the uploaded images, sorted by filename. */
import type { APIRoute } from 'astro';
import { listAssetUrls } from '../../server/assets';
import { handle, json, otherMethods } from '../../server/http';

export const prerender = false;

export const GET: APIRoute = () => handle(async () => json(await listAssetUrls()));

export const ALL = otherMethods({ GET });
