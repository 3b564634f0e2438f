/**
 * Guards for requests that write files. A dev server on localhost is reachable
 * from any page the developer visits, so writes must come from the dev
 * server's own origin, through a loopback Host name (against DNS rebinding),
 * as JSON (a cross-site form cannot send that without a preflight, which we
 * never approve).
 */
import { timingSafeEqual } from 'node:crypto';
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

function jsonProblem(contentType: string | null | undefined): HttpError | undefined {
  if ((contentType ?? '').split(';')[0]!.trim().toLowerCase() !== 'application/json') {
    return new HttpError(415, 'Content-Type must be application/json');
  }
  return undefined;
}

/** Why a dev-only write must be refused, or undefined: same origin, loopback Host, JSON body. */
export function localWriteProblem(headers: WriteHeaders): HttpError | undefined {
  if (!isLoopbackHost(headers.host ?? null)) return new HttpError(403, 'Writes are only accepted through a localhost address');
  if (headers.origin != null && headers.origin !== `http://${headers.host}` && headers.origin !== `https://${headers.host}`) {
    return new HttpError(403, 'Cross-origin writes are refused');
  }
  if (headers.secFetchSite === 'cross-site') return new HttpError(403, 'Cross-site writes are refused');
  return jsonProblem(headers.contentType);
}

/** Dev-only write endpoints: same origin, loopback Host, JSON body. */
export function guardLocalWrite(request: Request): void {
  const problem = localWriteProblem({
    host: request.headers.get('host'),
    origin: request.headers.get('origin'),
    secFetchSite: request.headers.get('sec-fetch-site'),
    contentType: request.headers.get('content-type'),
  });
  if (problem) throw problem;
}

/** Production writes: `Authorization: Bearer <CONTENT_API_TOKEN>`. */
export function guardTokenWrite(request: Request, token = process.env.CONTENT_API_TOKEN): void {
  if (!token) throw new HttpError(403, 'Uploads are disabled: set CONTENT_API_TOKEN on the server to enable them');
  const given = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]?.trim() ?? '';
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new HttpError(401, 'A valid bearer token is required', {}, { 'WWW-Authenticate': 'Bearer' });
  }
  const problem = jsonProblem(request.headers.get('content-type'));
  if (problem) throw problem;
}
