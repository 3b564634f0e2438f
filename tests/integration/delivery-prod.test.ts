/**
 * Delivery from the built production server (`npm run build`, then `npm start`) on a project
 * copy: text files precompressed at build and chosen by Accept-Encoding, with Vary; caching
 * per kind of file; 304s; HEAD; and no compressed sibling served on its own.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bundleTag } from '../../server/page-api.mjs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, raw, type RawResponse } from '../helpers/http';
import type { ProjectCopy } from '../helpers/project-copy';
import { builtProdServer, type RunningServer } from '../helpers/servers';
import { b64 } from './fixtures';

const TOKEN = 'delivery-test-token-with-entropy';
const REVALIDATE = 'public, max-age=0, must-revalidate';
// An SVG and a content-hashed stylesheet of some size, so that compressing them pays.
const DIAGRAM_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${Array.from({ length: 60 }, (_, n) => `<rect x="${n}" y="${n}" width="10" height="10" fill="#0af"/>`).join('')}</svg>`;
const HASHED_CSS = Array.from({ length: 80 }, (_, n) => `.c${n}{color:#333;margin:${n}px}`).join('\n');
const HASHED_PATH = '/_astro/probe.Bq3x7a.css';

let project: ProjectCopy;
let server: RunningServer;
let origin: string;
const client = () => join(project.root, 'dist', 'client');

let running: Awaited<ReturnType<typeof builtProdServer>> | undefined;

beforeAll(async () => {
  running = await builtProdServer('delivery-prod', { CONTENT_API_TOKEN: TOKEN }, async (copy) => {
    await writeFile(join(copy.root, 'public', 'assets', 'images', 'diagram.svg'), DIAGRAM_SVG);
    await mkdir(join(copy.root, 'public', '_astro'), { recursive: true });
    await writeFile(join(copy.root, 'public', HASHED_PATH), HASHED_CSS);
    // A text file too small for compression to help (robots.txt used to be one; it is generated now).
    await writeFile(join(copy.root, 'public', 'humans.txt'), 'Northwind\n');
    await writeFile(join(copy.root, 'src', 'data', 'redirects.json'), `${JSON.stringify({ redirects: [{ from: '/old-about/', to: '/about/' }] })}\n`);
  });
  ({ project, server } = running);
  origin = server.origin;
});

afterAll(() => running?.stop());

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => raw(origin, { path, method, headers });

/** The body a client gets after undoing the response's Content-Encoding. */
function decoded(response: RawResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body);
  if (encoding === 'gzip') return gunzipSync(response.body);
  expect(encoding).toBeUndefined();
  return response.body;
}

/** Asks for `path` as a browser (br), an older client (gzip) and a plain one; checks each is the file's bytes. */
async function expectNegotiated(path: string, expected: Buffer) {
  const answers = { br: await get(path, { 'accept-encoding': 'gzip, deflate, br, zstd' }), gzip: await get(path, { 'accept-encoding': 'gzip' }), identity: await get(path) };
  for (const [encoding, response] of Object.entries(answers)) {
    expect(response.status, `${path} ${encoding}`).toBe(200);
    expect(response.headers['content-encoding'], `${path} ${encoding}`).toBe(encoding === 'identity' ? undefined : encoding);
    expect(response.headers.vary, `${path} ${encoding}`).toBe('Accept-Encoding');
    expect(Number(response.headers['content-length']), `${path} ${encoding}`).toBe(response.body.length);
    expect(decoded(response).equals(expected), `${path} ${encoding}`).toBe(true);
  }
  expect(answers.br.body.length).toBeLessThan(answers.gzip.body.length);
  expect(answers.gzip.body.length).toBeLessThan(expected.length);
  expect(new Set(Object.values(answers).map((response) => response.headers.etag)).size, 'one ETag per coding').toBe(3);
  return answers;
}

