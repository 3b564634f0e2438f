/**
 * Content versions: a hash of a document's JSON. GET /api/public-page sends
 * the page file's version as its ETag; a save may send it back as
 * `baseVersion` to refuse overwriting a file that changed in between.
 */
import { createHash } from 'node:crypto';

export function contentVersion(document: unknown): string {
  return createHash('sha256').update(JSON.stringify(document)).digest('base64url').slice(0, 27);
}
