/** GET /api/editor/state (behind sign-in in production, src/middleware.ts): every editable document with its version. */
import type { APIRoute } from 'astro';
import { readEditorPayload } from '../server/payload';
import { handle, json, otherMethods } from '../../server/http';

export const prerender = false;

export const GET: APIRoute = () => handle(async () => json(await readEditorPayload()));

export const ALL = otherMethods({ GET });
