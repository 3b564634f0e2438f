/**
 * GET /api/content/publishing?ticket=N (production, signed in, src/middleware.ts): where the
 * publication of a saved change is. A save's 200 carries `publish.ticket` on the production
 * server (src/pages/api/content/changes.ts); the editor asks here until it is live.
 * 200 {state: "publishing" | "live"} · {state: "live", kept: [{path, reason}]}: live, but these pages
 * keep their previous version, as the content cannot make them now · {state: "failed", error}: the
 * previous version stays live
 * · 400 {error}: not a ticket this server gave · 404 {error}: nothing is published here (astro dev)
 */
import type { APIRoute } from 'astro';
import { errorResponse, handle, json, otherMethods } from '../../../server/http';
import { NO_STORE } from '../../../server/auth/endpoint-helpers';
import { isTicket, publishState } from '../../../server/publish/publisher';
import { liveHost } from '../../../server/publish/live-host';

export const prerender = false;

export const GET: APIRoute = ({ url }) =>
  handle(async () => {
    if (!liveHost()) return errorResponse(404, 'Nothing is published by this server: astro dev shows every saved change at once');
    const raw = url.searchParams.get('ticket') ?? '';
    const ticket = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!isTicket(ticket)) return errorResponse(400, 'ticket must be the number a save on this server returned as publish.ticket');
    return json(publishState(ticket), 200, NO_STORE);
  });

export const ALL = otherMethods({ GET });
