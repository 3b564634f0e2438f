/**
 * POST /api/auth/login {username, password}: signs in on the production server.
 * 200 {ok, user: {name, role}} with the session cookie · 400 a malformed body ·
 * 401 a wrong name or password (one message for both) · 404 the editor is off
 * (no users) or astro dev · 429 too many failures, with Retry-After (seconds).
 */
import type { APIRoute } from 'astro';
import { z } from 'astro/zod';
import { audit } from '../../../../server/audit-log.mjs';
import { serverConfig } from '../../../../server/config.mjs';
import { MAX_PASSWORD_LENGTH, verifyPassword } from '../../../../server/passwords.mjs';
import { currentUsers, type User } from '../../../../server/users-file.mjs';
import { EDITOR_OFF_MESSAGE, NO_STORE, productionOnly, readBody } from '../../../server/auth/endpoint-helpers';
import { SignInLimits } from '../../../server/auth/rate-limit';
import { addressKey, clientAddressOf } from '../../../server/auth/request-facts';
import { startSession } from '../../../server/auth/sessions';
import { HttpError } from '../../../server/errors';
import { errorResponse, handle, json, otherMethods } from '../../../server/http';

export const prerender = false;

const LoginBody = z.strictObject({
  username: z.string().min(1).max(256),
  // Longer than any accepted password (4 bytes a character), so a long wrong one is a 401 like any other.
  password: z.string().min(1).max(4 * MAX_PASSWORD_LENGTH),
});

/**
 * The name tried, for the audit log, only when it is a user's: people type a password into the
 * name field by mistake, and the log must not keep it.
 */
const triedName = (username: string, users: readonly User[]) =>
  users.some((user) => user.name === username) ? { user: username } : { user: undefined, unknownName: true };

/** This process's count of failed sign-ins (each server counts its own). */
const limits = new SignInLimits();

export const POST: APIRoute = (context) =>
  handle(async () => {
    productionOnly('Sign-in');
    const { username, password } = await readBody(context.request, LoginBody);
    const config = serverConfig();
    const users = await currentUsers(config.usersFile);
    if (users.length === 0) throw new HttpError(404, EDITOR_OFF_MESSAGE);
    if (!config.sessionSecret) throw new HttpError(503, 'Sign-in is unavailable: SESSION_SECRET is not set on the server');
    const address = clientAddressOf(context, config.trustProxy);
    const wait = limits.begin(username, addressKey(address));
    if (wait > 0) {
      // Not audited: refusals cost the attacker nothing, so logging each would let a flood fill the disk.
      const minutes = Math.ceil(wait / 60);
      return errorResponse(429, `Too many failed sign-ins: try again in ${minutes} minute${minutes === 1 ? '' : 's'}`, {}, { 'Retry-After': String(wait), ...NO_STORE });
    }
    const user = users.find((candidate) => candidate.name === username);
    // Checked against a stand-in hash when the name does not exist, so the time taken does not tell.
    if (!(await verifyPassword(password, user?.passwordHash)) || !user) {
      await audit({ event: 'sign-in-failed', ...triedName(username, users), address });
      return errorResponse(401, 'Wrong user name or password', {}, NO_STORE);
    }
    limits.succeeded(username, addressKey(address));
    const cookie = await startSession(user.name, user.passwordHash, context.request);
    await audit({ event: 'sign-in', user: user.name, address });
    return json({ ok: true, user: { name: user.name, role: user.role } }, 200, { 'Set-Cookie': cookie, ...NO_STORE });
  });

export const ALL = otherMethods({ POST });
