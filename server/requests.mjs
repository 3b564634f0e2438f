// What a request asks for and where it comes from, read the way the servers read it. Every guard
// and header decision in the dev server (astro.config.mjs, src/server/dev-guard.ts)
// and the production server (server/index.mjs) is made on these values, never
// on the raw URL: Vite's and the adapter's static servers percent-decode the
// path and resolve dot segments, so a decision on the raw text could be skipped
// by `/assets/%69mages/x.svg` while the same file is still served.
// Plain JavaScript so the production server can load it without a build step.
import { JSON_HEADERS } from './headers.mjs';

/** The production server's own renders, for its own requests only (never answered from outside). */
export const LIVE_PREFIX = '/_live';

/** Paths the server's routes answer (the API, the editor, live renders): never a visitor page or a redirect. */
const SERVER_ROUTE_PREFIXES = ['/api', '/editor', LIVE_PREFIX];

/**
 * Whether a normalised path is one of the server's own routes. No page may live there
 * (src/engine/slug.ts reserves them), and no redirect from the content answers in their place.
 * @param {string} path
 */
export const isServerRoute = (path) => SERVER_ROUTE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** Why a request whose path normalisedPath cannot give is refused (400). */
export const UNREADABLE_PATH = 'The request path cannot be decoded, or holds an encoded / or \\, or a . or .. segment';

/**
 * The request's path, percent-decoded once (as the static servers decode it),
 * with empty segments dropped, backslashes taken as separators and no trailing
 * slash: `/assets//images/x%2Esvg?v=1` is `/assets/images/x.svg`. Undefined
 * when the path cannot be decoded, holds a NUL, an encoded `/` or `\` (`%2F`,
 * `%5C`), or a `.` or `..` segment, plain or encoded: such a request is
 * answered 400 before anything else looks at it. Each of those is read one way
 * here and another by Astro's router or Vite, which would then decide on
 * different paths: an encoded separator is part of a segment to the router
 * (`/api/auth/users/x%2F..%2F..%2Flist-assets` was a public path to the guard
 * and the admin-only users route to the router), and the URL parser lets `..`
 * take away an empty segment (`/api/public-page//../pricing` is the page API to
 * the router, which once answered it from the build's content, and `/api/pricing`
 * with empty segments dropped first). Browsers resolve dot segments before they
 * send a request, and no URL the site makes has any of these.
 * @param {string} url the request target (`request.url`)
 * @returns {string | undefined}
 */
