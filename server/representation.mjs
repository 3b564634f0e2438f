// Sends one chosen representation of a resource: 304 when the request's validators match
// (server/negotiation.mjs), the headers alone for HEAD (the same headers a GET gets), or
// the body. The body is bytes in memory (one buffer, or pieces in order: a published page,
// src/server/publish/page-styles.ts) or an open file, which is always closed.
// Plain JavaScript so the production server can load it without a build step.
import { pipeline } from 'node:stream';
import { isNotModified } from './negotiation.mjs';
import { byteLengthOf } from './compression.mjs';

/**
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {{
 *   headers: Record<string, string>,
 *   etag: string,
 *   lastModified?: Date,
 *   body: Buffer | readonly Buffer[] | { handle: import('node:fs/promises').FileHandle, size: number },
 * }} representation `headers` must not hold ETag, Last-Modified or Content-Length: they are set here
 */
export async function sendRepresentation(request, response, { headers, etag, lastModified, body }) {
  const handle = 'handle' in body ? body.handle : undefined;
  const length = 'handle' in body ? body.size : byteLengthOf(body);
  const validators = { ETag: etag, ...(lastModified ? { 'Last-Modified': lastModified.toUTCString() } : {}) };
  const notModified = isNotModified(/** @type {Record<string, string>} */ (request.headers), { etag, lastModified });
  if (notModified || request.method === 'HEAD') {
    await handle?.close();
    // A 304 carries the validators, Cache-Control and Vary of the 200, but no body or its length.
    const { 'Content-Encoding': _encoding, ...without } = headers;
    response.writeHead(notModified ? 304 : 200, notModified ? { ...without, ...validators } : { ...headers, ...validators, 'Content-Length': String(length) });
    response.end();
    return;
  }
  response.writeHead(200, { ...headers, ...validators, 'Content-Length': String(length) });
  if (!handle) {
    endWith(response, /** @type {Buffer | readonly Buffer[]} */ (body));
    return;
  }
  // A client already gone (it hung up while the file was opened): pipeline would throw on its response.
  if (response.destroyed) {
    await handle.close();
    return;
  }
  // pipeline, not pipe: when the client goes away mid-body, pipe only stops writing and leaves the
  // file open until garbage collection; pipeline destroys the stream, which closes the file at once.
  pipeline(handle.createReadStream(), response, () => {});
}

/**
 * Ends a response with bytes in memory, written piece by piece when in pieces.
 * @param {import('node:http').ServerResponse} response
 * @param {Buffer | readonly Buffer[] | undefined} body
 */
export function endWith(response, body) {
  if (body === undefined || Buffer.isBuffer(body)) {
    response.end(body);
    return;
  }
  for (const piece of body) response.write(piece);
  response.end();
}
