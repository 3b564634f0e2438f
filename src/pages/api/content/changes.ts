/**
 * POST /api/content/changes {message?, changes: [put | delete | move]}: applies
 * a changeset to the content, whole or not at all. Local development, under
 * the same guards as saving.
 * 200 {ok, versions, rewritten} · 400 {error, issues: [{file, path, message}]} · 409 {error, conflicts: [{file, currentVersion}]}
 */
import type { APIRoute } from 'astro';
import { readJsonBody } from '../../../server/body';
import { HttpError } from '../../../server/errors';
import { guardLocalWrite } from '../../../server/guards';
import { handle, json } from '../../../server/http';
import { MAX_SAVE_BYTES } from '../../../server/limits';
import { parseChangeset } from '../../../server/store/changeset';

export const prerender = false;

export const POST: APIRoute = ({ request }) =>
  handle(async () => {
    if (!import.meta.env.DEV) throw new HttpError(404, 'Not found: content changes are only available in local development');
    guardLocalWrite(request);
    const changeset = parseChangeset(await readJsonBody(request, MAX_SAVE_BYTES));
    const { contentStore } = await import('../../../server/store');
    return json({ ok: true, ...(await contentStore.apply(changeset)) });
  });
