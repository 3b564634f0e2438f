/**
 * The status pages over HTTP, from the built production server: an unknown
 * path gets the editable 404 page (header, footer, the site name in its title)
 * with status 404, and so does /404/; an unknown /api/ path stays a JSON 404;
 * a page rendered on request that fails unexpectedly gets the site's 500 page
 * with status 500 and nothing of the error; the self-hosted fonts are served,
 * immutable. The failing page is a fixture route added to the project copy
 * under /editor/ (visitor paths are served from the live publication, so the
 * adapter renders on request only the server's own routes, and those for a
 * session).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw } from '../helpers/http';
import { builtProdServer } from '../helpers/servers';
import { addUser, signIn } from '../helpers/sessions';

const SESSION_SECRET = 'a-status-pages-test-secret-of-enough-length';
const PASSWORD = 'a long enough password for the test';
const SECRET_DETAIL = 'boom in /home/operator/secret-config.ts';

let prod: Awaited<ReturnType<typeof builtProdServer>>;
let usersDir: string;

beforeAll(async () => {
  usersDir = await mkdtemp(join(tmpdir(), 'cse-status-users-'));
  const usersFile = join(usersDir, 'users.json');
  prod = await builtProdServer('status-pages', { SESSION_SECRET, EDITOR_USERS_FILE: usersFile, EDITOR_AUDIT_LOG: join(usersDir, 'audit.log') }, async (project) => {
    await mkdir(join(project.root, 'src', 'pages', 'editor'), { recursive: true });
    await writeFile(join(project.root, 'src', 'pages', 'editor', 'fails-on-purpose.astro'), `---\nexport const prerender = false;\nthrow new Error(${JSON.stringify(SECRET_DETAIL)});\n---\n`);
    await addUser(project, usersFile, 'ada', 'admin', PASSWORD);
  });
});

afterAll(async () => {
  await prod?.stop();
  if (usersDir) await rm(usersDir, { recursive: true, force: true });
});

const get = (path: string) => raw(prod.server.origin, { path });

describe('the 404 page', () => {
  it('answers an unknown path with status 404 and the page document, header and footer included', async () => {
    for (const path of ['/no-such-page/', '/no/such/page', '/404/']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers['content-type'], path).toMatch(/^text\/html/);
      expect(response.text).toContain('<title>Page not found — Northwind</title>');
      expect(response.text).toMatch(/data-section-type="header"[\s\S]*This page does not exist[\s\S]*data-section-type="footer"/);
    }
  });

  it('is never the answer under /api/: an unknown endpoint is a JSON 404', async () => {
    const response = await get('/api/no-such-endpoint');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().error).toMatch(/No API endpoint/);
  });
});

describe('the 500 page', () => {
  it('answers a page that fails with status 500 and the site’s page, without the error', async () => {
    const ada = await signIn(prod.server, 'ada', PASSWORD);
    const response = await ada.get('/editor/fails-on-purpose');
    expect(response.status).toBe(500);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain('<title>Something went wrong — Northwind</title>');
    expect(response.text).toContain('Something went wrong on our side');
    expect(response.text).not.toContain('boom');
    expect(response.text).not.toContain('/home/operator');
  });

  it('is no page at an address of its own: /500.html answered 200, a page for search engines to list', async () => {
    for (const path of ['/500.html', '/500/', '/500']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.text, path).toContain('This page does not exist');
    }
  });
});

describe('the self-hosted fonts', () => {
  it('are served as woff2 with an immutable cache, from the preload links of every page', async () => {
    const home = await get('/');
    const preloads = [...home.text.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin>/g)].map((match) => match[1]!);
    expect(preloads.length).toBeGreaterThan(0);
    for (const url of preloads) {
      const font = await get(url);
      expect(font.status, url).toBe(200);
      expect(font.headers['content-type'], url).toBe('font/woff2');
      expect(font.headers['cache-control'], url).toMatch(/immutable/);
      expect(font.body.subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
  });
});
