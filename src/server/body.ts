/**
 * Reads a JSON request body without trusting it: the size is capped before and
 * while reading (a body over the cap is never buffered whole), nesting depth
 * is capped, and keys that could reach prototypes are refused.
 */
import { repeatedKey, repeatedKeyReason } from '../engine/repeated-keys';
import { HttpError } from './errors';

export const MAX_JSON_DEPTH = 64;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A size as people read it: 5 MB, 8 KB. */
function readableSize(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1 ? `${Number(megabytes.toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** Why a request body over `limit` bytes is refused, in words for whoever sent it (an editor saving, mostly). */
export const tooLargeMessage = (limit: number) =>
  `This is too much to send at once: at most ${readableSize(limit)} can be sent here. Shorten the longest texts, or make the change in smaller steps`;

function tooLarge(limit: number): HttpError {
  return new HttpError(413, tooLargeMessage(limit));
}

/**
 * How long a body may stop arriving before the request is given up (408). An upload holds a place
 * in the upload queue while its body arrives (upload-work.ts), so six connections that sent their
 * headers and then nothing refused every upload for the five minutes of Node's request timeout (a
 * review). A slow phone still sends something every few seconds; a stalled one sends nothing.
 */
export const BODY_IDLE_SECONDS = 20;

/** The next chunk of a body, or a 408 once nothing has come for BODY_IDLE_SECONDS. */
async function nextChunk(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(408, `The request stopped arriving: nothing came for ${BODY_IDLE_SECONDS} seconds. Check the connection and try again`)), BODY_IDLE_SECONDS * 1000);
  });
  try {
    return await Promise.race([reader.read(), idle]);
  } catch (error) {
    // Not awaited: the body's source waits on a socket that sends nothing, and a cancel waits for it.
    if (error instanceof HttpError) void reader.cancel().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The request's body as bytes, capped at `limit` (413 beyond it, never buffered whole), given up once it stops arriving (408). */
export async function readRawBody(request: Request, limit: number): Promise<Buffer> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  // With a declared length the body is copied once into a buffer of that size,
  // instead of collecting chunks and concatenating them (a second copy).
  let buffer = Buffer.allocUnsafe(declared !== null ? Number(declared) : 64 * 1024);
  let size = 0;
  for (;;) {
    const { done, value } = await nextChunk(reader);
    if (done) break;
    if (size + value.byteLength > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    if (size + value.byteLength > buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(limit, Math.max(buffer.length * 2, size + value.byteLength)));
      buffer.copy(grown, 0, 0, size);
      buffer = grown;
    }
    buffer.set(value, size);
    size += value.byteLength;
  }
  return buffer.subarray(0, size);
}

function checkShape(value: unknown, depth: number): void {
  if (typeof value !== 'object' || value === null) return;
  if (depth > MAX_JSON_DEPTH) throw new HttpError(400, `JSON nests deeper than ${MAX_JSON_DEPTH} levels`);
  if (Array.isArray(value)) {
    for (const item of value) checkShape(item, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (FORBIDDEN_KEYS.has(key)) throw new HttpError(400, `JSON key "${key}" is not allowed`);
    checkShape(item, depth + 1);
  }
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The parsed JSON object of a request body; 400 for anything but a JSON object. */
export async function readJsonBody(request: Request, limit: number): Promise<Record<string, unknown>> {
  // Strictly: bytes that are no UTF-8 would become U+FFFD and be saved, the text quietly changed.
  let text: string;
  try {
    text = STRICT_UTF8.decode(await readRawBody(request, limit));
  } catch (error) {
    if (error instanceof TypeError) throw new HttpError(400, 'Request body is not valid UTF-8');
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  checkShape(value, 1);
  // JSON.parse kept the last of a repeated key (`"op":"delete","op":"put"`) without a word.
  const repeated = repeatedKey(text);
  if (repeated) throw new HttpError(400, `The request body ${repeatedKeyReason(repeated)}`);
  return value as Record<string, unknown>;
}

/**
 * Refuses a body with a field the endpoint does not take, naming it: a misspelt `baseVersion`
 * quietly ignored once saved over someone else's edit with no version check at all.
 */
export function refuseUnknownFields(body: Record<string, unknown>, fields: readonly string[]): void {
  const unknown = Object.keys(body).find((key) => !fields.includes(key));
  if (unknown === undefined) return;
  const quoted = JSON.stringify(unknown.length > 60 ? `${unknown.slice(0, 60)}…` : unknown);
  throw new HttpError(400, `Unknown field ${quoted} in the request body: it takes ${fields.join(', ')}`);
}
