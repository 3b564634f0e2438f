/**
 * The endpoints against the built @astrojs/node server (`npm run build`, then
 * `npm start`), on a copy of the project.
 */
import { bundleTag } from '../../server/page-api.mjs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsSnapshotLoader } from '../../src/engine/fs-snapshot';
import { contentVersion } from '../../src/server/version';
import { postJson, raw } from '../helpers/http';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { resolverFor } from '../helpers/registry';
import { buildProject, startProdServer, type RunningServer } from '../helpers/servers';
import { fingerprint } from '../helpers/tree';
import { b64, cleanSvg, exe, pixel } from './fixtures';

const TOKEN = 'test-token-with-enough-entropy';
let project: ProjectCopy;
let server: RunningServer;
let tokenless: RunningServer;

beforeAll(async () => {
  project = await copyProject('prod-api');
  await writeFile(join(project.dataRoot, 'redirects.json'), JSON.stringify({ redirects: [{ from: '/old-about/', to: '/about/' }] }));
  await buildProject(project);
  server = await startProdServer(project, { CONTENT_API_TOKEN: TOKEN });
  tokenless = await startProdServer(project, { CONTENT_API_TOKEN: '' });
});

afterAll(async () => {
  await server?.stop();
  await tokenless?.stop();
  await project?.remove();
});

const authorized = { authorization: `Bearer ${TOKEN}` };

