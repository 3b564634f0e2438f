/**
 * POST /api/auth/logout: ends the session for good (its record is removed, so
 * the old cookie is refused from then on, on every server sharing the users
 * folder) and clears the cookie. 200 {ok: true}.
 */
import type { APIRoute } from 'astro';
import { audit } from '../../../../server/audit-log.mjs';
import { serverConfig } from '../../../../server/config.mjs';
import { guardSameOrigin, NO_STORE, productionOnly } from '../../../server/auth/endpoint-helpers';
import { clientAddressOf } from '../../../server/auth/request-facts';
import { endSessionOf } from '../../../server/auth/sessions';
import { handle, json, otherMethods } from '../../../server/http';

export const prerender = false;

export const POST: APIRoute = (context) =>
  handle(async () => {
    productionOnly('Sign-out');
    guardSameOrigin(context.request);
    const { ended, clearCookie } = await endSessionOf(context);
    if (ended) await audit({ event: 'sign-out', user: ended.user.name, address: clientAddressOf(context, serverConfig().trustProxy) });
    return json({ ok: true }, 200, { 'Set-Cookie': clearCookie, ...NO_STORE });
  });

export const ALL = otherMethods({ POST });
