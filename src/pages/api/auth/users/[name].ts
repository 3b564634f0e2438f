/**
 * DELETE /api/auth/users/<name>: admins only, on the production server. Removes
 * the user and ends their sessions. 200 {ok: true} · 404 no such user · 409 your
 * own account, or the last admin.
 */
import type { APIRoute } from 'astro';
import { audit } from '../../../../../server/audit-log.mjs';
import { serverConfig } from '../../../../../server/config.mjs';
import { removeUser } from '../../../../../server/user-accounts.mjs';
import { accountErrorAsHttp, guardSameOrigin, NO_STORE, productionOnly, requireAdmin } from '../../../../server/auth/endpoint-helpers';
import { clientAddressOf } from '../../../../server/auth/request-facts';
import { handle, json, otherMethods } from '../../../../server/http';

export const prerender = false;

export const DELETE: APIRoute = (context) =>
  handle(async () => {
    productionOnly('User management');
    const admin = requireAdmin(context.locals.user);
    guardSameOrigin(context.request);
    const config = serverConfig();
    const removed = await accountErrorAsHttp(() => removeUser(config.usersFile, context.params.name, { actingUser: admin.name }));
    await audit({ event: 'user-removed', user: admin.name, address: clientAddressOf(context, config.trustProxy), subject: removed.name });
    return json({ ok: true }, 200, NO_STORE);
  });

export const ALL = otherMethods({ DELETE });