export function normalisedPath(url) {
  const raw = url.split(/[?#]/, 1)[0] ?? '';
  if (/%(?:2f|5c)/i.test(raw)) return undefined;
  let decoded;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const segments = [];
  for (const segment of decoded.split(/[/\\]/)) {
    if (segment === '.' || segment === '..') return undefined;
    if (segment !== '') segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** Why a request whose query string cannot be decoded (`?x=%zz`) is refused (400). */
export const UNREADABLE_QUERY = 'The request address cannot be decoded: its query string holds a % not followed by two hex digits, or bytes that are not UTF-8';

/**
 * Whether the whole request target decodes as the adapter decodes it (`decodeURI`): one that does not
 * got the adapter's own plain-text 400, where every refusal here is `{ "error": … }`.
 * @param {string} url
 */
export function isDecodableTarget(url) {
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
}

/** The methods besides GET and HEAD that the API's routes answer (src/pages/api/). */
const API_WRITE_METHODS = ['POST', 'DELETE'];

/**
 * Why a request with this method (not GET or HEAD) is refused on the API, as [status, message,
 * headers], or undefined. An allowlist, in both servers: the API's routes answer no other method,
 * and some (TRACE, CONNECT) the request object Astro makes refuses outright, which came out as a
 * 500 (an HTML page in dev) with a stack in the log.
 * @param {string | undefined} method
 * @returns {[number, string, Record<string, string>] | undefined}
 */
export function apiMethodProblem(method) {
  if (API_WRITE_METHODS.includes(method ?? '')) return undefined;
  return [405, `${method} is not allowed on the API`, { Allow: ['GET', 'HEAD', ...API_WRITE_METHODS].join(', ') }];
}

/** Why a write to a path with doubled slashes is refused (400). */
export const DOUBLED_SLASHES = 'The request path holds an empty segment (// or a backslash)';

/**
 * The request target spelt with single slashes (`/about//` → `/about/`, `/a\\b?x` → `/a/b?x`),
 * or undefined when it needs no respelling. normalisedPath drops empty segments, but Astro's
 * router keeps them (`/editor//sign-in` is its catch-all editor route, while the sign-in gate
 * took it for the sign-in page), so no such request may reach a route.
 * @param {string} url the request target (`request.url`)
 * @returns {string | undefined}
 */
export function singleSlashTarget(url) {
  const pathEnd = url.search(/[?#]/);
  const path = pathEnd === -1 ? url : url.slice(0, pathEnd);
  if (!path.startsWith('/') || !/\/\/|\\/.test(path)) return undefined;
  return path.replace(/[/\\]+/g, '/') + (pathEnd === -1 ? '' : url.slice(pathEnd));
}

/**
 * Sends a read whose path has doubled slashes to the single-slash address (301: a sloppy link
 * still finds its page), and says whether it did. Every other method is refused before this
 * (DOUBLED_SLASHES, in each server's request problems). Called once the path is known to be
 * readable (normalisedPath), before the request is routed.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {() => string | undefined} [finalAddress] where the single-slash address would send the
 *   read on (a page's canonical address, a moved page's new one), so that `//about` takes one
 *   hop to `/about/`, not two; its query goes along
 * @returns {boolean}
 */
export function redirectedToSingleSlashes(request, response, finalAddress = () => undefined) {
  const target = singleSlashTarget(request.url ?? '');
  if (target === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
  const address = finalAddress();
  sendPermanentRedirect(response, address === undefined ? target : address + new URL(target, 'http://site.invalid').search);
  return true;
}

/**
 * Answers a read with a permanent redirect to `location` (a site path, its query valid in a
 * header), cached for an hour: the one way the production server sends every 301 (doubled
 * slashes, another spelling of a page's address, a moved page), so they cannot drift apart.
 * An hour rather than for good: a moved page's old address may become a page again.
 * @param {import('node:http').ServerResponse} response
 * @param {string} location
 */
export function sendPermanentRedirect(response, location) {
  response.writeHead(301, { Location: location, 'Cache-Control': 'public, max-age=3600', 'Content-Length': '0' });
  response.end();
}

// A Host header is a host name, an IPv4 address or a bracketed IPv6 address, and an optional
// port of at most five digits (RFC 9110 §7.2 with RFC 3986's host grammar, restricted to what
// a browser sends). Anything else (`localhost:abc`, `localhost:4721.evil.com`) is refused.
const HOST_PATTERN = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9](?:[a-z0-9-]{0,62}))*\.?)(?::(\d{1,5}))?$/i;

/**
 * Whether a Host header is well formed. Servers that build URLs from it (Astro
 * does, for every request) must never see a malformed one.
 * @param {string | undefined} host
 * @returns {boolean}
 */
export function isWellFormedHost(host) {
  if (typeof host !== 'string' || host.length === 0 || host.length > 255) return false;
  const match = HOST_PATTERN.exec(host);
  if (!match) return false;
  return match[1] === undefined || Number(match[1]) <= 65535;
}

/** `Sec-Fetch-Site` values a write may carry: the site's own pages, or a user's own action (tools send none). */
const SAME_ORIGIN_FETCH_SITES = new Set(['same-origin', 'none']);

/** Whether an `Origin` header names this server: its host (name and port) is the request's Host. `null` never does. */
function isOwnOrigin(origin, host) {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === String(host ?? '').toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Why a write must be refused as coming from another site, or undefined. The
 * browser says where a request comes from in `Origin` (sent with every
 * cross-origin request and every POST) and `Sec-Fetch-Site`; a write passes only
 * if neither names another origin. Decided from headers alone, before any of the
 * body is read.
 * @param {{ host?: string | null, origin?: string | null, secFetchSite?: string | null }} headers
 * @returns {string | undefined}
 */
export function crossOriginWriteProblem({ host, origin, secFetchSite }) {
  if (origin != null && !isOwnOrigin(origin, host)) return 'Cross-origin writes are refused';
  if (secFetchSite != null && !SAME_ORIGIN_FETCH_SITES.has(secFetchSite)) return 'Cross-site writes are refused';
  return undefined;
}

/** How long a refused client that keeps sending has to read the answer before its connection is cut. */
const GRACE_MS = 1000;

/**
 * Answers a request with a JSON error at once and keeps none of its body:
 * whatever arrives is discarded as it comes. Cutting the connection while the
 * client is still sending would reset it, and the client could lose the
 * answer, so a client that keeps sending is cut off only after a grace period.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {string} message
 * @param {Record<string, string>} [headers]
 */
export function refuseRequest(request, response, status, message, headers = {}) {
  response.writeHead(status, { ...JSON_HEADERS, ...headers });
  response.end(JSON.stringify({ error: message }));
  if (request.complete) return;
  request.resume();
  response.once('finish', () => {
    setTimeout(() => {
      if (!request.complete) request.socket.destroy();
    }, GRACE_MS).unref();
  });
}
