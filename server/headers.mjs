// Response headers shared by the API (src/server/http.ts), the dev server (a
// Vite middleware in astro.config.mjs) and the production server
// (server/index.mjs). Plain JavaScript so the production server can load it
// without a build step.

/** Every JSON response of the API. */
export const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

export const ASSETS_URL_PREFIX = '/assets/images/';

/** Never sniff an image into HTML; an SVG opened directly runs no script and loads nothing. */
export const SVG_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/** Sets the safety headers for a request to an uploaded image. */
export function setAssetHeaders(url, response) {
  const path = url.split(/[?#]/)[0] ?? '';
  if (!path.startsWith(ASSETS_URL_PREFIX)) return;
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (path.toLowerCase().endsWith('.svg')) response.setHeader('Content-Security-Policy', SVG_CSP);
}
