/**
 * Where a request comes from and whether it came over HTTPS. Behind a reverse
 * proxy (TRUST_PROXY) the socket is the proxy's, so the client's address and
 * scheme are read from `X-Forwarded-For` and `X-Forwarded-Proto`: their last
 * value, the one the proxy in front of us wrote (earlier values are whatever
 * the client sent). Without TRUST_PROXY those headers are ignored, since any
 * client can send them. This assumes one proxy; docs/deploy.md says so.
 * The address rules live in server/client-address.mjs, which the image
 * variant limit of the plain-JavaScript servers reads too.
 */
import { addressKey, clientAddress, lastListItem } from '../../../server/client-address.mjs';

export { addressKey };

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
  return clientAddress({ socketAddress: socketAddress(context), forwardedFor: context.request.headers.get('x-forwarded-for') }, trustProxy);
}
