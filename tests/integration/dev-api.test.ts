/**
 * The four endpoints against a real `astro dev` server on a copy of the
 * project: every status code, round trips, and hostile input.
 */
import { mkdir, readFile, readdir, rename, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsSnapshotLoader } from '../../src/engine/fs-snapshot';
import { postJson, raw, type RawResponse } from '../helpers/http';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { resolverFor } from '../helpers/registry';
import { startDevServer, type RunningServer } from '../helpers/servers';
import { fingerprint } from '../helpers/tree';
import { b64, cleanSvg, exe, hostileSvgs, pixel, pngBomb } from './fixtures';

const MAX_UPLOAD = 64 * 1024;
let project: ProjectCopy;
let server: RunningServer;
let origin: string;

beforeAll(async () => {
  project = await copyProject('dev-api');
  server = await startDevServer(project, { MAX_UPLOAD_BYTES: String(MAX_UPLOAD) });
  origin = server.origin;
});

afterAll(async () => {
  await server?.stop();
  await project?.remove();
});

const dataFile = (path: string) => join(project.dataRoot, path);
const assetsDir = () => join(project.root, 'public', 'assets', 'images');
const readJson = async (path: string) => JSON.parse(await readFile(dataFile(path), 'utf8'));
const bundleFromDisk = async (slug: string) => resolverFor((await createFsSnapshotLoader(project.dataRoot)()).snapshot).resolvePage(slug);
const fail = (message: string): never => {
  throw new Error(message);
};
const expectError = (response: RawResponse, status: number) => {
  expect(response.status, response.text).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(typeof body.error).toBe('string');
  expect(response.text).not.toMatch(/\n\s+at\s|node_modules|\/tmp\/|\/work\//);
  return body;
};
const save = (body: unknown, headers: Record<string, string> = {}) => postJson(origin, '/api/save-to-file', body, headers);
const upload = (body: unknown, headers: Record<string, string> = {}) => postJson(origin, '/api/upload-asset', body, headers);

/** Runs a request that must be refused and must write nothing anywhere in the project. */
async function refused(request: () => Promise<RawResponse>, status: number) {
  const before = await fingerprint(project.root);
  const outsideBefore = await readdir(tmpdir());
  const response = await request();
  expectError(response, status);
  expect(await fingerprint(project.root)).toEqual(before);
  // A traversal out of the project copy would land a file next to it, in the temp folder.
  // Other processes (browsers, other tests) create folders there, so only new files count.
  const created = (await readdir(tmpdir(), { withFileTypes: true })).filter((entry) => entry.isFile() && !outsideBefore.includes(entry.name));
  expect(created.map((entry) => entry.name)).toEqual([]);
  return response;
}

describe('unknown API paths', () => {
  it('answer a JSON 404, never the HTML 404 page', async () => {
    for (const [method, path] of [['GET', '/api/nope'], ['GET', '/api/'], ['GET', '/api/nope/deeper?x=1'], ['POST', '/api/nope'], ['DELETE', '/api/list-assets/x']]) {
      const response = await raw(origin, { method, path, headers: { origin, 'content-length': 0 } });
      expect(expectError(response, 404).error, `${method} ${path}`).toMatch(/No API endpoint/);
    }
  });
});

describe('GET /api/public-page/[...slug]', () => {
  it('returns the same bundle the resolver gives the visitor route, with an ETag', async () => {
    for (const slug of ['home', 'about', 'docs/getting-started', 'posts/zero-javascript-by-default', 'tags/performance']) {
      const response = await raw(origin, { path: `/api/public-page/${slug}` });
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
      const response = await raw(origin, { path });
      expect(response.status, path).toBe(200);
      expect(response.json()).toEqual(home);
    }
  });

  it('answers 404 with a JSON error for pages that do not exist', async () => {
    for (const path of ['missing', 'posts/not-a-post', 'posts/[slug]', 'About', 'a//b']) {
      const body = expectError(await raw(origin, { path: `/api/public-page/${path}` }), 404);
      expect(body.error).toMatch(/No page/);
    }
    // An encoded slash is refused before routing: the router would read it as part of a segment.
    expect(expectError(await raw(origin, { path: '/api/public-page/..%2f..%2fpackage' }), 400).error).toMatch(/encoded \//);
    // Encoded dots are normalised away from /api before routing: the site's own 404 page answers.
    const escaped = await raw(origin, { path: '/api/public-page/%2e%2e/%2e%2e/etc/passwd' });
    expect(escaped.status).toBe(404);
    expect(escaped.text).not.toContain('root:');
  });

  it('answers 500 naming the file and pointer for dangling and cyclic refs', async () => {
    const page = (slug: string, ref: string) => ({ id: slug, slug, meta: { title: 'T', description: 'D' }, sections: [{ id: `${slug}-a`, type: 'content-block', data: { body: { $ref: ref } } }] });
    await writeFile(dataFile('pages/dangling.json'), JSON.stringify(page('dangling', '../shared/nope.json#/x')));
    await writeFile(dataFile('pages/cyclic.json'), JSON.stringify(page('cyclic', '../shared/loop-a.json#/v')));
    await writeFile(dataFile('shared/loop-a.json'), JSON.stringify({ v: { $ref: 'loop-b.json#/v' } }));
    await writeFile(dataFile('shared/loop-b.json'), JSON.stringify({ v: { $ref: 'loop-a.json#/v' } }));

    const dangling = expectError(await raw(origin, { path: '/api/public-page/dangling' }), 500);
    expect(dangling.error).toContain('pages/dangling.json#/sections/0/data/body');
    expect(dangling.error).toContain('shared/nope.json does not exist');
    const cyclic = expectError(await raw(origin, { path: '/api/public-page/cyclic' }), 500);
    expect(cyclic.error).toContain('shared/loop-a.json#/v → shared/loop-b.json#/v → shared/loop-a.json#/v');
  });

  it('answers 500 for a ref that leaves the data folder, or pollutes prototypes, without revealing paths', async () => {
    const page = (slug: string, ref: string) => ({ id: slug, slug, meta: { title: 'T', description: 'D' }, sections: [{ id: `${slug}-a`, type: 'content-block', data: { body: { $ref: ref } } }] });
    await writeFile(dataFile('pages/escape.json'), JSON.stringify(page('escape', '../../../package.json#/name')));
    await writeFile(dataFile('pages/proto.json'), JSON.stringify(page('proto', '../shared/site.json#/__proto__')));
    expect(expectError(await raw(origin, { path: '/api/public-page/escape' }), 500).error).toMatch(/leaves the data folder/);
    expect(expectError(await raw(origin, { path: '/api/public-page/proto' }), 500).error).toMatch(/never resolves/);
  });
});

describe('visitor pages in dev', () => {
  it('renders pages from the files as they are now, and 404s unknown ones', async () => {
    expect((await raw(origin, { path: '/about/' })).status).toBe(200);
    const missing = await raw(origin, { path: '/no/such/page/' });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('This page does not exist');
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
    const bundle = (await raw(origin, { path: '/api/public-page/home' })).json();
    expect(bundle.sections[1].data.title).toBe('Saved from a test');
    expect((await raw(origin, { path: '/' })).text).toContain('Saved from a test');
  });

  it('creates folders for nested slugs', async () => {
    const page = newPage('guides/setup/first-steps');
    expect((await save({ projectState: { pages: { [page.slug]: page } }, slug: page.slug })).status).toBe(200);
    expect(await readJson('pages/guides/setup/first-steps.json')).toEqual(page);
    expect((await raw(origin, { path: '/api/public-page/guides/setup/first-steps' })).json().meta.title).toBe('Fresh');
  });

  it('saves a collection entry and a shared document by their slugs', async () => {
    const post = { ...(await readJson('collections/posts/editing-without-fear.json')), title: 'Edited post title' };
    expect((await save({ projectState: { pages: {}, collections: { posts: { 'editing-without-fear': post } } }, slug: 'posts/editing-without-fear' })).status).toBe(200);
    expect((await readJson('collections/posts/editing-without-fear.json')).title).toBe('Edited post title');

    const footer = await readJson('shared/footer.json');
    footer.data.copyright = '© Test footer';
    expect((await save({ projectState: { pages: {}, shared: { footer } }, slug: 'shared/footer' })).status).toBe(200);
    expect((await raw(origin, { path: '/api/public-page/about' })).json().sections.at(-1).data.copyright).toBe('© Test footer');
  });

  it('honours baseVersion: 409 when the file changed since, 200 when it did not', async () => {
    const loaded = await raw(origin, { path: '/api/public-page/about' });
    const version = String(loaded.headers['x-page-version']);
    const about = await readJson('pages/about.json');
    const first = await save({ projectState: { pages: { about: { ...about, meta: { ...about.meta, title: 'First editor' } } } }, slug: 'about', baseVersion: version });
    expect(first.status, first.text).toBe(200);
    const second = await save({ projectState: { pages: { about: { ...about, meta: { ...about.meta, title: 'Second editor' } } } }, slug: 'about', baseVersion: version });
    expect(expectError(second, 409).error).toMatch(/changed on disk/);
    expect((await readJson('pages/about.json')).meta.title).toBe('First editor');
    expect(first.headers.etag).toBe(`"${(await raw(origin, { path: '/api/public-page/about' })).headers['x-page-version']}"`);
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
    const post = (headers: Record<string, string | number>, text = body) =>
      raw(origin, { method: 'POST', path: '/api/save-to-file', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers }, body: text });
    await refused(() => post({ 'content-type': 'text/plain' }), 415);
    await refused(() => post({ 'content-type': 'application/x-www-form-urlencoded' }), 415);
    await refused(() => post({ origin: 'https://evil.test' }), 403);
    await refused(() => post({ origin: 'null' }), 403);
    await refused(() => post({ 'sec-fetch-site': 'cross-site' }), 403);
    await refused(() => post({ host: 'evil.test' }), 403);
    await refused(() => post({ host: `rebind.evil.test:${server.port}` }), 403);
    await refused(() => post({}, '{"projectState": {"pages": {}}, "slug": '), 400);
    await refused(() => post({}, '[1, 2]'), 400);
    await refused(() => post({}, `{"slug":"home","projectState":${'['.repeat(100)}${']'.repeat(100)}}`), 400);
    await refused(() => post({}, '{"slug":"home","projectState":{"pages":{},"__proto__":{"polluted":true}}}'), 400);
    await refused(() => post({}, '{"slug":"home","projectState":{"pages":{"home":{"constructor":{"prototype":{}}}}}}'), 400);
    const huge = JSON.stringify({ projectState: { pages: {}, padding: 'x'.repeat(5 * 1024 * 1024) }, slug: 'home' });
    await refused(() => post({}, huge), 413);
    await refused(() => raw(origin, { method: 'POST', path: '/api/save-to-file', headers: { 'content-type': 'application/json', 'content-length': 1024 ** 3 }, withholdBody: true }), 413);
  });

  it('never approves a CORS preflight', async () => {
    const response = await raw(origin, {
      method: 'OPTIONS',
      path: '/api/save-to-file',
      headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('leaves a valid file equal to one of 50 concurrent saves, and no temp files', async () => {
    const base = await readJson('pages/journal.json');
    const bodies = Array.from({ length: 50 }, (_, i) => ({ ...base, meta: { ...base.meta, title: `Concurrent ${i} ${'x'.repeat(i * 37)}` } }));
    const responses = await Promise.all(bodies.map((page) => save({ projectState: { pages: { journal: page } }, slug: 'journal' })));
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    const final = await readJson('pages/journal.json');
    expect(bodies).toContainEqual(final);
    expect((await readdir(dataFile('pages'))).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});

describe('POST /api/upload-asset and GET /api/list-assets', () => {
  it('stores an upload, lists it, and serves its bytes with nosniff', async () => {
    const png = await pixel('png');
    const response = await upload({ filename: 'test-pixel.png', data: b64(png), mimeType: 'image/png' });
    expect(response.status, response.text).toBe(200);
    expect(response.json()).toEqual({ url: '/assets/images/test-pixel.png' });
    expect((await raw(origin, { path: '/api/list-assets' })).json()).toContain('/assets/images/test-pixel.png');
    const served = await raw(origin, { path: '/assets/images/test-pixel.png' });
    expect(served.status).toBe(200);
    expect(served.body.equals(png)).toBe(true);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('accepts every supported format, with the type inferred from the extension', async () => {
    for (const [name, bytes] of [
      ['photo.jpg', await pixel('jpeg')],
      ['photo-b.jpeg', await pixel('jpeg', '#ff0000')],
      ['modern.webp', await pixel('webp')],
      ['anim.gif', await pixel('gif')],
      ['UPPER.PNG', await pixel('png', '#00ff00')],
    ] as const) {
      const response = await upload({ filename: name, data: b64(bytes) });
      expect(response.status, `${name}: ${response.text}`).toBe(200);
    }
  });

  it('accepts a clean SVG and serves it with a restrictive CSP', async () => {
    expect((await upload({ filename: 'logo.svg', data: b64(cleanSvg), mimeType: 'image/svg+xml' })).status).toBe(200);
    const served = await raw(origin, { path: '/assets/images/logo.svg' });
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is idempotent for identical bytes, 409 for different bytes, and overwrites on request', async () => {
    const first = await pixel('png', '#111111');
    const second = await pixel('png', '#222222');
    expect((await upload({ filename: 'same.png', data: b64(first) })).status).toBe(200);
    expect((await upload({ filename: 'same.png', data: b64(first) })).status).toBe(200);
    const conflict = await refused(() => upload({ filename: 'same.png', data: b64(second) }), 409);
    expect(conflict.json().error).toMatch(/overwrite/);
    expect((await upload({ filename: 'same.png', data: b64(second), overwrite: true })).status).toBe(200);
    expect((await readFile(join(assetsDir(), 'same.png'))).equals(second)).toBe(true);
  });

  it.each<[string, () => Promise<unknown>]>([
    ['missing filename', async () => ({ data: b64(await pixel('png')) })],
    ['data not a string', async () => ({ filename: 'a.png', data: 123 })],
    ['data URL prefix', async () => ({ filename: 'a.png', data: `data:image/png;base64,${b64(await pixel('png'))}` })],
    ['malformed base64', async () => ({ filename: 'a.png', data: 'iVBORw0KGgo%%%=' })],
    ['base64 with bad length', async () => ({ filename: 'a.png', data: 'abc' })],
    ['an .exe renamed to .png', async () => ({ filename: 'setup.png', data: b64(exe) })],
    ['an .exe with an image MIME type', async () => ({ filename: 'setup.gif', data: b64(exe), mimeType: 'image/gif' })],
    ['PNG bytes named .jpg', async () => ({ filename: 'photo.jpg', data: b64(await pixel('png')) })],
    ['mimeType that disagrees', async () => ({ filename: 'a.png', data: b64(await pixel('png')), mimeType: 'image/jpeg' })],
    ['mimeType of HTML', async () => ({ filename: 'a.png', data: b64(await pixel('png')), mimeType: 'text/html' })],
    ['GIF header in front of HTML', async () => ({ filename: 'poly.gif', data: b64('GIF89a<html><script>alert(1)</script></html>') })],
    ['a truncated PNG', async () => ({ filename: 'cut.png', data: b64((await pixel('png')).subarray(0, 20)) })],
    ['a decompression bomb', async () => ({ filename: 'bomb.png', data: b64(await pngBomb()) })],
    ['path traversal in filename', async () => ({ filename: '../../src/data/pages/home.png', data: b64(await pixel('png')) })],
    ['a separator in filename', async () => ({ filename: 'sub/dir.png', data: b64(await pixel('png')) })],
    ['a backslash in filename', async () => ({ filename: '..\\evil.png', data: b64(await pixel('png')) })],
    ['a double extension', async () => ({ filename: 'shell.php.png', data: b64(await pixel('png')) })],
    ['a leading dot', async () => ({ filename: '.htaccess.png', data: b64(await pixel('png')) })],
    ['no extension', async () => ({ filename: 'noext', data: b64(await pixel('png')) })],
    ['an unknown extension', async () => ({ filename: 'tool.exe', data: b64(exe) })],
    ['a NUL byte', async () => ({ filename: 'a\u0000.png', data: b64(await pixel('png')) })],
    ['a control character', async () => ({ filename: 'a\u001b.png', data: b64(await pixel('png')) })],
    ['a 101-character name', async () => ({ filename: `${'a'.repeat(97)}.png`, data: b64(await pixel('png')) })],
    ['a reserved Windows name', async () => ({ filename: 'con.png', data: b64(await pixel('png')) })],
    ...Object.entries(hostileSvgs).map(([name, svg]): [string, () => Promise<unknown>] => [`an SVG with ${name}`, async () => ({ filename: 'x.svg', data: b64(svg) })]),
  ])('refuses %s with 400', async (_name, makeBody) => {
    await refused(async () => upload(await makeBody()), 400);
  });

  it('answers 413 over the size cap, from the base64 length and from Content-Length, without reading the body', async () => {
    const big = Buffer.alloc(MAX_UPLOAD + 1, 0);
    await refused(() => upload({ filename: 'big.png', data: b64(big) }), 413);
    await refused(
      () => raw(origin, { method: 'POST', path: '/api/upload-asset', headers: { 'content-type': 'application/json', origin, 'content-length': 1024 ** 3 }, withholdBody: true }),
      413,
    );
  });

  it('applies the write guards to uploads', async () => {
    const body = { filename: 'guarded.png', data: b64(await pixel('png')) };
    await refused(() => upload(body, { origin: 'https://evil.test' }), 403);
    await refused(() => upload(body, { host: 'evil.test' }), 403);
    await refused(() => upload(body, { 'content-type': 'text/plain' }), 415);
  });

  it('lists only image files, sorted by code point, leaving out dotfiles, temp files, folders and symlinks', async () => {
    const dir = assetsDir();
    await writeFile(join(dir, '.hidden.png'), 'x');
    await writeFile(join(dir, '.tmp-upload.png.123.abc'), 'x');
    await writeFile(join(dir, 'notes.txt'), 'x');
    await mkdir(join(dir, 'folder.png'));
    await symlink(join(dir, 'logo.svg'), join(dir, 'link.svg'));
    await writeFile(join(dir, 'Zebra.png'), await pixel('png'));
    await writeFile(join(dir, 'émoji.png'), await pixel('png'));
    const list: string[] = (await raw(origin, { path: '/api/list-assets' })).json();
    const names = list.map((url) => url.replace('/assets/images/', ''));
    expect(list.every((url) => url.startsWith('/assets/images/'))).toBe(true);
    for (const hidden of ['.hidden.png', '.tmp-upload.png.123.abc', 'notes.txt', 'folder.png', 'link.svg']) expect(names).not.toContain(hidden);
    expect(names).toEqual(expect.arrayContaining(['Zebra.png', 'émoji.png', 'hero-studio.webp', 'test-pixel.png']));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names.indexOf('Zebra.png')).toBeLessThan(names.indexOf('anim.gif'));
    expect(names.indexOf('émoji.png')).toBe(names.length - 1);
  });

  it('answers 500 with a JSON error when the folder cannot be read', async () => {
    const dir = assetsDir();
    await rename(dir, `${dir}-away`);
    try {
      const body = expectError(await raw(origin, { path: '/api/list-assets' }), 500);
      expect(body.error).toMatch(/ENOENT/);
    } finally {
      await rename(`${dir}-away`, dir);
    }
  });
});

describe('temp files of crashed writes', () => {
  it('are removed by the next save to their folder, and never listed', async () => {
    const { utimes } = await import('node:fs/promises');
    const stalePage = dataFile('pages/.tmp-about.json.999.deadbeef');
    const staleImage = join(assetsDir(), '.tmp-photo.png.999.deadbeef');
    await writeFile(stalePage, '{"torn":');
    await writeFile(staleImage, 'partial');
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await utimes(stalePage, anHourAgo, anHourAgo);
    await utimes(staleImage, anHourAgo, anHourAgo);
    expect((await raw(origin, { path: '/api/list-assets' })).text).not.toContain('.tmp-');

    const about = await readJson('pages/about.json');
    expect((await save({ projectState: { pages: { about } }, slug: 'about' })).status).toBe(200);
    expect((await upload({ filename: 'after-crash.png', data: b64(await pixel('png', '#010203')) })).status).toBe(200);
    expect(await readdir(dataFile('pages'))).not.toContain('.tmp-about.json.999.deadbeef');
    expect(await readdir(assetsDir())).not.toContain('.tmp-photo.png.999.deadbeef');
  });
});
