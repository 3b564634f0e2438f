/**
 * Sign-in sessions on the production server: who a request's cookie belongs
 * to, starting one at sign-in and ending one at sign-out. A session is valid
 * when its cookie verifies (signature, expiry), its record is live in
 * sessions.json (not signed out, not ended with its user) and its user still
 * exists with the password hash the sign-in checked; the role is read from the users file each time (cached by mtime),
 * so a role change applies to the next request.
 */
import type { AstroCookies } from 'astro';
import { serverConfig } from '../../../server/config.mjs';
import { credentialOf, endSession, findSession, recordSession, sessionSigner, sessionsFileFor, startedWithPassword } from '../../../server/sessions-file.mjs';
import { currentUsers, type Role } from '../../../server/users-file.mjs';
import { isHttpsRequest } from './request-facts';
import {
  clearedSessionCookie,
  newSessionId,
  SESSION_LIFETIME_SECONDS,
  sessionCookieName,
  sessionSetCookie,
  signSessionCookie,
  verifySessionCookie,
} from './session-cookie';

export interface SignedInUser {
  name: string;
  role: Role;
}

export interface Session {
  id: string;
  user: SignedInUser;
}

interface CookieContext {
  request: Request;
  cookies: AstroCookies;
}

/** Whether the editor is on: at least one user exists. A broken users file throws (it is never "no users"). */
export async function editorIsOn(): Promise<boolean> {
  return (await currentUsers(serverConfig().usersFile)).length > 0;
}

/** The live session of the request's cookie, or undefined. */
export async function sessionOf(context: CookieContext, now = Date.now()): Promise<Session | undefined> {
  const { sessionSecret, usersFile, trustProxy } = serverConfig();
  if (!sessionSecret) return undefined;
  const value = context.cookies.get(sessionCookieName(isHttpsRequest(context.request, trustProxy)))?.value;
  const check = verifySessionCookie(value, sessionSecret, now);
  if (!check.ok) return undefined;
  const record = await findSession(sessionsFileFor(usersFile), check.claims.sessionId, sessionSigner(sessionSecret), now);
  if (!record || record.user !== check.claims.user) return undefined;
  const user = (await currentUsers(usersFile)).find((candidate) => candidate.name === check.claims.user);
  // A session started with a password since changed is over, even one recorded after the change ended the others.
  if (!user || !startedWithPassword(record, user.passwordHash)) return undefined;
  return { id: check.claims.sessionId, user: { name: user.name, role: user.role } };
}

/** Starts a session for `user`, signed in with the password whose hash is `passwordHash`, and returns the `Set-Cookie` header that carries it. */
export async function startSession(user: string, passwordHash: string, request: Request, now = Date.now()): Promise<string> {
  const { sessionSecret, usersFile, trustProxy } = serverConfig();
  if (!sessionSecret) throw new Error('SESSION_SECRET is not set');
  const sessionId = newSessionId();
  // Whole seconds, as the cookie carries them, so the record and the cookie expire together.
  const expiresAt = Math.floor(now / 1000) * 1000 + SESSION_LIFETIME_SECONDS * 1000;
  await recordSession(sessionsFileFor(usersFile), { sessionId, user, expiresAt, signer: sessionSigner(sessionSecret), credential: credentialOf(passwordHash) }, now);
  const value = signSessionCookie({ sessionId, user, expiresAt }, sessionSecret);
  return sessionSetCookie(value, { secure: isHttpsRequest(request, trustProxy), maxAgeSeconds: SESSION_LIFETIME_SECONDS });
}

/** Ends the request's session, if it has one, and returns the `Set-Cookie` header that clears the cookie. */
export async function endSessionOf(context: CookieContext): Promise<{ ended?: Session; clearCookie: string }> {
  const { usersFile, trustProxy } = serverConfig();
  const session = await sessionOf(context);
  if (session) await endSession(sessionsFileFor(usersFile), session.id);
  return { ended: session, clearCookie: clearedSessionCookie(isHttpsRequest(context.request, trustProxy)) };
}
