/**
 * GET /api/auth/session: who is signed in. 200 {user: {name, role}}, or 401
 * from the gate (src/middleware.ts) without a session. Under astro dev it is
 * the local developer, {name: "local", role: "admin"}.
 */
import type { APIRoute } from 'astro';
import { NO_STORE } from '../../../server/auth/endpoint-helpers';
import { errorResponse, json, otherMethods } from '../../../server/http';

export const prerender = false;

export const GET: APIRoute = ({ locals }) =>
  locals.user ? json({ user: { name: locals.user.name, role: locals.user.role } }, 200, NO_STORE) : errorResponse(401, 'Not signed in', {}, NO_STORE);

export const ALL = otherMethods({ GET });
