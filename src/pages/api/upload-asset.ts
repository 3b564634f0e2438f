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
import { maxUploadBytes } from '../../server/images';

export const prerender = false;

/** Room for the JSON around the base64 data (filename, mimeType, keys). */
const ENVELOPE_BYTES = 16 * 1024;

export const POST: APIRoute = ({ request }) =>
  handle(async () => {
    if (import.meta.env.DEV) guardLocalWrite(request);
    else guardTokenWrite(request);
    const maxBytes = maxUploadBytes();
    const body = await readJsonBody(request, Math.ceil(maxBytes / 3) * 4 + ENVELOPE_BYTES);
    return json({ url: await storeUpload(body, maxBytes) });
  });
