// Where a request comes from, as the servers count and log it: the sign-in limits and the audit
// log (src/server/auth/request-facts.ts, on Astro's request) and the limit on making image
// variants (server/image-variants.mjs, on Node's) read it here, so both agree on who a client is.
// Behind a reverse proxy (TRUST_PROXY) the socket is the proxy's, so the client's address is the
// last value of `X-Forwarded-For`, the one the proxy in front of us wrote (earlier values are
// whatever the client sent). Without TRUST_PROXY the header is ignored, since any client can send
// it. This assumes one proxy; docs/deploy.md says so.
// Plain JavaScript so the production server can load it without a build step.
import { isIP } from 'node:net';

/**
 * The last non-empty item of a comma-separated header, as a proxy appends it.
 * @param {string | null | undefined} header
 * @returns {string | undefined}
 */
export function lastListItem(header) {
  const items = (header ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  return items.at(-1);
}

/**
 * The client's IP address; `unknown` when there is none to be had.
 * @param {{ socketAddress: string | undefined, forwardedFor: string | null | undefined }} facts
 *   the socket's remote address, and the `X-Forwarded-For` header as received
 * @param {boolean} trustProxy
 * @returns {string}
 */
export function clientAddress({ socketAddress, forwardedFor }, trustProxy) {
  const forwarded = trustProxy ? lastListItem(forwardedFor) : undefined;
  const address = forwarded && isIP(forwarded) ? forwarded : socketAddress;
  if (!address) return 'unknown';
  // A dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d.
  return address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * The client address of a Node request (the production server, the dev server's middlewares).
 * @param {import('node:http').IncomingMessage} request
 * @param {boolean} trustProxy
 */
export function clientAddressOfRequest(request, trustProxy) {
  const header = request.headers['x-forwarded-for'];
  return clientAddress({ socketAddress: request.socket?.remoteAddress, forwardedFor: Array.isArray(header) ? header.join(',') : header }, trustProxy);
}

/**
 * What a client is counted by: an IPv4 address, or an IPv6 address's /64 network, since one
 * subscriber usually holds a whole /64 and could otherwise take a fresh address for every try.
 * @param {string} address
 * @returns {string}
 */
export function addressKey(address) {
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, .../** @type {string[]} */ (Array(Math.max(0, missing)).fill('0')), ...tailGroups];
  return `${groups.slice(0, 4).map((group) => group.padStart(4, '0')).join(':')}::/64`;
}
