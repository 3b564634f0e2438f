/**
 * POST /api/content/sync: the git host's push webhook. The server fetches the
 * content repository and moves its working tree to the remote branch, between
 * changes (under the content store's lock), so the editor serves what was
 * pushed. It needs CONTENT_WEBHOOK_SECRET, proven either as GitHub, Gitea and
 * Forgejo do (`X-Hub-Signature-256: sha256=<HMAC-SHA256 of the body>`) or as
 * GitLab does (`X-Gitlab-Token: <secret>`). The body itself is not used: any
 * push is a reason to fetch.
 * 200 {ok, head, changed} · 401 {error} · 404 {error}: no git remote or no secret
 */
import type { APIRoute } from 'astro';
import { requestPublish } from '../../../server/publish/publisher';
import { createHmac } from 'node:crypto';
import { serverConfig } from '../../../../server/config.mjs';
import { audit } from '../../../../server/audit-log.mjs';
import { clientAddressOf } from '../../../server/auth/request-facts';
import { readRawBody } from '../../../server/body';
import { HttpError } from '../../../server/errors';
import { sameSecret } from '../../../server/guards';
import { handle, json, otherMethods } from '../../../server/http';
import { MAX_SAVE_BYTES } from '../../../server/limits';

export const prerender = false;

/**
 * Whether the request proves it knows the secret. Only a signature needs the body: a request with
 * neither header, or with GitLab's token, is decided without reading a byte of it.
 */
async function proven(request: Request, secret: string): Promise<boolean> {
  const signature = request.headers.get('x-hub-signature-256');
  if (signature) {
    const body = await readRawBody(request, MAX_SAVE_BYTES);
    return sameSecret(signature, `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  }
  const token = request.headers.get('x-gitlab-token');
  return token !== null && sameSecret(token, secret);
}

export const POST: APIRoute = (context) =>
  handle(async () => {
    const { request } = context;
    const { backend, git } = serverConfig();
    if (backend !== 'git' || !git.remote || !git.webhookSecret) {
      throw new HttpError(404, 'Not found: the sync webhook needs CONTENT_BACKEND=git, CONTENT_GIT_REMOTE and CONTENT_WEBHOOK_SECRET');
    }
    if (!(await proven(request, git.webhookSecret))) throw new HttpError(401, 'The webhook signature or token is missing or wrong');
    const { contentStore } = await import('../../../server/store');
    const synced = (await contentStore.sync())!;
    if (synced.changed) {
      await audit({ event: 'sync', address: clientAddressOf(context, serverConfig().trustProxy), head: synced.head });
      requestPublish();
    }
    return json({ ok: true, ...synced });
  });

export const ALL = otherMethods({ POST });
