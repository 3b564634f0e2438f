/**
 * Dev server only: the first middleware of `astro dev`, in front of Vite and
 * Astro. Astro's dev server buffers a whole request body before a route runs,
 * so every limit must be enforced here, before any byte is read, and on the
 * decoded, normalised path (server/requests.mjs): `/api/%73ave-to-file`,
 * `/api//save-to-file` and `/api/save-to-file/` reach the same route as
 * `/api/save-to-file`, so they get the same guard.
 *
 * - A malformed Host, an undecodable path or one with a `.` or `..` segment: 400
 *   (Astro builds a URL from both); doubled slashes: a read is sent to the
 *   single-slash address (301), anything else refused (400).
 * - The API through a host name that is not loopback (DNS rebinding): 403.
 * - Vite's open-in-editor link from any page but the dev server's own: 403.
 * - GET and HEAD go on; a method no route may answer (TRACE, CONNECT, any other) is refused (405).
 * - Every other method: loopback Host and same origin (403); then the write
 *   endpoints need JSON (415), a Content-Length (411) within their cap (413),
 *   and every other path takes no body at all (413).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiMethodProblem, DOUBLED_SLASHES, isDecodableTarget, isWellFormedHost, normalisedPath, redirectedToSingleSlashes, refuseRequest, singleSlashTarget, UNREADABLE_PATH, UNREADABLE_QUERY } from '../../server/requests.mjs';
import { isLoopbackHost, jsonContentProblem, localOriginProblem } from './guards';
import { bodyMethods, writeBodyLimit } from './limits';
import { tooLargeMessage } from './body';

/** The methods that reach the dev server's routes (each answers those it does not take with a JSON 405). */
const ROUTED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Vite's route that opens a file in the developer's editor (its error overlay links to it). */
const OPEN_IN_EDITOR = '/__open-in-editor';

/** A Host header that is an IP address (IPv4, or bracketed IPv6), with an optional port. */
const IP_HOST = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function hasBody(request: IncomingMessage): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}

/** Why a request must be refused before anything else sees it, as [status, message, headers?], or undefined. */
export function devRequestProblem(request: IncomingMessage): [number, string, Record<string, string>?] | undefined {
  if (!isWellFormedHost(request.headers.host)) return [400, 'The Host header is missing or malformed'];
  const path = normalisedPath(request.url ?? '');
  if (path === undefined) return [400, UNREADABLE_PATH];
  if (!isDecodableTarget(request.url ?? '')) return [400, UNREADABLE_QUERY];
  // A host name that is not loopback is DNS rebinding's way in. Vite refuses it too, but in plain
  // text: the API answers in JSON. An IP address cannot be rebound; Vite takes it (`astro dev --host`).
  const host = request.headers.host ?? '';
  if ((path === '/api' || path.startsWith('/api/')) && !isLoopbackHost(host) && !IP_HOST.test(host)) return [403, 'The dev server answers its API only through a localhost address'];
  // Vite opens any file of the project in the developer's own editor for a GET of this path. Its error
  // overlay, on the site's own pages, and the developer's own typing may ask; another site's link or image
  // may not (browsers say which in Sec-Fetch-Site, and a page cannot forge it).
  const secFetchSite = request.headers['sec-fetch-site'] as string | undefined;
  if (path === OPEN_IN_EDITOR && (secFetchSite === 'cross-site' || secFetchSite === 'same-site')) return [403, 'Only the dev server\'s own pages may open a file in your editor'];
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  if (singleSlashTarget(request.url ?? '') !== undefined) return [400, DOUBLED_SLASHES];
  // Only methods a route may answer reach Astro: TRACE did, and the request object Astro makes refused
  // it, a 500 HTML page with a stack in the log. A route answers the others it does not take (405, naming them).
  if (!ROUTED_METHODS.includes(request.method ?? '')) {
    return path === '/api' || path.startsWith('/api/') ? apiMethodProblem(request.method) : [405, `${request.method} is not allowed here`, { Allow: 'GET, HEAD' }];
  }

  const headers = {
    host: request.headers.host,
    origin: request.headers.origin,
    secFetchSite,
    contentType: request.headers['content-type'],
  };
  const originProblem = localOriginProblem(headers);
  if (originProblem) return [originProblem.status, originProblem.message];
  const limit = writeBodyLimit(path);
  if (limit === undefined) return hasBody(request) ? [413, `${path} takes no request body`] : undefined;
  // Another method gets the route's 405 naming what it takes, not a 415 about its body; but Astro dev
  // reads a whole body before the route runs, so one that carries a body is refused here (a review
  // sent 400 MB with a PUT to /api/content/changes, and the dev server grew by 1.6 GB).
  if (!bodyMethods(path).includes(request.method ?? '')) return hasBody(request) ? [413, `${request.method} ${path} takes no request body`] : undefined;
  const contentProblem = jsonContentProblem(headers.contentType);
  if (contentProblem) return [contentProblem.status, contentProblem.message];
  const declared = request.headers['content-length'];
  if (declared === undefined) return [411, 'Content-Length is required'];
  if (!/^\d+$/.test(declared)) return [400, 'Content-Length is not a number'];
  if (Number(declared) > limit) return [413, tooLargeMessage(limit)];
  return undefined;
}

export function devRequestGuard(request: IncomingMessage, response: ServerResponse, next: () => void): void {
  // A host name is the same in any case, and this guard judged it so; Vite's own host check does not,
  // and refused `LOCALHOST:4321` in plain text where the API answers JSON (a review).
  if (request.headers.host) request.headers.host = request.headers.host.toLowerCase();
  const problem = devRequestProblem(request);
  if (problem) refuseRequest(request, response, ...problem);
  else if (!redirectedToSingleSlashes(request, response)) next();
}