describe('compression chosen by Accept-Encoding', () => {
  it('serves pages precompressed, under every spelling of their URL', async () => {
    const home = await readFile(join(client(), 'index.html'));
    const answers = await expectNegotiated('/', home);
    expect(home.length / answers.br.body.length, 'brotli ratio of the home page').toBeGreaterThan(4);
    const about = await readFile(join(client(), 'about', 'index.html'));
    await expectNegotiated('/about/', about);
    // Every other spelling of a page's address is sent to the one the site links to, query kept.
    for (const [path, location] of [['/about', '/about/'], ['/about/index.html', '/about/'], ['/%61bout/', '/about/'], ['/about?utm_source=mail&x=%C3%A9', '/about/?utm_source=mail&x=%C3%A9'], ['/index.html?a=1', '/?a=1']]) {
      const moved = await get(path);
      expect([moved.status, moved.headers.location, moved.headers['cache-control']], path).toEqual([301, location, 'public, max-age=3600']);
    }
    expect((await get('/no-such-page')).status).toBe(404);
    // Doubled slashes are sent to the single-slash address, which every reader reads alike.
    // A page's address is sent straight to its canonical spelling: one hop, not two.
    for (const [path, location] of [['//about/', '/about/'], ['//about', '/about/'], ['/about//index.html?a=1', '/about/?a=1'], ['//feed.xml', '/feed.xml'], ['//no-such-page', '/no-such-page'], ['//old-about/?b=2', '/about/?b=2'], ['/api//public-page/about', '/api/public-page/about']]) {
      const doubled = await get(path);
      expect([doubled.status, doubled.headers.location], path).toEqual([301, location]);
    }
  });

  it('serves the page API compressed, with an ETag per coding of the bundle', async () => {
    const identity = await get('/api/public-page/about');
    const version = String(identity.headers.etag).replaceAll('"', '');
    expect(version).toBe(bundleTag(identity.body.toString('utf8')));
    const answers = await expectNegotiated('/api/public-page/about', identity.body);
    expect(answers.br.headers.etag).toBe(`"${version}-br"`);
    expect(answers.gzip.headers.etag).toBe(`"${version}-gzip"`);
    expect(identity.headers['cache-control']).toBe(REVALIDATE);
    expect(JSON.parse(decoded(answers.br).toString('utf8')).slug).toBe('about');
  });

  it('serves SVGs compressed: the site icon, and an image in the build with its CSP', async () => {
    await expectNegotiated('/favicon.svg', await readFile(join(client(), 'favicon.svg')));
    const { br } = await expectNegotiated('/assets/images/diagram.svg', Buffer.from(DIAGRAM_SVG));
    expect(br.headers['content-security-policy']).toContain('sandbox');
    expect(br.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps a file uncompressed when compression would not make it smaller, still with Vary', async () => {
    expect(existsSync(join(client(), 'humans.txt.br'))).toBe(false);
    const response = await get('/humans.txt', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.text).toBe(await readFile(join(client(), 'humans.txt'), 'utf8'));
  });

  it('honours q-values and refusals: gzip over brotli by weight, 406 when nothing acceptable is left', async () => {
    expect((await get('/', { 'accept-encoding': 'br;q=0.4, gzip;q=0.9' })).headers['content-encoding']).toBe('gzip');
    expect((await get('/', { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
    for (const refusal of ['identity;q=0', '*;q=0']) {
      const response = await get('/', { 'accept-encoding': refusal });
      expect(response.status, refusal).toBe(406);
      expect(response.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const font = `/_astro/fonts/${(await readdir(join(client(), '_astro', 'fonts'))).find((name) => name.endsWith('.woff2'))}`;
    for (const path of ['/', '/api/public-page/about', '/assets/images/diagram.svg', '/favicon.svg', font]) {
      const getAnswer = await get(path, { 'accept-encoding': 'br' });
      const head = await get(path, { 'accept-encoding': 'br' }, 'HEAD');
      expect(head.status, path).toBe(200);
      expect(head.body.length, path).toBe(0);
      for (const name of ['content-type', 'content-encoding', 'content-length', 'etag', 'vary', 'cache-control']) {
        expect(head.headers[name], `${path} ${name}`).toBe(getAnswer.headers[name]);
      }
    }
  });
});

describe('caching', () => {
  it('keeps content-hashed files for a year, and has pages, the page API and images revalidate', async () => {
    const hashed = await expectNegotiated(HASHED_PATH, Buffer.from(HASHED_CSS));
    expect(hashed.br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.br.headers['content-type']).toMatch(/^text\/css/);
    for (const path of ['/', '/about/', '/api/public-page/about', '/assets/images/hero-studio.webp', '/assets/images/diagram.svg']) {
      const response = await get(path, { 'accept-encoding': 'br' });
      expect(response.headers['cache-control'], path).toBe(REVALIDATE);
      expect(response.headers.etag, path).toBeTruthy();
    }
    // Fonts stay with the adapter's handler: hashed too, kept for a year when there, never when missing.
    const fonts = await readdir(join(client(), '_astro', 'fonts'));
    expect((await get(`/_astro/fonts/${fonts[0]}`)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Nor is an answer about the file that is not the file: a range past its end, a failed precondition.
    for (const headers of [{ range: 'bytes=999999999-' }, { 'if-match': '"another"' }] as Record<string, string>[]) {
      const refused = await get(`/_astro/fonts/${fonts[0]}`, headers);
      expect([416, 412], JSON.stringify(headers)).toContain(refused.status);
      expect(refused.headers['cache-control'] ?? '', JSON.stringify(headers)).not.toMatch(/immutable/);
    }
    expect((await get(`/_astro/fonts/${fonts[0]}`, { range: 'bytes=0-9' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A hashed file reached through a link is refused, as a text file is; the adapter's `send` would follow it.
    await symlink(join(client(), '_astro', 'fonts', fonts[0]!), join(client(), '_astro', 'fonts', 'linked.woff2'));
    expect((await get('/_astro/fonts/linked.woff2')).status).toBe(404);
    const missing = await get('/_astro/fonts/missing.woff2');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toMatch(/immutable/);
    const image = await get('/assets/images/hero-studio.webp', { 'accept-encoding': 'br' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.headers['last-modified']).toBeTruthy();
  });

  it('answers 304 to a matching If-None-Match (weak, in a list, or *), per coding, with the validators and no body', async () => {
    for (const path of ['/', '/api/public-page/about', '/assets/images/diagram.svg', '/assets/images/hero-studio.webp', HASHED_PATH]) {
      const first = await get(path, { 'accept-encoding': 'br' });
      const etag = String(first.headers.etag);
      const opaque = etag.replace(/^W\//, '');
      for (const noneMatch of [etag, `W/${opaque}`, `"stale", ${etag}`, '*']) {
        const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': noneMatch });
        expect(again.status, `${path} ${noneMatch}`).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
        expect(again.headers.vary).toBe(first.headers.vary);
      }
      expect((await get(path, { 'accept-encoding': 'br', 'if-none-match': '"stale"' })).status, path).toBe(200);
      if (first.headers.vary) expect((await get(path, { 'accept-encoding': 'gzip', 'if-none-match': etag })).status, `${path}: another coding is another representation`).toBe(200);
    }
  });

  it('answers 304 to If-Modified-Since, unless an If-None-Match that fails is sent too', async () => {
    for (const path of ['/', '/assets/images/hero-studio.webp']) {
      const first = await get(path);
      const since = String(first.headers['last-modified']);
      expect((await get(path, { 'if-modified-since': since })).status, path).toBe(304);
      expect((await get(path, { 'if-modified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' })).status, path).toBe(200);
      expect((await get(path, { 'if-modified-since': since, 'if-none-match': '"stale"' })).status, path).toBe(200);
      expect((await get(path, { 'if-modified-since': 'not a date' })).status, path).toBe(200);
    }
  });
});

describe('compressed siblings (guards)', () => {
  it('are written beside the build files, and nothing is left of the private bundle file', async () => {
    for (const file of ['index.html', 'about/index.html', 'favicon.svg', 'assets/images/diagram.svg', HASHED_PATH.slice(1)]) {
      expect(existsSync(join(client(), `${file}.br`)), file).toBe(true);
      expect(existsSync(join(client(), `${file}.gz`)), file).toBe(true);
    }
    expect((await readdir(client())).filter((name) => name.startsWith('page-bundles'))).toEqual([]);
  });

  it('are never served on their own, under any spelling', async () => {
    for (const path of ['/index.html.br', '/index.html.gz', '/about/index.html%2Ebr', '/favicon.svg.br', '/assets/images/diagram.svg.br', '/assets/images/diagram.svg.gz', '/page-bundles.json.br', `${HASHED_PATH}.gz`]) {
      const response = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(response.status, path).toBe(404);
      expect(response.headers['content-encoding'], path).toBeUndefined();
    }
  });

  it('are not served when they are links, or older than the file (an SVG replaced by an upload); text files through a link are not served at all', async () => {
    await writeFile(join(project.root, 'outside.txt'), 'host secret');
    await writeFile(join(client(), 'linked.html'), '<p>plain page</p>'.repeat(40));
    await symlink(join(project.root, 'outside.txt'), join(client(), 'linked.html.br'));
    const linked = await get('/linked.html', { 'accept-encoding': 'br' });
    expect(linked.headers['content-encoding']).toBeUndefined();
    expect(linked.text).not.toContain('host secret');

    await mkdir(join(project.root, 'outside'));
    await writeFile(join(project.root, 'outside', 'index.html'), '<p>host page</p>');
    await symlink(join(project.root, 'outside'), join(client(), 'linked-folder'));
    await symlink(join(project.root, 'outside', 'index.html'), join(client(), 'linked-page.html'));
    for (const path of ['/linked-folder/', '/linked-folder', '/linked-folder/index.html', '/linked-page.html']) {
      const response = await get(path, { 'accept-encoding': 'br' });
      expect(response.status, path).toBe(404);
      expect(response.text, path).not.toContain('host page');
    }

    const replaced = DIAGRAM_SVG.replaceAll('#0af', '#f0a');
    const upload = await postJson(origin, '/api/upload-asset', { filename: 'diagram.svg', data: b64(replaced), overwrite: true }, { authorization: `Bearer ${TOKEN}` });
    expect(upload.status).toBe(200);
    const served = await get('/assets/images/diagram.svg', { 'accept-encoding': 'br, gzip' });
    expect(served.headers['content-encoding']).toBeUndefined();
    expect(served.text).toBe(replaced);
  });
});
