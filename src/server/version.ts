/**
 * Content versions: a hash of a document's JSON. GET /api/public-page sends
 * the page file's version as its ETag; a save may send it back as
 * `baseVersion` to refuse overwriting a file that changed in between.
 */
import { createHash } from 'node:crypto';

/** What no JSON text is, for a document that is not there (a `$ref` to a missing file): it has a version, never a document's. */
const NO_DOCUMENT = '\0none';

export function contentVersion(document: unknown): string {
  return createHash('sha256').update(JSON.stringify(document) ?? NO_DOCUMENT).digest('base64url').slice(0, 27);
}

/** Versions of parsed documents, by object: a snapshot keeps the object of a file that did not change. */
const versionOfDocument = new WeakMap<object, string>();

/**
 * The version of a document held by a snapshot, hashed once per object. A snapshot's documents
 * are never changed once parsed (carry-over and the resolver's caches rely on it too), so the
 * object names its content.
 */
export function snapshotDocumentVersion(document: unknown): string {
  if (typeof document !== 'object' || document === null) return contentVersion(document);
  let version = versionOfDocument.get(document);
  if (version === undefined) {
    version = contentVersion(document);
    versionOfDocument.set(document, version);
  }
  return version;
}
