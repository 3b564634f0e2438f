/** Size limits of the write endpoints, shared by the routes and the dev-server guard. */
import { serverConfig } from '../../server/config.mjs';

export const MAX_SAVE_BYTES = 5 * 1024 * 1024;
/** Sign-in and user management take a name, a role and a password: a few hundred bytes. */
export const MAX_AUTH_BODY_BYTES = 8 * 1024;
export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Room for the JSON around an upload's base64 data (filename, mimeType, keys). */
const UPLOAD_ENVELOPE_BYTES = 16 * 1024;

/** Largest decoded upload: MAX_UPLOAD_BYTES (checked at start by server/config.mjs), or 10 MiB. */
export function maxUploadBytes(): number {
  return serverConfig().maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
}

/** Largest upload request body: the base64 of the largest file plus its JSON envelope. */
export function maxUploadBodyBytes(): number {
  return Math.ceil(maxUploadBytes() / 3) * 4 + UPLOAD_ENVELOPE_BYTES;
}

/** The body cap of each endpoint that takes a JSON body (the saves, the upload and the editor's preview), by path. */
export function writeBodyLimit(pathname: string): number | undefined {
  if (pathname === '/api/save-to-file' || pathname === '/api/content/changes' || pathname === '/api/editor/preview' || pathname === '/api/content/sync') return MAX_SAVE_BYTES;
  if (pathname === '/api/upload-asset') return maxUploadBodyBytes();
  if (pathname === '/api/auth/login' || pathname === '/api/auth/logout' || pathname === '/api/auth/users' || pathname.startsWith('/api/auth/users/')) return MAX_AUTH_BODY_BYTES;
  return undefined;
}

/**
 * The methods that send a body to an endpoint with a write body limit (writeBodyLimit): the dev
 * guard checks a body's type and size only for these, so that another method gets the route's 405
 * naming the methods it takes, not a 415 about a body it would never read (a review).
 */
export function bodyMethods(pathname: string): readonly string[] {
  return pathname.startsWith('/api/auth/users/') ? ['DELETE'] : ['POST'];
}

