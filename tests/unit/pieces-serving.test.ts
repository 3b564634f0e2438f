/**
 * A published page kept as pieces (src/server/publish/page-styles.ts) is served and compressed
 * without being joined into one more copy: over real HTTP, its bytes, length, HEAD and 304 are those
 * of the joined page, and its compressed forms decompress to it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byteLengthOf, compressedForms } from '../../server/compression.mjs';
import { sendRepresentation } from '../../server/representation.mjs';
import { bundleTag } from '../../server/page-api.mjs';

const pieces = [Buffer.from('<!DOCTYPE html><html><head>'), Buffer.from(`<style>${'p{margin:0}'.repeat(300)}</style>`), Buffer.from(`</head><body>${'<p>Text é</p>'.repeat(400)}</body></html>`)];
const joined = Buffer.concat(pieces);
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => void sendRepresentation(request, response, { headers: { 'Content-Type': 'text/html; charset=utf-8' }, etag: `"${bundleTag(pieces)}"`, body: pieces }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a page in pieces', () => {
  it('is sent as the joined page would be, with its length, and its ETag is that of the joined bytes', async () => {
    const response = await fetch(`${origin}/`);
    expect(Buffer.from(await response.arrayBuffer()).equals(joined)).toBe(true);
    expect(response.headers.get('content-length')).toBe(String(joined.length));
    expect(byteLengthOf(pieces)).toBe(joined.length);
    expect(response.headers.get('etag')).toBe(`"${bundleTag(joined)}"`);
  });

  it('answers HEAD with the length and no body, and a matching If-None-Match with 304', async () => {
    const head = await fetch(`${origin}/`, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(joined.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const revalidated = await fetch(`${origin}/`, { headers: { 'If-None-Match': `"${bundleTag(joined)}"` } });
    expect(revalidated.status).toBe(304);
  });

  it('compresses to forms that decompress to the joined page, smaller than it', async () => {
    const { br, gzip } = await compressedForms(pieces, { brotliQuality: 5 });
    expect(brotliDecompressSync(br!).equals(joined)).toBe(true);
    expect(gunzipSync(gzip!).equals(joined)).toBe(true);
    expect(br!.length).toBeLessThan(joined.length);
    // A tiny text in pieces gets no form that would be larger than it.
    expect(await compressedForms([Buffer.from('a'), Buffer.from('b')])).toEqual({});
  });
});
