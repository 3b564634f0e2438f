/** What the auth endpoints share: production only, same-origin JSON writes, strict bodies, admin checks, no caching. */
import type { z } from 'astro/zod';
import { AccountError } from '../../../server/user-accounts.mjs';
import { describeIssues } from '../../../server/zod-issues.mjs';
import { readJsonBody } from '../body';
import { HttpError } from '../errors';
import { MAX_AUTH_BODY_BYTES } from '../limits';
import { guardSameOrigin, jsonContentProblem } from '../guards';
import { canManageUsers } from './roles';
import type { SignedInUser } from './sessions';

export { MAX_AUTH_BODY_BYTES };

/** Answers about sessions and users are personal: never stored by a cache on the way. */
export const NO_STORE = { 'Cache-Control': 'no-store' };

export const EDITOR_OFF_MESSAGE = 'The editor is off: no user has been added yet (on the server, run `npm run users -- add <name> --role admin`)';

/** `astro dev` has no sign-in (the editor there is the developer's own, guarded as localhost-only). */
export function productionOnly(what: string): void {
  if (import.meta.env.DEV) throw new HttpError(404, `${what} is only available on the production server: astro dev has no sign-in`);
}

export { guardSameOrigin };

/** The request's JSON body, checked whole against `schema`: unknown fields are named, never ignored. */
export async function readBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  guardSameOrigin(request);
  const contentProblem = jsonContentProblem(request.headers.get('content-type'));
  if (contentProblem) throw contentProblem;
  const parsed = schema.safeParse(await readJsonBody(request, MAX_AUTH_BODY_BYTES));
  if (!parsed.success) throw new HttpError(400, `The request body is not valid: ${describeIssues(parsed.error.issues).join('; ')}`);
  return parsed.data;
}

/** The signed-in admin, or 403 (the gate has already answered 401 without a session). */
export function requireAdmin(user: SignedInUser | undefined): SignedInUser {
  if (!user) throw new HttpError(401, 'Sign in first');
  if (!canManageUsers(user.role)) throw new HttpError(403, 'Only an admin can manage users');
  return user;
}

/** Runs a users-file change, answering the rules' refusals (AccountError) with their status. */
export async function accountErrorAsHttp<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof AccountError) throw new HttpError(error.status, error.message);
    throw error;
  }
}
