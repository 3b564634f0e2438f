/**
 * Reads a JSON request body without trusting it: the size is capped before and
 * while reading (a body over the cap is never buffered whole), nesting depth
 * is capped, and keys that could reach prototypes are refused.
 */
import { HttpError } from './errors';

export const MAX_JSON_DEPTH = 64;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `Request body is larger than ${limit} bytes`);
}

async function readCapped(request: Request, limit: number): Promise<string> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
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

/** The parsed JSON object of a request body; 400 for anything but a JSON object. */
export async function readJsonBody(request: Request, limit: number): Promise<Record<string, unknown>> {
  const text = await readCapped(request, limit);
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
  return value as Record<string, unknown>;
}
