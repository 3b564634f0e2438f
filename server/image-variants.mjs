// Answers /_img/… (server/image-variant-urls.mjs) in the dev server (a Vite middleware in
// astro.config.mjs) and the production server (server/index.mjs) alike. A variant the build
// made is served from the build's folder; any other (an image uploaded or replaced since the
// build, a page the server renders on demand, the editor's preview) is made on its first request
// from the original whose bytes have the URL's hash, and kept in the cache. A URL names one set
// of bytes forever, so it is cached as immutable.
// Plain JavaScript so the production server can load it without a build step.
import { join } from 'node:path';
import { openRegularFile } from './files.mjs';
import { ensureVariant, variantCacheDir } from './image-variant-store.mjs';
import { parseVariantPath, VARIANT_FORMATS, VARIANTS_URL_PREFIX, variantFileName } from './image-variant-urls.mjs';
import { sendRepresentation } from './representation.mjs';
import { refuseRequest } from './requests.mjs';
import { uploadedImagesDir } from './uploaded-images.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Where variants are found and made.
 * @typedef {{ originals: readonly string[], cacheDir: string, builtDir?: string }} VariantPlaces
 * `originals`: the uploaded-images folders, in the order the views read them (src/lib/images/);
 * `builtDir`: the build's copy of the variants (dist/client/_img), served as they are.
 */

/**
 * The places of a server: in production the build's variants too. The views read originals in
 * the same order (src/lib/images/responsive.ts), so a URL they write is one this server answers.
 * @param {{ contentRoot: string, projectRoot: string }} config server/config.mjs's
 * @param {boolean} dev
 * @returns {VariantPlaces}
 */
export function variantPlaces({ contentRoot, projectRoot }, dev) {
  return {
    originals: [uploadedImagesDir(contentRoot, true), uploadedImagesDir(projectRoot, false)],
    cacheDir: variantCacheDir(projectRoot),
    ...(dev ? {} : { builtDir: join(projectRoot, 'dist', 'client', VARIANTS_URL_PREFIX.slice(1, -1)) }),
  };
}

/** Opens the build's copy of a variant, if the build made it. */
async function openBuilt(builtDir, spec) {
  return builtDir ? openRegularFile(join(builtDir, spec.name, variantFileName(spec))) : undefined;
}

/**
 * Answers a request whose normalised path is under /_img/, and returns true; returns false for
 * any other path. Only GET and HEAD; a path that names no allowed variant, or no original with
 * its hash, is a 404.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {string} path the request's normalised path (server/requests.mjs)
 * @param {VariantPlaces} places
 */
export async function serveImageVariant(request, response, path, places) {
  if (path !== VARIANTS_URL_PREFIX.slice(0, -1) && !path.startsWith(VARIANTS_URL_PREFIX)) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    refuseRequest(request, response, 405, `${request.method} is not allowed on images`, { Allow: 'GET, HEAD' });
    return true;
  }
  const spec = parseVariantPath(path);
  let opened = spec && (await openBuilt(places.builtDir, spec));
  if (spec && !opened) {
    const cached = await ensureVariant({ cacheDir: places.cacheDir, dirs: places.originals }, spec);
    opened = cached && (await openRegularFile(cached.path));
  }
  if (!spec || !opened) {
    refuseRequest(request, response, 404, 'No such image variant');
    return true;
  }
  await sendRepresentation(request, response, {
    headers: { 'Content-Type': VARIANT_FORMATS[spec.format].mime, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': IMMUTABLE },
    // The URL names the bytes (hash and parameters), so it is a strong validator of them.
    etag: `"${variantFileName(spec).replace(/\.[a-z]+$/, '')}-${spec.format}"`,
    body: { handle: opened.handle, size: opened.info.size },
  });
  return true;
}
