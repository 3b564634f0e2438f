/**
 * The page API and visitor pages against a real `astro dev` server on a copy of the project:
 * every status code, round trips, and hostile input (dev-save.test.ts has saving,
 * dev-uploads.test.ts uploads).
 */
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createFsSnapshotLoader } from '../../src/engine/fs-snapshot';
import { devApiForTests, expectError } from '../helpers/dev-api';
import { raw, rawBytes } from '../helpers/http';
import { resolverFor } from '../helpers/registry';

const api = devApiForTests('dev-api');
const { dataFile } = api;
const bundleFromDisk = async (slug: string) => resolverFor((await createFsSnapshotLoader(api.project.dataRoot)()).snapshot).resolvePage(slug);
const fail = (message: string): never => {
  throw new Error(message);
};

describe('unknown API paths', () => {
  it('answer a JSON 404, never the HTML 404 page', async () => {
    for (const [method, path] of [['GET', '/api/nope'], ['GET', '/api/'], ['GET', '/api/nope/deeper?x=1'], ['POST', '/api/nope'], ['DELETE', '/api/list-assets/x']]) {
      const response = await raw(api.origin, { method, path, headers: { origin: api.origin, 'content-length': 0 } });
      expect(expectError(response, 404).error, `${method} ${path}`).toMatch(/No API endpoint/);
    }
  });
});

