/**
 * POST /api/upload-asset {filename, data, mimeType?, overwrite?}: stores an
 * image under /assets/images/. Dev: same-origin localhost requests; production:
 * a bearer token (CONTENT_API_TOKEN).
 */
import type { APIRoute } from 'astro';
import { storeUpload } from '../../server/assets';
import { readJsonBody } from '../../server/body';
import { guardLocalWrite, guardTokenWrite } from '../../server/guards';
import { handle, json } from '../../server/http';
import { maxUploadBodyBytes, maxUploadBytes } from '../../server/limits';

export const prerender = false;

export const POST: APIRoute = ({ request }) =>
  handle(async () => {
    if (import.meta.env.DEV) guardLocalWrite(request);
    else guardTokenWrite(request);
    const body = await readJsonBody(request, maxUploadBodyBytes());
    return json({ url: await storeUpload(body, maxUploadBytes()) });
  });
