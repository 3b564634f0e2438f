// Response headers and constants shared by the API (src/server/http.ts), the
// dev server (astro.config.mjs) and the production server (server/index.mjs).
// Plain JavaScript so the production server can load it without a build step.

/** Every JSON response of the API. */
export const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

export const ASSETS_URL_PREFIX = '/assets/images/';

/**
 * Sent with an upload's 200, as `true`, when the image recorded where it was taken and was stored
 * without it (src/server/upload-location.ts); the editor says so. A header, as the body is the
 * spec's `{ url }` (§4.3), as a save's version is its ETag.
 */
export const LOCATION_REMOVED_HEADER = 'X-Location-Removed';

/** The image formats uploads may have (spec §4.3), with their MIME type and file extensions. */
export const IMAGE_TYPES = /** @type {const} */ ({
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { mime: 'image/png', extensions: ['png'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
  svg: { mime: 'image/svg+xml', extensions: ['svg'] },
});

/** An uploaded image's file name is at most this long: the server refuses longer ones, and the editor shortens what it suggests to fit. */
export const MAX_FILENAME_LENGTH = 100;

/**
 * Decompression-bomb guard: an image with more pixels (all frames together) is refused at upload,
 * before it is decoded, and never decoded to make variants.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** MIME type by lowercase extension: the only files served under ASSETS_URL_PREFIX. */
export const IMAGE_MIME_TYPES = Object.freeze(
  /** @type {Record<string, string>} */ (Object.fromEntries(Object.values(IMAGE_TYPES).flatMap(({ mime, extensions }) => extensions.map((extension) => [extension, mime])))),
);

/** An SVG opened directly runs no script and loads nothing, whatever got past the upload check. */
export const SVG_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";
