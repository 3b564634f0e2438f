// Answers /_img/… (server/image-variant-urls.mjs) in the dev server (a Vite middleware in
// astro.config.mjs) and the production server (server/index.mjs) alike. A variant the build
// made is served from the build's folder; any other (an image uploaded or replaced since the
// build, a page the server renders on demand, the editor's preview) is made on its first request
// from the original whose bytes have the URL's hash, and kept in the cache. A URL names one set
// of bytes forever, so it is cached as immutable. Any of them is answered only while the content's
// uploads hold its original with those bytes (server/variant-originals.mjs), so a withdrawn photo's
// variants go with it. Making a variant is limited, per client and
// for all together (server/variant-making-limits.mjs); serving one already made never is.
// Plain JavaScript so the production server can load it without a build step.
import { join } from 'node:path';
import { addressKey, clientAddressOfRequest } from './client-address.mjs';
import { openRegularFile } from './files.mjs';
import { cachedVariantPath, ensureVariant, MAX_PARALLEL_ENCODES, variantCacheDir } from './image-variant-store.mjs';
import { parseVariantPath, VARIANT_FORMATS, VARIANTS_URL_PREFIX, variantFileName } from './image-variant-urls.mjs';
import { sendRepresentation } from './representation.mjs';
import { refuseRequest } from './requests.mjs';
import { uploadedImagesDir } from './uploaded-images.mjs';
import { DEFAULT_VARIANT_LIMITS, VariantMakingLimits } from './variant-making-limits.mjs';
import { variantOriginalCheck } from './variant-originals.mjs';
import { variantCacheBudget } from './variant-cache-budget.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The variants cache's budget unless IMAGE_CACHE_MAX_MB says otherwise (variant-cache-budget.mjs). */
export const DEFAULT_IMAGE_CACHE_MAX_BYTES = 4096 * 1024 * 1024;

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
 * @typedef {{ places: VariantPlaces, limits: VariantMakingLimits, trustProxy: boolean,
 *   making: Map<string, Promise<{ path: string, made: boolean } | undefined>>,
 *   servesOriginal: ReturnType<typeof variantOriginalCheck>, budget: ReturnType<typeof variantCacheBudget> }} VariantService
 * `making`: the variants being made now, by cache path, so identical requests share one job.
 */

/**
 * The /_img/ handler of one server process, with its own limits and jobs: call it once per server.
 * @param {{ contentRoot: string, projectRoot: string, trustProxy: boolean,
 *   imageVariantLimits?: import('./variant-making-limits.mjs').VariantLimitSettings, imageCacheMaxBytes?: number, replacedImageGraceMs?: number }} config
 *   server/config.mjs's (`replacedImageGraceMs`: tests only, variant-originals.mjs)
 * @param {boolean} dev
 * @returns {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse, path: string) => Promise<boolean>}
 */
export function imageVariantHandler(config, dev) {
  /** @type {VariantService} */
  const service = {
    places: variantPlaces(config, dev),
    limits: new VariantMakingLimits({ ...(config.imageVariantLimits ?? DEFAULT_VARIANT_LIMITS), maxRunning: MAX_PARALLEL_ENCODES }),
    trustProxy: config.trustProxy,
    making: new Map(),
    servesOriginal: variantOriginalCheck(variantPlaces(config, dev).cacheDir, config.replacedImageGraceMs),
    budget: variantCacheBudget(variantPlaces(config, dev).cacheDir, config.imageCacheMaxBytes ?? DEFAULT_IMAGE_CACHE_MAX_BYTES),
  };
  return (request, response, path) => serveImageVariant(request, response, path, service);
}

/**
 * The made variant, or a refusal. A request for a variant being made joins that job, free: it
 * neither spends the client's budget nor takes a place in the queue.
 * @param {string} client who is asking, as the limits count clients (addressKey)
 * @param {import('./image-variant-urls.mjs').VariantSpec} spec
 * @param {VariantService} service
 */
async function makeVariant(client, spec, { places, limits, making }) {
  const key = cachedVariantPath(places.cacheDir, spec);
  const joined = making.get(key);
  if (joined) return { made: await joined, joined: true };
  const admission = limits.admit(client, Date.now());
  if (!admission.admitted) return { refused: admission };
  const job = ensureVariant({ cacheDir: places.cacheDir, dirs: places.originals.slice(0, 1) }, spec).finally(() => {
    making.delete(key);
    limits.finished(client);
  });
  making.set(key, job);
  return { made: await job, joined: false };
}

/**
 * Answers a request whose normalised path is under /_img/, and returns true; returns false for
 * any other path. Only GET and HEAD; a path that names no allowed variant, or no original with
 * its hash, is a 404. A variant neither built nor cached is made only within the limits: beyond
 * them the answer is 503 or 429, with Retry-After.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {string} path the request's normalised path (server/requests.mjs)
 * @param {VariantService} service
 */
async function serveImageVariant(request, response, path, service) {
  if (path !== VARIANTS_URL_PREFIX.slice(0, -1) && !path.startsWith(VARIANTS_URL_PREFIX)) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    refuseRequest(request, response, 405, `${request.method} is not allowed on images`, { Allow: 'GET, HEAD' });
    return true;
  }
  // Before any wait: a client that hangs up meanwhile leaves a socket with no address, and would
  // otherwise be counted as "unknown", not against its own budget.
  const client = addressKey(clientAddressOfRequest(request, service.trustProxy));
  const parsed = parseVariantPath(path);
  // Only while the content's own uploads hold that image with those bytes (variant-originals.mjs), before any limit.
  const spec = parsed && (await service.servesOriginal(service.places.originals[0], parsed)) ? parsed : undefined;
  const built = spec && (await openBuilt(service.places.builtDir, spec));
  const cached = spec && !built ? cachedVariantPath(service.places.cacheDir, spec) : undefined;
  let opened = built || (cached && (await openRegularFile(cached)));
  // Used: the cache's budget removes the variants used least recently first (variant-cache-budget.mjs).
  if (cached && opened) void service.budget.used(cached, opened.info.mtimeMs);
  if (spec && !opened) {
    const { made, joined, refused } = await makeVariant(client, spec, service);
    if (refused) {
      refuseRequest(request, response, refused.status, refused.message, { 'Retry-After': String(refused.retryAfterSeconds) });
      return true;
    }
    opened = made && (await openRegularFile(made.path));
    // Counted once, by the request whose job made it (those that joined made nothing more), once it is open:
    // pruning never takes the file from under its answer.
    if (!joined && made?.made && opened) void service.budget.made(opened.info.size).catch((error) => console.error(`The image variants cache could not be pruned: ${error instanceof Error ? error.message : error}`));
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
