// The one handler that serves uploaded images, /assets/images/<file>, in the
// dev server (a Vite middleware in astro.config.mjs) and the production server
// (server/index.mjs) alike. It picks the file from the decoded, normalised path
// (server/requests.mjs) and sets the safety headers from that same path, so
// no spelling of a URL reaches an image without them. It reads the folder on
// every request, so an upload is fetchable the moment its answer is sent.
// Plain JavaScript so the production server can load it without a build step.
import { join } from 'node:path';
import { ASSETS_URL_PREFIX, IMAGE_MIME_TYPES, IMAGE_TYPES, SVG_CSP } from './headers.mjs';
import { chooseRepresentation, encodingHeaders, fileEtag, openRegularFile } from './files.mjs';
import { sendRepresentation } from './representation.mjs';
import { refuseRequest } from './requests.mjs';

/** Where uploads live: public/ in dev; in production the build's copy, which the server serves. */
export function uploadedImagesDir(root, dev) {
  return dev ? join(root, 'public', 'assets', 'images') : join(root, 'dist', 'client', 'assets', 'images');
}

const ALLOW = 'GET, HEAD';

/** Uploaded SVGs are small (an upload's limit); a larger file is never compared, and served from the content. */
const MOST_BYTES_COMPARED = 16 * 1024 * 1024;
/** Compared this much at a time: a large file never takes a buffer of its size. */
const CHUNK = 64 * 1024;
/** Comparisons remembered, by both files' identities, before they are forgotten at once. */
const COMPARISONS_KEPT = 10_000;
const comparisons = new Map();

/** A file's identity: any write or move gives it another. */
const identityOf = (info) => `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;

/**
 * Whether two open files hold the same bytes, read from their start in chunks. Remembered by their
 * identities: a visitor asking again and again (a conditional request for a large SVG) had both read
 * whole each time.
 * @param {{ handle: import('node:fs/promises').FileHandle, info: import('node:fs').Stats }} a
 * @param {{ handle: import('node:fs/promises').FileHandle, info: import('node:fs').Stats }} b
 */
async function sameBytes(a, b) {
  if (a.info.size !== b.info.size || a.info.size > MOST_BYTES_COMPARED) return false;
  const key = `${identityOf(a.info)}|${identityOf(b.info)}`;
  const known = comparisons.get(key);
  if (known !== undefined) return known;
  const [left, right] = [Buffer.alloc(Math.min(CHUNK, a.info.size)), Buffer.alloc(Math.min(CHUNK, a.info.size))];
  let same = true;
  for (let at = 0; same && at < a.info.size; at += CHUNK) {
    const length = Math.min(CHUNK, a.info.size - at);
    await a.handle.read(left, 0, length, at);
    await b.handle.read(right, 0, length, at);
    same = left.subarray(0, length).equals(right.subarray(0, length));
  }
  if (comparisons.size >= COMPARISONS_KEPT) comparisons.clear();
  comparisons.set(key, same);
  return same;
}

/** The image file a normalised path names: one plain segment with a known image extension. */
function imageFileOf(path) {
  const name = path.slice(ASSETS_URL_PREFIX.length);
  if (name === '' || name.includes('/') || name.startsWith('.')) return undefined;
  const mime = IMAGE_MIME_TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()];
  return mime && name.includes('.') ? { name, mime } : undefined;
}

/**
 * Answers a request whose normalised path is under /assets/images/, and
 * returns true; returns false for any other path, to be served by whoever is
 * next. Only GET and HEAD succeed.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {string} path the request's normalised path
 * @param {readonly string[]} dirs the uploaded-images folders: the content's own, then the build's copy of it
 */
export async function serveUploadedImage(request, response, path, dirs) {
  if (path !== ASSETS_URL_PREFIX.slice(0, -1) && !path.startsWith(ASSETS_URL_PREFIX)) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    refuseRequest(request, response, 405, `${request.method} is not allowed on images`, { Allow: ALLOW });
    return true;
  }
  const file = imageFileOf(path);
  // The content's own folder says which images there are and holds their bytes: one deleted or
  // renamed since the build is gone or elsewhere, though the build's copy is still on disk (an
  // editor withdrawing a photo was served it until the next build). The build's copy of an SVG is
  // served only while it holds the same bytes, for its precompressed forms. It was once "the newer
  // copy wins", but a move keeps a file's mtime, so after two images swapped names each name was
  // answered with the build's copy of the other (and a withdrawn photo came back under a new name).
  let opened = file && (await openRegularFile(join(dirs[0], file.name)));
  let dir = dirs[0];
  if (!opened) {
    refuseRequest(request, response, 404, 'No such image');
    return true;
  }
  const isSvg = file.mime === IMAGE_TYPES.svg.mime;
  for (const candidate of isSvg ? dirs.slice(1) : []) {
    const copy = await openRegularFile(join(candidate, file.name));
    if (copy && (await sameBytes(opened, copy))) {
      await opened.handle.close();
      [opened, dir] = [copy, candidate];
      break;
    }
    await copy?.handle.close();
  }
  // An SVG is text: the build precompressed those it found (server/precompress.mjs), uploads since have none.
  const chosen = isSvg ? await chooseRepresentation(join(dir, file.name), opened, request.headers['accept-encoding'], true) : undefined;
  if (isSvg && !chosen) {
    refuseRequest(request, response, 406, 'None of the accepted content codings is available', { Vary: 'Accept-Encoding' });
    return true;
  }
  const { info } = opened;
  const headers = {
    'Content-Type': file.mime,
    'X-Content-Type-Options': 'nosniff',
    // Uploads may be replaced under the same name (`overwrite`), in dev and in production alike,
    // so caches revalidate every use: a 304 costs one round trip and no bytes.
    'Cache-Control': 'public, max-age=0, must-revalidate',
    ...(isSvg ? { 'Content-Security-Policy': SVG_CSP, ...encodingHeaders(chosen.encoding) } : {}),
  };
  await sendRepresentation(request, response, {
    headers,
    etag: chosen?.etag ?? fileEtag(info, 'identity', true),
    lastModified: new Date(Math.max(info.mtimeMs, info.ctimeMs)),
    body: chosen?.body ?? { handle: opened.handle, size: info.size },
  });
  return true;
}
