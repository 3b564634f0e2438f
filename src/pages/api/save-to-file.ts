/**
 * POST /api/save-to-file {projectState, slug, baseVersion?}: writes one page,
 * collection entry or shared document under src/data. Local development only.
 */
import type { APIRoute } from 'astro';
import { readJsonBody, refuseUnknownFields } from '../../server/body';
import { HttpError } from '../../server/errors';
import { guardLocalWrite } from '../../server/guards';
import { handle, json, otherMethods } from '../../server/http';
import { MAX_SAVE_BYTES } from '../../server/limits';
import { saveToFile } from '../../server/save';

export const prerender = false;

export const POST: APIRoute = ({ request }) =>
  handle(async () => {
    if (!import.meta.env.DEV) throw new HttpError(404, 'Not found: saving to files is only available in local development');
    guardLocalWrite(request);
    const body = await readJsonBody(request, MAX_SAVE_BYTES);
    refuseUnknownFields(body, ['projectState', 'slug', 'baseVersion']);
    const { contentStore } = await import('../../server/store');
    const version = await saveToFile(body, contentStore);
    return json({ ok: true }, 200, { ETag: `"${version}"` });
  });

export const ALL = otherMethods({ POST });
