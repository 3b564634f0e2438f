/**
 * POST /api/upload-asset {filename, data, mimeType?, overwrite?}: stores an
 * image under /assets/images/, as a change of the content store (a commit of
 * its own with the git backend). Dev: same-origin localhost requests.
 * Production: a signed-in editor (the session is checked by src/middleware.ts),
 * or a tool with the bearer token (CONTENT_API_TOKEN). On the production server a
 * replacement (`overwrite`) is then published, like a changeset: it shows on its pages.
 * A photo that records where it was taken is stored without its GPS position (upload-location.ts),
 * and the answer says so in `X-Location-Removed: true`: the body stays the spec's `{ url }`.
 * Uploads are checked a few at a time (upload-work.ts): beyond a short queue, 503 with Retry-After,
 * before the body is read.
 */
import type { APIContext, APIRoute } from 'astro';
import { storeUpload } from '../../server/assets';
import { readJsonBody, refuseUnknownFields } from '../../server/body';
import { guardLocalWrite, guardSessionWrite, guardTokenWrite } from '../../server/guards';
import { handle, json, otherMethods } from '../../server/http';
import { maxUploadBodyBytes, maxUploadBytes } from '../../server/limits';
import { audit } from '../../../server/audit-log.mjs';
import { serverConfig } from '../../../server/config.mjs';
import { clientAddressOf } from '../../server/auth/request-facts';
import { authorOf } from '../../server/authors';
import { canWrite } from '../../server/auth/roles';
import { requestPublish } from '../../server/publish/publisher';
import { LOCATION_REMOVED_HEADER } from '../../../server/headers.mjs';
import { admitUpload } from '../../server/upload-work';

export const prerender = false;

/** Reads the upload's body and stores it: its URL, and whether its GPS position was removed. */
async function receiveUpload(request: Request, user: APIContext['locals']['user']) {
  const body = await readJsonBody(request, maxUploadBodyBytes());
  refuseUnknownFields(body, ['filename', 'data', 'mimeType', 'overwrite']);
  const { contentStore } = await import('../../server/store');
  // As a changeset is: a signed-in editor's replacement may not change a document only an
  // administrator may. A tool with the token uploads only, so it has an editor's rights, no more.
  const role = user?.role ?? 'editor';
  return { body, ...(await storeUpload(body, maxUploadBytes(), contentStore, authorOf(user), (file) => canWrite(role, file))) };
}

export const POST: APIRoute = (context) =>
  handle(async () => {
    const { request, locals } = context;
    if (import.meta.env.DEV) guardLocalWrite(request);
    else if (request.headers.has('authorization') || !locals.user) guardTokenWrite(request);
    else guardSessionWrite(request, locals.user);
    // Its place is held until the upload is stored: it bounds the bodies held in memory too.
    const release = admitUpload();
    const { body, url, locationRemoved } = await receiveUpload(request, locals.user).finally(release);
    await audit({ event: 'upload', user: locals.user?.name, address: clientAddressOf(context, serverConfig().trustProxy), url, ...(locationRemoved && { locationRemoved }) });
    // A replaced image (only `overwrite` replaces one) changes every page showing it, since its
    // variants' URLs name its bytes: on the production server those pages go live again now, not
    // at some later change. A new name changes no page, and is not worth planning a publication.
    if ((body as { overwrite?: unknown }).overwrite === true) requestPublish();
    return json({ url }, 200, locationRemoved ? { [LOCATION_REMOVED_HEADER]: 'true' } : {});
  });

export const ALL = otherMethods({ POST });
