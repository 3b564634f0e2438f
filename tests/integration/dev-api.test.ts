/**
 * The page API, visitor pages and saving against a real `astro dev` server on a copy of the
 * project: every status code, round trips, and hostile input (dev-uploads.test.ts has uploads).
 */
import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFsSnapshotLoader } from '../../src/engine/fs-snapshot';
import { devApiForTests, expectError } from '../helpers/dev-api';
import { raw, rawBytes } from '../helpers/http';
import { resolverFor } from '../helpers/registry';

const api = devApiForTests('dev-api');
const { dataFile, readJson, save, refused } = api;
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
    for (const [method, path, allow] of [['GET', '/api/save-to-file', 'POST'], ['GET', '/api/upload-asset', 'POST'], ['GET', '/api/content/changes', 'POST'], ['PUT', '/api/list-assets', 'GET, HEAD'], ['DELETE', '/api/public-page/about', 'GET, HEAD']] as const) {
      const response = await raw(api.origin, { method, path, headers: { origin: api.origin, 'content-length': 0 } });
      expect(expectError(response, 405).error, `${method} ${path}`).toBe(`${method} is not allowed here: this endpoint takes ${allow}`);
      expect(response.headers.allow, `${method} ${path}`).toBe(allow);
    }
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

describe('POST /api/save-to-file', () => {
  const newPage = (slug: string, title = 'Fresh') => ({
    id: slug.replaceAll('/', '-'),
    slug,
    meta: { title, description: 'A new page' },
    sections: [{ $ref: `${'../'.repeat(slug.split('/').length)}shared/header.json` }, { id: 'new-hero', type: 'page-hero', data: { title } }],
  });

  it('saves a page and the bundle follows at once', async () => {
    const home = await readJson('pages/home.json');
    home.sections[1].data.title = 'Saved from a test';
    const response = await save({ projectState: { pages: { home } }, slug: 'home' });
    expect(response.status, response.text).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await readJson('pages/home.json')).sections[1].data.title).toBe('Saved from a test');
    const bundle = (await raw(api.origin, { path: '/api/public-page/home' })).json();
    expect(bundle.sections[1].data.title).toBe('Saved from a test');
    expect((await raw(api.origin, { path: '/' })).text).toContain('Saved from a test');
  });

  it('creates folders for nested slugs', async () => {
    const page = newPage('guides/setup/first-steps');
    expect((await save({ projectState: { pages: { [page.slug]: page } }, slug: page.slug })).status).toBe(200);
    expect(await readJson('pages/guides/setup/first-steps.json')).toEqual(page);
    expect((await raw(api.origin, { path: '/api/public-page/guides/setup/first-steps' })).json().meta.title).toBe('Fresh');
  });

  it('saves a collection entry and a shared document by their slugs', async () => {
    const post = { ...(await readJson('collections/posts/editing-without-fear.json')), title: 'Edited post title' };
    expect((await save({ projectState: { pages: {}, collections: { posts: { 'editing-without-fear': post } } }, slug: 'posts/editing-without-fear' })).status).toBe(200);
    expect((await readJson('collections/posts/editing-without-fear.json')).title).toBe('Edited post title');

    const footer = await readJson('shared/footer.json');
    footer.data.copyright = '© Test footer';
    expect((await save({ projectState: { pages: {}, shared: { footer } }, slug: 'shared/footer' })).status).toBe(200);
    expect((await raw(api.origin, { path: '/api/public-page/about' })).json().sections.at(-1).data.copyright).toBe('© Test footer');
  });

  it('honours baseVersion: 409 when the file changed since, 200 when it did not', async () => {
    const loaded = await raw(api.origin, { path: '/api/public-page/about' });
    const version = String(loaded.headers['x-page-version']);
    const about = await readJson('pages/about.json');
    const first = await save({ projectState: { pages: { about: { ...about, meta: { ...about.meta, title: 'First editor' } } } }, slug: 'about', baseVersion: version });
    expect(first.status, first.text).toBe(200);
    const second = await save({ projectState: { pages: { about: { ...about, meta: { ...about.meta, title: 'Second editor' } } } }, slug: 'about', baseVersion: version });
    expect(expectError(second, 409).error).toMatch(/changed on disk/);
    expect((await readJson('pages/about.json')).meta.title).toBe('First editor');
    expect(first.headers.etag).toBe(`"${(await raw(api.origin, { path: '/api/public-page/about' })).headers['x-page-version']}"`);
  });

  it('answers 400 naming a field it does not take, and writes nothing: a misspelt baseVersion once saved over an edit with no check', async () => {
    const about = await readJson('pages/about.json');
    const stale = String((await raw(api.origin, { path: '/api/public-page/about' })).headers['x-page-version']);
    const first = await save({ projectState: { pages: { about: { ...about, meta: { ...about.meta, title: 'Saved first' } } } }, slug: 'about', baseVersion: stale });
    expect(first.status, first.text).toBe(200);
    const misspelt = await save({ projectState: { pages: { about: { ...about, meta: { ...about.meta, title: 'Over it' } } } }, slug: 'about', baseversion: stale });
    expect(expectError(misspelt, 400).error).toBe('Unknown field "baseversion" in the request body: it takes projectState, slug, baseVersion');
    expect((await readJson('pages/about.json')).meta.title).toBe('Saved first');
    const upload = await api.upload({ filename: 'never.png', data: 'iVBORw0KGgo=', overwirte: true });
    expect(expectError(upload, 400).error).toBe('Unknown field "overwirte" in the request body: it takes filename, data, mimeType, overwrite');
  });

  it('answers 400 for missing or malformed fields', async () => {
    await refused(() => save({ slug: 'home' }), 400);
    await refused(() => save({ projectState: { pages: {} } }), 400);
    await refused(() => save({ projectState: { pages: {} }, slug: '' }), 400);
    await refused(() => save({ projectState: { pages: {} }, slug: 42 }), 400);
    await refused(() => save({ projectState: [], slug: 'home' }), 400);
    await refused(() => save({ projectState: { pages: {} }, slug: 'home', baseVersion: 7 }), 400);
  });

  it('answers 400 naming a slug that selects nothing', async () => {
    const body = (await refused(() => save({ projectState: { pages: {} }, slug: 'nothing-here' }), 400)).json();
    expect(body.error).toContain('"nothing-here"');
  });

  it('answers 400 with issues, and writes nothing, for invalid content', async () => {
    const page = newPage('broken-page');
    (page.sections[1] as { data: { title: string } }).data.title = '   ';
    const invalid = (await refused(() => save({ projectState: { pages: { 'broken-page': page } }, slug: 'broken-page' }), 400)).json();
    expect(invalid.issues).toContainEqual({ path: '/sections/1/data/title', message: 'Required' });

    const dangling = { ...newPage('dangling-ref'), sections: [{ $ref: '../shared/missing.json' }] };
    const refIssue = (await refused(() => save({ projectState: { pages: { 'dangling-ref': dangling } }, slug: 'dangling-ref' }), 400)).json();
    expect(refIssue.issues[0].path).toBe('/sections/0');
    expect(refIssue.issues[0].message).toMatch(/does not exist/);

    const mismatch = newPage('one-slug');
    await refused(() => save({ projectState: { pages: { 'other-slug': mismatch } }, slug: 'other-slug' }), 400);

    const footer = await readJson('shared/footer.json');
    const brokenFooter = { ...footer, data: { ...footer.data, copyright: '' } };
    const shared = (await refused(() => save({ projectState: { pages: {}, shared: { footer: brokenFooter } }, slug: 'shared/footer' }), 400)).json();
    expect(shared.issues.some((issue: { path: string }) => issue.path.endsWith('/data/copyright'))).toBe(true);

    const badPost = { ...(await readJson('collections/posts/writing-for-the-scan.json')), tags: ['no-such-tag'] };
    await refused(() => save({ projectState: { pages: {}, collections: { posts: { 'writing-for-the-scan': badPost } } }, slug: 'posts/writing-for-the-scan' }), 400);
  });

  it.each([
    '../escape', 'a/../../b', '..', '%2e%2e/x', 'a\\b', '/etc/passwd', 'a//b', 'a\u0000b', 'UPPER', 'a b', 'a/', 'c:/x', 'pages/../../x',
  ])('refuses the traversal-style slug %j with 400', async (slug) => {
    await refused(() => save({ projectState: { pages: { [slug]: newPage('x') } }, slug }), 400);
  });

  it('refuses to write through a symlinked folder that leaves the data root', async () => {
    const outside = join(tmpdir(), `cse-outside-${process.pid}`);
    await mkdir(outside, { recursive: true });
    await symlink(outside, dataFile('pages/linked'));
    const page = newPage('linked/escape');
    await refused(() => save({ projectState: { pages: { 'linked/escape': page } }, slug: 'linked/escape' }), 400);
    expect(await readdir(outside)).toEqual([]);
  });

  it('refuses bad requests: wrong type, cross-origin, wrong Host, oversize, malformed or hostile JSON', async () => {
    const body = JSON.stringify({ projectState: { pages: {} }, slug: 'home' });
    const post = (headers: Record<string, string | number>, text: string | Buffer = body) =>
      raw(api.origin, { method: 'POST', path: '/api/save-to-file', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers }, body: text });
    // Bytes that are no UTF-8 were read as U+FFFD and saved; a charset other than UTF-8 was read as UTF-8.
    const notUtf8 = Buffer.concat([Buffer.from('{"slug":"home","projectState":{"pages":{"home":{"meta":{"title":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}}}}}')]);
    expect((await refused(() => post({}, notUtf8), 400)).json().error).toBe('Request body is not valid UTF-8');
    await refused(() => post({ 'content-type': 'application/json; charset=latin1' }), 415);
    // A repeated key: JSON.parse kept the last without a word, where another reader of the body may keep the first.
    const twice = await refused(() => post({}, '{"slug":"home","slug":"about","projectState":{"pages":{}}}'), 400);
    expect(twice.json().error).toBe('The request body has the key "slug" twice in one object (at /): which of its values is meant cannot be known');
    await refused(() => post({ 'content-type': 'text/plain' }), 415);
    await refused(() => post({ 'content-type': 'application/x-www-form-urlencoded' }), 415);
    await refused(() => post({ origin: 'https://evil.test' }), 403);
    await refused(() => post({ origin: 'null' }), 403);
    await refused(() => post({ 'sec-fetch-site': 'cross-site' }), 403);
    await refused(() => post({ host: 'evil.test' }), 403);
    await refused(() => post({ host: `rebind.evil.test:${api.server.port}` }), 403);
    await refused(() => post({}, '{"projectState": {"pages": {}}, "slug": '), 400);
    await refused(() => post({}, '[1, 2]'), 400);
    await refused(() => post({}, `{"slug":"home","projectState":${'['.repeat(100)}${']'.repeat(100)}}`), 400);
    await refused(() => post({}, '{"slug":"home","projectState":{"pages":{},"__proto__":{"polluted":true}}}'), 400);
    await refused(() => post({}, '{"slug":"home","projectState":{"pages":{"home":{"constructor":{"prototype":{}}}}}}'), 400);
    const huge = JSON.stringify({ projectState: { pages: {}, padding: 'x'.repeat(5 * 1024 * 1024) }, slug: 'home' });
    await refused(() => post({}, huge), 413);
    await refused(() => raw(api.origin, { method: 'POST', path: '/api/save-to-file', headers: { 'content-type': 'application/json', 'content-length': 1024 ** 3 }, withholdBody: true }), 413);
  });

  it('never approves a CORS preflight', async () => {
    const response = await raw(api.origin, {
      method: 'OPTIONS',
      path: '/api/save-to-file',
      headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('leaves a valid file equal to one of 50 concurrent saves, and no temp files', async () => {
    const base = await readJson('pages/journal.json');
    const bodies = Array.from({ length: 50 }, (_, i) => ({ ...base, meta: { ...base.meta, title: `Concurrent ${i}`, description: `Concurrent ${i} ${'x'.repeat(i * 19)}` } })); // within a description's 1,000 characters
    const responses = await Promise.all(bodies.map((page) => save({ projectState: { pages: { journal: page } }, slug: 'journal' })));
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    const final = await readJson('pages/journal.json');
    expect(bodies).toContainEqual(final);
    expect((await readdir(dataFile('pages'))).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});