describe('the production server', () => {
  it('serves the prerendered visitor pages', async () => {
    for (const path of ['/', '/about/', '/docs/getting-started/', '/posts/zero-javascript-by-default/', '/tags/editorial/']) {
      const response = await raw(server.origin, { path });
      expect(response.status, path).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('answers the old path of a moved page with a permanent redirect, and the build has a redirect page there', async () => {
    for (const path of ['/old-about/', '/old-about', '/old-%61bout/']) {
      const response = await raw(server.origin, { path });
      expect(response.status, path).toBe(301);
      expect(response.headers.location, path).toBe('/about/');
    }
    const page = await readFile(join(project.root, 'dist', 'client', 'old-about', 'index.html'), 'utf8');
    expect(page).toMatch(/http-equiv="refresh" content="0;\s*url=\/about\/"/);
  });

  it('answers unknown API paths with a JSON 404, never the HTML 404 page', async () => {
    for (const [method, path] of [['GET', '/api/nope'], ['POST', '/api/nope'], ['GET', '/api/%6Eope']]) {
      const response = await raw(server.origin, { method, path, headers: { 'content-length': 0 } });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers['content-type'], `${method} ${path}`).toMatch(/^application\/json/);
      expect(response.json().error).toMatch(/No API endpoint/);
    }
  });

  it('answers unknown paths with the 404 page; with no user, the editor is off', async () => {
    for (const path of ['/nope/', '/api/editor/state', '/page-bundles.json', '/page-bundles.json?x=1']) {
      const response = await raw(server.origin, { path });
      expect(response.status, path).toBe(404);
    }
    expect((await raw(server.origin, { path: '/nope/' })).text).toContain('This page does not exist');
    for (const path of ['/editor/', '/editor/home']) {
      const response = await raw(server.origin, { path });
      expect(response.status, path).toBe(303);
      expect(response.headers.location, path).toBe('/editor/sign-in');
    }
    const signIn = await raw(server.origin, { path: '/editor/sign-in' });
    expect(signIn.text).toContain('The editor is off: no user has been added yet');
    expect(signIn.text).not.toContain('<form');
  });

  it('returns the same bundles as the resolver over the source files', async () => {
    const { snapshot } = await createFsSnapshotLoader(project.dataRoot)();
    const resolver = resolverFor(snapshot);
    for (const { slug } of resolver.listPages()) {
      const response = await raw(server.origin, { path: `/api/public-page/${slug}` });
      expect(response.status, slug).toBe(200);
      expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(response.json()).toEqual(resolver.resolvePage(slug));
      // Byte for byte what the dev API sends (the resolver's bundle, serialized once), and the stored file's version.
      expect(response.text, slug).toBe(JSON.stringify(resolver.resolvePage(slug)));
      expect(response.headers['x-page-version'], slug).toBe(contentVersion(snapshot.get(resolver.listPages().find((page) => page.slug === slug)!.file)));
      expect(response.headers.etag, slug).toBe(`"${bundleTag(response.text)}"`);
    }
    expect((await raw(server.origin, { path: '/api/public-page/' })).json().slug).toBe('home');
    const missing = await raw(server.origin, { path: '/api/public-page/nope' });
    expect(missing.status).toBe(404);
    expect(missing.json().error).toMatch(/No page/);
  });

  it('has no save endpoint: 404, and nothing written', async () => {
    const before = await fingerprint(project.root);
    const home = JSON.parse(await readFile(join(project.dataRoot, 'pages', 'home.json'), 'utf8'));
    const response = await postJson(server.origin, '/api/save-to-file', { projectState: { pages: { home } }, slug: 'home' });
    expect(response.status).toBe(404);
    expect(typeof response.json().error).toBe('string');
    expect(await fingerprint(project.root)).toEqual(before);
  });

  it('refuses uploads without the token (401) and when no token is configured (403)', async () => {
    const body = { filename: 'nope.png', data: b64(await pixel('png')) };
    const before = await fingerprint(project.root);
    const missing = await postJson(server.origin, '/api/upload-asset', body);
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect((await postJson(server.origin, '/api/upload-asset', body, { authorization: 'Bearer wrong' })).status).toBe(401);
    const unconfigured = await postJson(tokenless.origin, '/api/upload-asset', body, authorized);
    expect(unconfigured.status).toBe(403);
    expect(unconfigured.json().error).toMatch(/CONTENT_API_TOKEN/);
    expect(await fingerprint(project.root)).toEqual(before);
  });

  it('stores an upload with the token, serves it at once with nosniff, lists it, and keeps it for the next build', async () => {
    const png = await pixel('png', '#abcdef');
    const response = await postJson(server.origin, '/api/upload-asset', { filename: 'prod-upload.png', data: b64(png) }, authorized);
    expect(response.status, response.text).toBe(200);
    expect(response.json()).toEqual({ url: '/assets/images/prod-upload.png' });
    const served = await raw(server.origin, { path: '/assets/images/prod-upload.png' });
    expect(served.status).toBe(200);
    expect(served.body.equals(png)).toBe(true);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await raw(server.origin, { path: '/api/list-assets' })).json()).toContain('/assets/images/prod-upload.png');
    expect((await readFile(join(project.root, 'public', 'assets', 'images', 'prod-upload.png'))).equals(png)).toBe(true);
  });

  it('serves SVGs with a restrictive CSP and refuses disguised executables', async () => {
    expect((await postJson(server.origin, '/api/upload-asset', { filename: 'mark.svg', data: b64(cleanSvg) }, authorized)).status).toBe(200);
    expect((await raw(server.origin, { path: '/assets/images/mark.svg' })).headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect((await raw(server.origin, { path: '/assets/images/hero-studio.webp' })).headers['x-content-type-options']).toBe('nosniff');
    const disguised = await postJson(server.origin, '/api/upload-asset', { filename: 'app.png', data: b64(exe) }, authorized);
    expect(disguised.status).toBe(400);
  });

  it('answers 413 from a lying Content-Length without waiting for the body', async () => {
    const started = Date.now();
    const response = await raw(server.origin, {
      method: 'POST',
      path: '/api/upload-asset',
      headers: { 'content-type': 'application/json', 'content-length': 1024 ** 3, ...authorized },
      withholdBody: true,
    });
    expect(response.status).toBe(413);
    expect(typeof response.json().error).toBe('string');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('caps a streamed body that has no Content-Length', async () => {
    const big = JSON.stringify({ filename: 'x.png', data: 'A'.repeat(15 * 1024 * 1024) });
    const response = await raw(server.origin, {
      method: 'POST',
      path: '/api/upload-asset',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...authorized },
      body: big,
    });
    expect(response.status).toBe(413);
  });
});
