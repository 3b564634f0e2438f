/**
 * Where a request comes from and whether it came over HTTPS. Behind a reverse
 * proxy (TRUST_PROXY) the socket is the proxy's, so the client's address and
 * scheme are read from `X-Forwarded-For` and `X-Forwarded-Proto`: their last
 * value, the one the proxy in front of us wrote (earlier values are whatever
 * the client sent). Without TRUST_PROXY those headers are ignored, since any
 * client can send them. This assumes one proxy; docs/deploy.md says so.
 */
import { isIP } from 'node:net';

/** The last non-empty item of a comma-separated header, as a proxy appends it. */
function lastListItem(header: string | null): string | undefined {
  const items = (header ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  return items.at(-1);
}

export function isHttpsRequest(request: Request, trustProxy: boolean): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  return trustProxy && lastListItem(request.headers.get('x-forwarded-proto'))?.toLowerCase() === 'https';
}

/** `clientAddress` of an Astro context: it throws where the adapter cannot tell. */
function socketAddress(context: { clientAddress: string }): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}

/** The client's IP address, as logged and counted; `unknown` when there is none to be had. */
export function clientAddressOf(context: { request: Request; clientAddress: string }, trustProxy: boolean): string {
  const forwarded = trustProxy ? lastListItem(context.request.headers.get('x-forwarded-for')) : undefined;
  const address = forwarded && isIP(forwarded) ? forwarded : socketAddress(context);
  if (!address) return 'unknown';
  // A dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d.
  return address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * What failed sign-ins are counted by: an IPv4 address, or an IPv6 address's
 * /64 network, since one subscriber usually holds a whole /64 and could
 * otherwise take a fresh address for every guess.
 */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups.slice(0, 4).map((group) => group.padStart(4, '0')).join(':')}::/64`;
}
