// The production server's text files from the build (dist/client): HTML, CSS, JSON, SVG, XML,
// TXT, ... are answered here, in the coding the request prefers (precompressed at build by
// server/precompress.mjs), with revalidation. Everything else (images, fonts, the 404 page)
// stays with the adapter's static handler. A path picks the same file the adapter would
// (its trailingSlash 'ignore': `/about` and `/about/` are /about/index.html, a file is never
// served with a trailing slash) and only through no symlink, inside the folder.
// Plain JavaScript so the production server can load it without a build step.
import { realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isCompressible } from './compression.mjs';
import { chooseRepresentation, encodingHeaders, openRegularFile } from './files.mjs';
import { ENCODING_SUFFIX } from './negotiation.mjs';
import { sendRepresentation } from './representation.mjs';
import { refuseRequest } from './requests.mjs';

/** Content types of the compressible extensions. */
const TEXT_TYPES = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
};

/** Astro's content-hashed output (build.assets): a changed file gets a new name, so caches keep it for good. */
const HASHED_PREFIX = '/_astro/';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages and other named files change in place at the next build: caches revalidate (a 304 is cheap). */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

const extensionOf = (path) => path.slice(path.lastIndexOf('.') + 1).toLowerCase();

/** Reached through a symlink: refused, never handed on (the adapter's `send` follows links). */
const THROUGH_LINK = Symbol('through a link');

/** The file a normalised path names under `root` (a real path), as the adapter picks it; undefined if none; THROUGH_LINK. */
async function fileOf(root, path, hasSlash) {
  const named = join(root, path);
  let info;
  try {
    info = await stat(named);
  } catch {
    return undefined;
  }
  const file = info.isDirectory() ? join(named, 'index.html') : hasSlash ? undefined : named;
  try {
    // Its real path is itself: no component is a symlink, and it is inside the folder.
    return file && ((await realpath(file)) === file ? file : THROUGH_LINK);
  } catch {
    return undefined;
  }
}

/** Has the response's head say IMMUTABLE when it serves the file (200, 206 or 304), whoever writes it. */
function markedImmutableWhenServed(response) {
  const writeHead = response.writeHead;
  response.writeHead = function writeHeadMarked(status, ...rest) {
    if (status === 200 || status === 206 || status === 304) this.setHeader('Cache-Control', IMMUTABLE);
    return writeHead.call(this, status, ...rest);
  };
}

/**
 * The handler of the build's text files, for the folder `clientDir`. It answers and
 * returns true, or returns false for the adapter to serve the request.
 * @param {string} clientDir dist/client
 */
export async function staticTextFiles(clientDir) {
  const root = await realpath(clientDir);
  /**
   * @param {import('node:http').IncomingMessage} request a GET or HEAD
   * @param {import('node:http').ServerResponse} response
   * @param {string} path the request's normalised path
   */
  return async function serveStaticText(request, response, path) {
    // Dotfiles and /.well-known/ are the adapter's (it refuses the first and serves the second).
    if (path.split('/').some((segment) => segment.startsWith('.'))) return false;
    const sibling = Object.values(ENCODING_SUFFIX).find((suffix) => path.endsWith(suffix));
    if (sibling && isCompressible(path.slice(0, -sibling.length)) && (await fileOf(root, path.slice(0, -sibling.length), false)) !== undefined) {
      // A compressed sibling is only ever the coding of its file, never a file of its own.
      refuseRequest(request, response, 404, 'Not found');
      return true;
    }
    const hasSlash = (request.url ?? '').split(/[?#]/, 1)[0]?.endsWith('/') ?? false;
    const file = isCompressible(path) || !path.includes('.') || hasSlash ? await fileOf(root, path, hasSlash && path !== '/') : undefined;
    if (file === THROUGH_LINK) {
      refuseRequest(request, response, 404, 'Not found');
      return true;
    }
    if (path.startsWith(HASHED_PREFIX) && !isCompressible(path)) {
      const hashed = await fileOf(root, path, hasSlash);
      if (hashed === THROUGH_LINK) {
        refuseRequest(request, response, 404, 'Not found');
        return true;
      }
      // A font or an image Astro hashed stays with the adapter, which marks it immutable only on
      // a GET (its `send` emits no 'stream' for a HEAD), so a HEAD and its GET disagreed. Marked
      // here as its head is written, and only for the file itself (200, 206, 304): a 404, a 412
      // or a 416 that `send` answers for it must never be kept for a year.
      if (hashed !== undefined) markedImmutableWhenServed(response);
      return false;
    }
    if (typeof file !== 'string' || !isCompressible(file)) return false;
    const original = await openRegularFile(file);
    if (!original) return false;
    const chosen = await chooseRepresentation(file, original, request.headers['accept-encoding']);
    if (!chosen) {
      refuseRequest(request, response, 406, 'None of the accepted content codings is available', { Vary: 'Accept-Encoding' });
      return true;
    }
    const cacheControl = path.startsWith(HASHED_PREFIX) ? IMMUTABLE : REVALIDATE;
    const headers = { 'Content-Type': TEXT_TYPES[extensionOf(file)], 'Cache-Control': cacheControl, ...encodingHeaders(chosen.encoding) };
    await sendRepresentation(request, response, { headers, etag: chosen.etag, lastModified: chosen.lastModified, body: chosen.body });
    return true;
  };
}
