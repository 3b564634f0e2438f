// What the page API's answers carry besides the bundle, on both servers.
// Plain JavaScript so the production server can load it without a build step.
import { createHash } from 'node:crypto';

/**
 * The version of the page's stored file (for entry pages, the template file): what a save
 * sends back as `baseVersion`. It is not the ETag, which must change whenever the bundle does,
 * and a bundle changes with every document it includes (the shared header, the posts a list shows).
 */
export const PAGE_VERSION_HEADER = 'X-Page-Version';

/**
 * The entity tag of a text (a bundle's JSON, a page's HTML): a hash of its UTF-8 bytes, which may
 * come as pieces in order.
 * @param {string | Buffer | readonly Buffer[]} text
 */
export function bundleTag(text) {
  const hash = createHash('sha256');
  for (const piece of Array.isArray(text) ? text : [text]) hash.update(piece, 'utf8');
  return hash.digest('base64url').slice(0, 22);
}
