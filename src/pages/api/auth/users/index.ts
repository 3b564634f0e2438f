/**
 * Admins only, on the production server:
 * GET /api/auth/users → 200 {users: [{name, role, createdAt}]} (never hashes);
 * POST /api/auth/users {name, role, password} → 201 {ok, created: true, user} for
 * a new user, 200 {ok, created: false, user} when it replaces one (new role and
 * password; their other sessions end) · 400 invalid · 409 demoting the last admin.
 */
import type { APIRoute } from 'astro';
import { z } from 'astro/zod';
import { audit } from '../../../../../server/audit-log.mjs';
import { serverConfig } from '../../../../../server/config.mjs';
import { addUser } from '../../../../../server/user-accounts.mjs';
import { currentUsers } from '../../../../../server/users-file.mjs';
import { accountErrorAsHttp, NO_STORE, productionOnly, readBody, requireAdmin } from '../../../../server/auth/endpoint-helpers';
import { clientAddressOf } from '../../../../server/auth/request-facts';
import { sessionOf } from '../../../../server/auth/sessions';
import { handle, json, otherMethods } from '../../../../server/http';

export const prerender = false;

const NewUser = z.strictObject({ name: z.string(), role: z.string(), password: z.string() });

export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    productionOnly('User management');
    requireAdmin(locals.user);
    const users = await currentUsers(serverConfig().usersFile);
    return json({ users: users.map(({ name, role, createdAt }) => ({ name, role, createdAt })) }, 200, NO_STORE);
  });

export const POST: APIRoute = (context) =>
  handle(async () => {
    productionOnly('User management');
    const admin = requireAdmin(context.locals.user);
    const body = await readBody(context.request, NewUser);
    const config = serverConfig();
    const session = await sessionOf(context);
    const { created, user } = await accountErrorAsHttp(() => addUser(config.usersFile, { ...body, replace: true, keepSessionId: session?.id, actingUser: admin.name }));
    await audit({ event: created ? 'user-added' : 'user-replaced', user: admin.name, address: clientAddressOf(context, config.trustProxy), subject: user.name, role: user.role });
    return json({ ok: true, created, user: { name: user.name, role: user.role, createdAt: user.createdAt } }, created ? 201 : 200, NO_STORE);
  });

export const ALL = otherMethods({ GET, POST });