describe('a method an endpoint does not take', () => {
  it('answers a JSON 405 naming the ones it does, never the HTML 404 page; HEAD is GET without the body', async () => {
    // A write endpoint's other methods are its 405 too, not a 415 about a body it never reads (a review got 415 for PUT, PATCH and DELETE).
    for (const [method, path, allow] of [['GET', '/api/save-to-file', 'POST'], ['GET', '/api/upload-asset', 'POST'], ['GET', '/api/content/changes', 'POST'], ['PUT', '/api/content/changes', 'POST'], ['PATCH', '/api/content/changes', 'POST'], ['DELETE', '/api/save-to-file', 'POST'], ['PUT', '/api/list-assets', 'GET, HEAD'], ['DELETE', '/api/public-page/about', 'GET, HEAD']] as const) {
      const response = await raw(api.origin, { method, path, headers: { origin: api.origin, 'content-length': 0 } });
      expect(expectError(response, 405).error, `${method} ${path}`).toBe(`${method} is not allowed here: this endpoint takes ${allow}`);
      expect(response.headers.allow, `${method} ${path}`).toBe(allow);
    }
    // With a body, such a method is refused before the body is read: Astro dev reads all of it before the route runs.
    for (const [method, path] of [['PUT', '/api/content/changes'], ['POST', '/api/auth/users/x'], ['PATCH', '/api/upload-asset']] as const) {
      const response = await raw(api.origin, { method, path, headers: { origin: api.origin, 'content-type': 'application/json', 'content-length': 64 * 1024 * 1024 }, withholdBody: true });
      expect(expectError(response, 413).error, `${method} ${path}`).toBe(`${method} ${path} takes no request body`);
    }
    const preview = await raw(api.origin, { method: 'GET', path: '/api/editor/preview', headers: { origin: api.origin } });
    expect(expectError(preview, 405).error).toBe('GET is not allowed here: the preview takes POST');
    expect(preview.headers.allow).toBe('POST');
    // A host name in capitals is the same host (tools send them; browsers lower them).
    const capitals = await raw(api.origin, { method: 'GET', path: '/api/list-assets', headers: { host: `LOCALHOST:${new URL(api.origin).port}` } });
    expect(capitals.status, capitals.text).toBe(200);
    expect(capitals.headers['content-type']).toMatch(/^application\/json/);
    const head = await raw(api.origin, { method: 'HEAD', path: '/api/list-assets' });
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toMatch(/^application\/json/);
    expect(head.body.length).toBe(0);
  });

  it('answers a JSON 405 to a method no route takes (TRACE, PROPFIND), on the API and off it: TRACE once reached Astro, a 500 HTML page with a stack in the log', async () => {
    for (const [method, path, allow] of [['TRACE', '/api/public-page/about', 'GET, HEAD, POST, DELETE'], ['TRACE', '/api/list-assets', 'GET, HEAD, POST, DELETE'], ['PROPFIND', '/api/editor/state', 'GET, HEAD, POST, DELETE'], ['TRACE', '/about/', 'GET, HEAD']] as const) {
      // As curl -X TRACE sends it: no body, so no Transfer-Encoding (Node's parser refuses a TRACE with one).
      const response = await raw(api.origin, { method, path, headers: { 'content-length': 0 } });
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(405);
      expect(expectError(response, 405).error, `${method} ${path}`).toMatch(/^(TRACE|PROPFIND) is not allowed/);
      expect(response.headers.allow, `${method} ${path}`).toBe(allow);
    }
    expect(api.server.output()).not.toMatch(/unsupported|TypeError/);
  });

  it('answers what the HTTP parser refuses (a malformed header line) with a JSON error, as production does, not a bare status line', async () => {
    const answer = await rawBytes(api.origin, 'GET /about/ HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon here\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ error: 'The request is not valid HTTP' });
  });
});

describe('GET /api/public-page/[...slug]', () => {
  it('returns the same bundle the resolver gives the visitor route, with an ETag', async () => {
    for (const slug of ['home', 'about', 'docs/getting-started', 'posts/zero-javascript-by-default', 'tags/performance']) {
      const response = await raw(api.origin, { path: `/api/public-page/${slug}` });
      expect(response.status, slug).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(response.json()).toEqual(await bundleFromDisk(slug));
      expect(JSON.stringify(response.json(), (key, value) => (key === '$ref' ? fail(`$ref left in ${slug}`) : value))).toBeTruthy();
    }
  });

  it('serves home for an empty slug', async () => {
    const home = await bundleFromDisk('home');
    for (const path of ['/api/public-page/', '/api/public-page']) {
      const response = await raw(api.origin, { path });
      expect(response.status, path).toBe(200);
      expect(response.json()).toEqual(home);
    }
  });

  it('answers 404 with a JSON error for pages that do not exist', async () => {
    for (const path of ['missing', 'posts/not-a-post', 'posts/[slug]', 'About']) {
      const body = expectError(await raw(api.origin, { path: `/api/public-page/${path}` }), 404);
      expect(body.error).toMatch(/No page/);
    }
    // An encoded slash is refused before routing: the router would read it as part of a segment.
    expect(expectError(await raw(api.origin, { path: '/api/public-page/..%2f..%2fpackage' }), 400).error).toMatch(/encoded \//);
    // Dot segments, encoded or not, are refused before routing: the router's URL parser resolves them otherwise after an empty segment.
    for (const path of ['/api/public-page/%2e%2e/%2e%2e/etc/passwd', '/api/public-page//../about']) {
      const escaped = expectError(await raw(api.origin, { path }), 400);
      expect(escaped.error).toMatch(/\. or \.\. segment/);
    }
    // Doubled slashes send a read to the single-slash address.
    const doubled = await raw(api.origin, { path: '/api/public-page//a//b' });
    expect(doubled.status).toBe(301);
    expect(doubled.headers.location).toBe('/api/public-page/a/b');
  });

  it('answers 500 naming the file and pointer for dangling and cyclic refs', async () => {
    const page = (slug: string, ref: string) => ({ id: slug, slug, meta: { title: 'T', description: 'D' }, sections: [{ id: `${slug}-a`, type: 'content-block', data: { body: { $ref: ref } } }] });
    await writeFile(dataFile('pages/dangling.json'), JSON.stringify(page('dangling', '../shared/nope.json#/x')));
    await writeFile(dataFile('pages/cyclic.json'), JSON.stringify(page('cyclic', '../shared/loop-a.json#/v')));
    await writeFile(dataFile('shared/loop-a.json'), JSON.stringify({ v: { $ref: 'loop-b.json#/v' } }));
    await writeFile(dataFile('shared/loop-b.json'), JSON.stringify({ v: { $ref: 'loop-a.json#/v' } }));

    const dangling = expectError(await raw(api.origin, { path: '/api/public-page/dangling' }), 500);
    expect(dangling.error).toContain('pages/dangling.json#/sections/0/data/body');
    expect(dangling.error).toContain('shared/nope.json does not exist');
    const cyclic = expectError(await raw(api.origin, { path: '/api/public-page/cyclic' }), 500);
    expect(cyclic.error).toContain('shared/loop-a.json#/v → shared/loop-b.json#/v → shared/loop-a.json#/v');
  });

  it('answers 500 for a ref that leaves the data folder, or pollutes prototypes, without revealing paths', async () => {
    const page = (slug: string, ref: string) => ({ id: slug, slug, meta: { title: 'T', description: 'D' }, sections: [{ id: `${slug}-a`, type: 'content-block', data: { body: { $ref: ref } } }] });
    await writeFile(dataFile('pages/escape.json'), JSON.stringify(page('escape', '../../../package.json#/name')));
    await writeFile(dataFile('pages/proto.json'), JSON.stringify(page('proto', '../shared/site.json#/__proto__')));
    expect(expectError(await raw(api.origin, { path: '/api/public-page/escape' }), 500).error).toMatch(/leaves the data folder/);
    expect(expectError(await raw(api.origin, { path: '/api/public-page/proto' }), 500).error).toMatch(/never resolves/);
  });
});

describe('visitor pages in dev', () => {
  it('renders pages from the files as they are now, and 404s unknown ones', async () => {
    expect((await raw(api.origin, { path: '/about/' })).status).toBe(200);
    const missing = await raw(api.origin, { path: '/no/such/page/' });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('This page does not exist');
  });

  it('serves the home page at / alone, as the build does: /home/ was a second address in dev', async () => {
    expect((await raw(api.origin, { path: '/' })).status).toBe(200);
    for (const path of ['/home/', '/home']) {
      const answer = await raw(api.origin, { path });
      expect(answer.status, path).toBe(404);
      expect(answer.text, path).toContain('This page does not exist');
    }
  });

  it('sends every other spelling of a page address to the one the site links to, as production does', async () => {
    for (const [path, location] of [['/about', '/about/'], ['/about?ref=mail', '/about/?ref=mail'], ['/posts/zero-javascript-by-default', '/posts/zero-javascript-by-default/']]) {
      const answer = await raw(api.origin, { path });
      expect([answer.status, answer.headers.location], path).toEqual([301, location]);
    }
  });
});
