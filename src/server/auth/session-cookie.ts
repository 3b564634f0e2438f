/**
 * The session cookie: `<payload>.<signature>`, both base64url. The payload is
 * `{"v":1,"sid","user","exp"}` (a random session id, the user name, the expiry
 * in seconds since 1970); the signature is HMAC-SHA256 of the payload's text
 * under SESSION_SECRET. A valid signature proves the server made the cookie;
 * whether the session is still live is the sessions file's answer
 * (server/sessions-file.mjs), so signing out ends it before it expires.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'astro/zod';
import { isUserName } from '../../../server/users-file.mjs';

/** Sessions end 12 hours after sign-in, however active: an absolute lifetime bounds a stolen cookie. */
export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;
/** Longer than any cookie this module makes; a longer one is refused before any work. */
const MAX_COOKIE_LENGTH = 512;
/** Keeps these signatures apart from anything else ever signed with the same secret. */
const SIGNING_CONTEXT = 'content-site-engine editor session v1\n';

export interface SessionClaims {
  sessionId: string;
  user: string;
  /** Milliseconds since 1970, a whole second. */
  expiresAt: number;
}

export type CookieCheck = { ok: true; claims: SessionClaims } | { ok: false; reason: 'malformed' | 'tampered' | 'expired' };

const Payload = z.strictObject({
  v: z.literal(1),
  sid: z.string().length(43),
  user: z.string().refine(isUserName),
  exp: z.number().int().positive(),
});

/**
 * The cookie's name. Over HTTPS the `__Host-` prefix makes browsers accept the
 * cookie only from this host, with `Secure` and `Path=/`, so a sibling subdomain
 * cannot plant one; browsers refuse that prefix without `Secure`, hence two names.
 */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-editor-session' : 'editor-session');

/** A new random session id: 32 bytes, base64url (43 characters). */
export const newSessionId = () => randomBytes(32).toString('base64url');

const signature = (payload: string, secret: string) => createHmac('sha256', secret).update(SIGNING_CONTEXT + payload).digest();

/** Base64url that decodes to exactly the bytes it was made from (Node's decoder skips junk). */
function strictBase64Url(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

/** The cookie value for these claims. */
export function signSessionCookie(claims: SessionClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, sid: claims.sessionId, user: claims.user, exp: Math.floor(claims.expiresAt / 1000) })).toString('base64url');
  return `${payload}.${signature(payload, secret).toString('base64url')}`;
}

/** The claims of a cookie value the server signed with `secret` and that has not expired at `now`. */
export function verifySessionCookie(value: string | undefined, secret: string, now = Date.now()): CookieCheck {
  if (!value || value.length > MAX_COOKIE_LENGTH) return { ok: false, reason: 'malformed' };
  const dot = value.indexOf('.');
  if (dot <= 0 || dot !== value.lastIndexOf('.')) return { ok: false, reason: 'malformed' };
  const payload = value.slice(0, dot);
  const given = strictBase64Url(value.slice(dot + 1));
  const expected = signature(payload, secret);
  // Compared in constant time before the payload is even decoded: an unsigned payload is never parsed.
  if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'tampered' };
  let parsed;
  try {
    parsed = Payload.safeParse(JSON.parse(strictBase64Url(payload)?.toString('utf8') ?? ''));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const expiresAt = parsed.data.exp * 1000;
  if (expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { sessionId: parsed.data.sid, user: parsed.data.user, expiresAt } };
}

/** `Set-Cookie` for a new session: HttpOnly (no script reads it), SameSite=Strict (no other site sends it), Secure over HTTPS. */
export function sessionSetCookie(value: string, { secure, maxAgeSeconds }: { secure: boolean; maxAgeSeconds: number }): string {
  return [`${sessionCookieName(secure)}=${value}`, 'Path=/', `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
}

/** `Set-Cookie` that makes the browser drop the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return [`${sessionCookieName(secure)}=`, 'Path=/', 'Max-Age=0', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
}
