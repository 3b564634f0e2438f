/**
 * POST /_live/publish: the production server's first publication, asked for by
 * the server itself before it listens (server/live-site.mjs), which also loads
 * the publisher into the process. Only the server's own requests reach it
 * (src/middleware.ts). 200 {ok} · 500 {error}: why the content cannot be published.
 */
import type { APIRoute } from 'astro';
import { handle, json } from '../http';
import { publishNow } from './publisher';

export const prerender = false;

export const POST: APIRoute = () =>
  handle(async () => {
    await publishNow();
    return json({ ok: true });
  });
