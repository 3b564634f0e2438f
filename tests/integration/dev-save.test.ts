/**
 * Saving through POST /api/save-to-file against a real `astro dev` server on a copy of the
 * project: every status code, round trips, and hostile input (dev-api.test.ts has the page API
 * and visitor pages, dev-uploads.test.ts uploads).
 */
import { mkdir, readdir, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { devApiForTests, expectError } from '../helpers/dev-api';
import { raw } from '../helpers/http';

const api = devApiForTests('dev-save');
const { dataFile, readJson, save, refused } = api;

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
