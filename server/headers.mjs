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

/** The image types uploads may have, by lowercase extension: the only files served under ASSETS_URL_PREFIX. */
export const IMAGE_MIME_TYPES = Object.freeze({
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
});

/** An SVG opened directly runs no script and loads nothing, whatever got past the upload check. */
export const SVG_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";
