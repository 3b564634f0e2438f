/**
 * JSON responses for the API. Every error body is `{ "error": string }`,
 * sometimes with `issues`; unexpected errors become a 500 whose message has
 * no stack trace and no filesystem path outside the project.
 */
import type { APIRoute } from 'astro';
import { ContentError, PageNotFoundError } from '../engine/resolver';
import { HttpError } from './errors';
import { publicMessage } from './paths';
import { JSON_HEADERS } from '../../server/headers.mjs';

export { HttpError };

export { JSON_HEADERS };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function errorResponse(status: number, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return json({ error: message, ...extra }, status, headers);
}

/** The JSON error response for anything an endpoint throws. */
export function errorResponseFor(error: unknown): Response {
  if (error instanceof HttpError) return errorResponse(error.status, error.message, error.extra, error.headers);
  if (error instanceof PageNotFoundError) return errorResponse(404, error.message);
  // Content errors name a data file and a pointer, never a filesystem path.
  if (error instanceof ContentError) return errorResponse(500, error.message, { issues: error.fileIssues() });
  console.error(error);
  const message = error instanceof Error ? error.message : String(error);
  return errorResponse(500, publicMessage(message));
}

/** Runs an endpoint body, turning thrown errors into JSON error responses. */
export async function handle(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    return errorResponseFor(error);
  }
}

type Method = 'GET' | 'POST' | 'DELETE';

/**
 * An endpoint's `ALL` export: a method it has no handler for answers 405 with `Allow`, in JSON.
 * Without it Astro answers an empty 404, which becomes the site's HTML 404 page. HEAD goes to
 * GET, as Astro routes it when there is no `ALL`.
 */
export function otherMethods(handlers: Partial<Record<Method, APIRoute>>): APIRoute {
  const methods = Object.keys(handlers) as Method[];
  const allow = [...methods, ...(handlers.GET ? ['HEAD'] : [])].join(', ');
  return (context) => {
    if (context.request.method === 'HEAD' && handlers.GET) return handlers.GET(context);
    return errorResponse(405, `${context.request.method} is not allowed here: this endpoint takes ${allow}`, {}, { Allow: allow });
  };
}
