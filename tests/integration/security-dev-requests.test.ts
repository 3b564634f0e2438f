/**
 * Regression tests of the hostile review, against a real `astro dev` server on
 * a project copy: each test replays an attack that once worked. Here, the
 * requests it refuses: write guards on every spelling of a write route,
 * cross-origin reads and malformed requests. What it serves:
 * security-dev.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { postJson, raw, streamBody } from '../helpers/http';
import { devSiteForTests } from '../helpers/dev-site';
import type { RunningServer } from '../helpers/servers';
import { isAmbiguousForWrites, MALFORMED_HOSTS, residentBytes, routeSpellings } from './attacks';

const site = devSiteForTests('security-dev-requests');
let server: RunningServer;
let origin: string;

beforeAll(() => {
  ({ server } = site);
  origin = server.origin;
});

describe('write guards on every spelling of a write route', () => {
  const SPELLINGS = [...routeSpellings('/api/save-to-file'), ...routeSpellings('/api/upload-asset'), ...routeSpellings('/api/editor/preview')];

  it('asks for a Content-Length before reading a chunked body', async () => {
    for (const path of SPELLINGS) {
      const answer = await streamBody(origin, { path, headers: { 'content-type': 'application/json', origin }, totalBytes: 1024 ** 2 });
      // An ambiguous spelling is refused first, for what it is.
      expect(answer.status, path).toBe(isAmbiguousForWrites(path) ? 400 : 411);
      expect(JSON.parse(answer.text).error).toMatch(isAmbiguousForWrites(path) ? /segment/ : /Content-Length/);
    }
  });

  it('refuses a body over the cap from its Content-Length, without reading it', async () => {
    for (const path of SPELLINGS) {
      const headers = { 'content-type': 'application/json', origin, 'content-length': 600 * 1024 ** 2 };
      const response = await raw(origin, { method: 'POST', path, headers, withholdBody: true });
      expect(response.status, path).toBe(isAmbiguousForWrites(path) ? 400 : 413);
    }
  });

  it('keeps none of an endless chunked body, and cuts the sender off', async () => {
    const before = await residentBytes(server.pid);
    const endless = 64 * 1024 ** 3;
    const headers = { 'content-type': 'application/json', origin };
    const answer = await streamBody(origin, { path: '/api/%73ave-to-file', headers, totalBytes: endless, keepSending: true });
    expect(answer.sent).toBeLessThan(endless);
    expect((await residentBytes(server.pid)) - before).toBeLessThan(64 * 1024 ** 2);
  });

  it('refuses a cross-site form post before reading its 40 MB body', async () => {
    for (const path of ['/api/save-to-file', ...SPELLINGS]) {
      const headers = { 'content-type': 'text/plain', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-length': 40_000_000 };
      const response = await raw(origin, { method: 'POST', path, headers, withholdBody: true });
      expect(response.status, path).toBe(isAmbiguousForWrites(path) ? 400 : 403);
      expect(response.json().error).toMatch(isAmbiguousForWrites(path) ? /segment/ : /Cross-origin/);
    }
  });

  it('refuses writes from other local origins and from sandboxed documents (Origin: null)', async () => {
    for (const other of ['http://localhost:5173', 'http://127.0.0.1:1', 'null']) {
      const response = await postJson(origin, '/api/save-to-file', { slug: 'about', projectState: {} }, { origin: other });
      expect(response.status, other).toBe(403);
    }
    const sameSite = await postJson(origin, '/api/save-to-file', { slug: 'about', projectState: {} }, { origin, 'sec-fetch-site': 'same-site' });
    expect(sameSite.status).toBe(403);
  });

  it('refuses a body on any other non-GET request', async () => {
    const response = await raw(origin, { method: 'POST', path: '/about/', headers: { origin, 'content-type': 'application/json', 'content-length': 10 }, body: '{"a":true}' });
    expect(response.status).toBe(413);
  });
});

describe('cross-origin reads (dev)', () => {
  it('approves no preflight and no cross-origin read of the editor state', async () => {
    const other = 'http://localhost:5173';
    const read = await raw(origin, { path: '/api/editor/state', headers: { origin: other } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await raw(origin, {
      method: 'OPTIONS',
      path: '/api/save-to-file',
      headers: { origin: other, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it("opens no file in the developer's editor for another site's link or image", async () => {
    // The attack: any page could GET Vite's /__open-in-editor?file=… and have the host launch an editor on a file.
    for (const site of ['cross-site', 'same-site']) {
      const opened = await raw(origin, { path: '/__open-in-editor?file=package.json', headers: { 'sec-fetch-site': site } });
      expect(opened.status, site).toBe(403);
      expect(opened.json(), site).toEqual({ error: expect.stringMatching(/own pages/) });
    }
  });

  it('keeps the editor state from a DNS-rebinding page (a Host that is not local)', async () => {
    for (const path of ['/api/editor/state', '/api/public-page/home', '/api/nothing-here']) {
      const rebound = await raw(origin, { path, headers: { host: `evil.example:${server.port}` } });
      expect(rebound.status, path).toBe(403);
      // In JSON, like every API error (Vite's own refusal is plain text).
      expect(rebound.json(), path).toEqual({ error: expect.stringMatching(/localhost address/) });
    }
  });
});

describe('malformed requests (dev)', () => {
  it('answers a malformed Host with 400 at once', async () => {
    for (const host of MALFORMED_HOSTS) {
      const response = await raw(origin, { path: '/', headers: { host } });
      expect(response.status, host).toBe(400);
      expect(response.json().error).toMatch(/Host/);
    }
  });

  it('answers an undecodable path, or one with an encoded / or \\, with 400', async () => {
    for (const path of ['/%E0%A4%A', '/assets/images/%00.svg', '/api/%ZZ', '/api/editor/x%2F..%2Fstate', '/editor/x%2f..%2fpages', '/assets%5Cimages%5Cx.svg']) {
      expect((await raw(origin, { path })).status, path).toBe(400);
    }
  });
});
