/**
 * Dev server only: a middleware in front of Astro for the write endpoints.
 * Astro's dev server buffers a whole request body before a route runs, so the
 * size cap must be enforced here, from Content-Length, before any byte is
 * read. It applies the same write guard as the routes, so refusals are JSON
 * and come before Astro's own plain-text checks.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { localWriteProblem } from './guards';
import { writeBodyLimit } from './limits';

/**
 * Answers at once and discards whatever body follows without keeping it:
 * closing the socket on unread bytes would reset the connection, and the
 * client could lose the answer.
 */
function refuse(request: IncomingMessage, response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  response.end(JSON.stringify({ error: message }));
  request.resume();
}

export function devWriteGuard(request: IncomingMessage, response: ServerResponse, next: () => void): void {
  const pathname = (request.url ?? '').split('?')[0]!;
  const limit = writeBodyLimit(pathname);
  if (limit === undefined || request.method !== 'POST') return next();
  const problem = localWriteProblem({
    host: request.headers.host,
    origin: request.headers.origin,
    secFetchSite: request.headers['sec-fetch-site'] as string | undefined,
    contentType: request.headers['content-type'],
  });
  if (problem) return refuse(request, response, problem.status, problem.message);
  const declared = request.headers['content-length'];
  if (declared === undefined) return refuse(request, response, 411, 'Content-Length is required');
  if (Number(declared) > limit) return refuse(request, response, 413, `Request body is larger than ${limit} bytes`);
  next();
}
