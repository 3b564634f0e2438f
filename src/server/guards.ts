/**
 * Guards for requests that write. A dev server on localhost is reachable from
 * any page the developer visits, so writes must come from the dev server's own
 * origin, through a loopback Host name (against DNS rebinding), as JSON (a
 * cross-site form cannot send that without a preflight, which is never
 * approved). The production server applies the same origin rule to every
 * write, before its body is read.
 */
import { MIMEType } from 'node:util';
import { timingSafeEqual } from 'node:crypto';
import { serverConfig } from '../../server/config.mjs';
import { crossOriginWriteProblem } from '../../server/requests.mjs';
import { HttpError } from './errors';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function hostName(host: string): string {
  // "[::1]:4321" → "[::1]"; "localhost:4321" → "localhost"
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
}

export function isLoopbackHost(host: string | null): boolean {
  if (!host) return false;
  const name = hostName(host.toLowerCase());
  return LOOPBACK_HOSTS.has(name) || name.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(name);
}

export interface WriteHeaders {
  host?: string | null;
  origin?: string | null;
  secFetchSite?: string | null;
  contentType?: string | null;
}

/** Why a write from another origin must be refused (403), or undefined: shared with the production server. */
export function crossOriginProblem(headers: WriteHeaders): HttpError | undefined {
  const problem = crossOriginWriteProblem(headers);
  return problem ? new HttpError(403, problem) : undefined;
}

/**
 * Why a body's Content-Type must be refused (415), or undefined: JSON, read as UTF-8 (RFC 8259
 * §8.1), so a `charset` that says otherwise is refused rather than read as something it is not.
 * Parsed by Node's own MIME type parser.
 */
export function jsonContentProblem(contentType: string | null | undefined): HttpError | undefined {
  let type: MIMEType;
  try {
    type = new MIMEType(contentType ?? '');
  } catch {
    type = new MIMEType('text/plain');
  }
  if (type.essence !== 'application/json') return new HttpError(415, 'Content-Type must be application/json');
  const charset = type.params.get('charset')?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') return new HttpError(415, `Content-Type must be application/json in UTF-8, not ${JSON.stringify(charset.slice(0, 40))}`);
  return undefined;
}

/** Why a dev-only request that may write must be refused, or undefined: loopback Host, same origin. */
export function localOriginProblem(headers: WriteHeaders): HttpError | undefined {
  if (!isLoopbackHost(headers.host ?? null)) return new HttpError(403, 'Writes are only accepted through a localhost address');
  return crossOriginProblem(headers);
}

/** Why a dev-only write must be refused, or undefined: loopback Host, same origin, JSON body. */
export function localWriteProblem(headers: WriteHeaders): HttpError | undefined {
  return localOriginProblem(headers) ?? jsonContentProblem(headers.contentType);
}

const writeHeadersOf = (request: Request): WriteHeaders => ({
  host: request.headers.get('host'),
  origin: request.headers.get('origin'),
  secFetchSite: request.headers.get('sec-fetch-site'),
  contentType: request.headers.get('content-type'),
});

/** Whether two secrets are equal, compared in constant time (a mismatch in length says only that). */
export function sameSecret(given: string | Uint8Array, expected: string | Uint8Array): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A write from another origin is refused (403), as the production front does before the body is read. */
export function guardSameOrigin(request: Request): void {
  const problem = crossOriginProblem(writeHeadersOf(request));
  if (problem) throw problem;
}

/** Dev-only write endpoints: same origin, loopback Host, JSON body. */
export function guardLocalWrite(request: Request): void {
  const problem = localWriteProblem(writeHeadersOf(request));
  if (problem) throw problem;
}

/** Production writes: same origin, `Authorization: Bearer <CONTENT_API_TOKEN>`, JSON body. */
export function guardTokenWrite(request: Request, token = serverConfig().apiToken): void {
  const headers = writeHeadersOf(request);
  const crossOrigin = crossOriginProblem(headers);
  if (crossOrigin) throw crossOrigin;
  if (!token) throw new HttpError(403, 'Uploads are disabled: set CONTENT_API_TOKEN on the server to enable them');
  const given = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]?.trim() ?? '';
  if (!sameSecret(given, token)) {
    throw new HttpError(401, 'A valid bearer token is required', {}, { 'WWW-Authenticate': 'Bearer' });
  }
  const problem = jsonContentProblem(headers.contentType);
  if (problem) throw problem;
}

/**
 * The editor's writes (changes, preview): in dev, the local guard (loopback Host, same origin);
 * on the production server, a signed-in user from the site's own origin, whatever its host name.
 */
export function guardEditorWrite(request: Request, user: App.Locals['user']): void {
  if (import.meta.env.DEV) guardLocalWrite(request);
  else guardSessionWrite(request, user);
}

/** Production writes by a signed-in user: same origin, a session (src/middleware.ts checked it), JSON body. */
export function guardSessionWrite(request: Request, user: App.Locals['user']): void {
  const headers = writeHeadersOf(request);
  const problem = crossOriginProblem(headers) ?? (user ? undefined : new HttpError(401, 'Sign in to make changes')) ?? jsonContentProblem(headers.contentType);
  if (problem) throw problem;
}
