/**
 * The production server over HTTPS (TLS_CERT_FILE, TLS_KEY_FILE): browsers speak HTTP/2 to it,
 * other clients HTTP/1.1, and everything the server does over plain HTTP holds on both: the
 * checks on the host and the origin, precompressed pages and 304s, signing in (with a `Secure`
 * cookie, since the request came over HTTPS) and a saved change going live. A built project copy
 * on git, with the fixture certificate (tests/fixtures/tls/).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitSite, type GitSite } from '../helpers/git-site';
import { startProdServer } from '../helpers/servers';
import { h2Request, https1Request, TLS_CERT_FILE, tlsEnv, type TlsResponse } from '../helpers/tls';

const PASSWORD = 'correct horse battery staple';
let site: GitSite;
let origin: string;

beforeAll(async () => {
  site = await startGitSite('https-prod', { name: 'alice', role: 'editor', password: PASSWORD }, tlsEnv());
  origin = site.server.origin;
});

afterAll(async () => {
  await site?.remove();
});

const json = (response: TlsResponse) => JSON.parse(response.text);

async function signIn(): Promise<string> {
  const response = await h2Request(origin, '/api/auth/login', {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'alice', password: PASSWORD }),
  });
  expect(response.status, response.text).toBe(200);
  const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? [])[0]!;
  // Over HTTPS the session cookie is Secure, with the __Host- prefix, without any proxy saying so.
  expect(cookie).toMatch(/^__Host-editor-session=/);
  expect(cookie).toContain('; Secure');
  return cookie.split(';')[0]!;
}

describe('the production server over HTTPS', () => {
  it('says where it listens', () => {
    expect(site.server.output()).toContain(`Server listening on ${origin} (HTTP/2 and HTTP/1.1)`);
  });

  it('serves pages over HTTP/2, precompressed, with revalidation', async () => {
    const page = await h2Request(origin, '/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.protocol).toBe('h2');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toContain('Accept-Encoding');
    const again = await h2Request(origin, '/', { headers: { 'accept-encoding': 'br, gzip', 'if-none-match': String(page.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('serves the page API and the 404 page over HTTP/2', async () => {
    const bundle = await h2Request(origin, '/api/public-page/home');
    expect(bundle.status).toBe(200);
    expect(json(bundle).slug).toBe('home');
    const missing = await h2Request(origin, '/no-such-page/');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<html');
  });

  it('serves clients without HTTP/2 over HTTPS with HTTP/1.1', async () => {
    const page = await https1Request(origin, '/');
    expect(page.protocol).toBe('http/1.1');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html');
  });

  it('decides on the host HTTP/2 names in :authority', async () => {
    const response = await h2Request(origin, '/', { headers: { ':authority': 'exa mple.com' } }).catch((error: Error) => error);
    // Either HTTP/2 itself refuses the malformed authority, or the server's Host check does (400).
    if (response instanceof Error) expect(response.message).toMatch(/PROTOCOL_ERROR|authority/i);
    else expect(response.status).toBe(400);
    // A Host header that differs from :authority makes the request malformed (RFC 9113, 8.3.1).
    const twoHosts = await h2Request(origin, '/', { headers: { ':authority': new URL(origin).host, host: 'evil.example' } });
    expect(twoHosts.status).toBe(400);
    expect(json(twoHosts)).toEqual({ error: expect.stringMatching(/Host/) });
    // The origin is the site's own, but the request names another host: the write is cross-origin.
    const elsewhere = await h2Request(origin, '/api/content/changes', {
      method: 'POST',
      headers: { ':authority': 'evil.example', origin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(elsewhere.status).toBe(403);
  });

  it('refuses a cross-origin write over HTTP/2 with a JSON error', async () => {
    const response = await h2Request(origin, '/api/content/changes', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ changes: [] }),
    });
    expect(response.status).toBe(403);
    expect(json(response)).toEqual({ error: expect.any(String) });
  });

  it('signs in with a Secure cookie, saves a change as a commit, and serves it live over HTTP/2', async () => {
    const cookie = await signIn();
    const state = await h2Request(origin, '/api/editor/state', { headers: { cookie } });
    expect(state.status).toBe(200);
    const about = json(state).docs.find((doc: { file: string }) => doc.file === 'pages/about.json');
    const title = 'About us, saved over HTTP/2';
    const saved = await h2Request(origin, '/api/content/changes', {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ changes: [{ op: 'put', file: 'pages/about.json', content: { ...about.data, meta: { ...about.data.meta, title } }, baseVersion: about.version }] }),
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await site.remote.read('src/data/pages/about.json')).toContain(title);
    const deadline = Date.now() + 30_000;
    let page = await h2Request(origin, '/about/');
    while (!page.text.includes(`<title>${title}`) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      page = await h2Request(origin, '/about/');
    }
    expect(page.text).toContain(`<title>${title}`);
  });
});

describe('the HTTPS configuration', () => {
  const refusal = (env: Record<string, string>) => startProdServer(site.project, env).then(
    (server) => server.stop().then(() => 'started'),
    (error: Error) => error.message,
  );

  it('refuses to start with a certificate and no key', async () => {
    expect(await refusal({ TLS_CERT_FILE })).toContain('TLS_CERT_FILE is set without TLS_KEY_FILE');
  });

  it('refuses to start when a file cannot be read, naming it', async () => {
    const missing = join(site.remote.scratch, 'no-such-key.pem');
    expect(await refusal({ TLS_CERT_FILE, TLS_KEY_FILE: missing })).toContain(`TLS_KEY_FILE: ${missing} cannot be read (ENOENT)`);
  });

  it('refuses to start when the files are not a certificate and its key', async () => {
    expect(await readFile(TLS_CERT_FILE, 'utf8')).toContain('BEGIN CERTIFICATE');
    expect(await refusal({ TLS_CERT_FILE, TLS_KEY_FILE: TLS_CERT_FILE })).toContain('TLS_CERT_FILE and TLS_KEY_FILE do not make a usable certificate');
  });
});
