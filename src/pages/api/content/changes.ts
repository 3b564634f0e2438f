/**
 * POST /api/content/changes {message?, changes: [put | delete | move]}: applies
 * a changeset to the content, whole or not at all; with the git backend, as one
 * commit authored by the signed-in user (and pushed, when there is a remote).
 * Dev: same-origin localhost requests. Production: a signed-in user (checked by
 * src/middleware.ts), from the site's own origin, within their role.
 * 200 {ok, versions, rewritten, commit?, publish?: {ticket}} · 400 {error, issues: [{file, path, message}]}
 * · 403 {error} · 409 {error, conflicts: [{file, currentVersion}]} · 502/503 {error}: the remote
 */
import type { APIRoute } from 'astro';
import { audit } from '../../../../server/audit-log.mjs';
import { serverConfig } from '../../../../server/config.mjs';
import { clientAddressOf } from '../../../server/auth/request-facts';
import { authorOf } from '../../../server/authors';
import { readJsonBody } from '../../../server/body';
import { HttpError } from '../../../server/errors';
import { guardEditorWrite } from '../../../server/guards';
import { handle, json, otherMethods } from '../../../server/http';
import { MAX_SAVE_BYTES } from '../../../server/limits';
import { canWrite } from '../../../server/auth/roles';
import { parseChangeset } from '../../../server/store/changeset';
import { requestPublish } from '../../../server/publish/publisher';

export const prerender = false;

export const POST: APIRoute = (context) =>
  handle(async () => {
    const { request, locals } = context;
    guardEditorWrite(request, locals.user);
    const changeset = parseChangeset(await readJsonBody(request, MAX_SAVE_BYTES));
    const role = locals.user?.role ?? 'admin';
    const forbidden = changeset.changes.flatMap((change) => (change.op === 'move' ? [change.file, change.to] : [change.file])).filter((file) => !canWrite(role, file));
    if (forbidden.length > 0) throw new HttpError(403, `Only an administrator can change ${forbidden.join(', ')}`);
    const { contentStore } = await import('../../../server/store');
    const result = await contentStore.apply(changeset, authorOf(locals.user), (file) => canWrite(role, file));
    await audit({ event: 'changeset', user: locals.user?.name, address: clientAddressOf(context, serverConfig().trustProxy), files: Object.keys(result.versions), ...(result.commit && { commit: result.commit }) });
    // On the production server the change now goes live (GET /api/content/publishing follows it); astro dev has no publishing.
    const ticket = requestPublish();
    return json({ ok: true, ...result, ...(ticket !== undefined && { publish: { ticket } }) });
  });

export const ALL = otherMethods({ POST });
