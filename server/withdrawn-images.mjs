// The uploaded images the content store deleted or renamed away, by file name, until the variant
// check (server/variant-originals.mjs) has seen their name again: an image uploaded under such a
// name later is a new image, not a replacement, so the withdrawn photo's variants get no minute's
// grace. The check sees only files, where a delete and then an upload look like an overwrite.
// On globalThis: the production server and the Astro routes load this module as two copies.
// Plain JavaScript so the production server can load it without a build step.

/** @type {Set<string>} */
const withdrawn = (globalThis[Symbol.for('content-site-engine.withdrawn-images')] ??= new Set());

/** The content store deleted the image `name`, or renamed it to another name. */
export function imageWithdrawn(/** @type {string} */ name) {
  withdrawn.add(name);
}

/** Whether `name` was withdrawn since the last time this was asked; asking forgets it. */
export function takeWithdrawn(/** @type {string} */ name) {
  return withdrawn.delete(name);
}
