/**
 * Image variants from the built production server: the build's own, and one of an image
 * uploaded after the build, made on its first request (as for a page the server renders after
 * an edit); immutable caching and 304s; nothing but allowlisted variants of existing originals;
 * and a client asking for every variant it can name is refused, while the site stays up.
 */
import { createHash, randomBytes } from 'node:crypto';
import { access, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, raw } from '../helpers/http';
import { builtProdServer, startProdServer } from '../helpers/servers';

const TOKEN = 'image-variants-test-token-0123';
const IMMUTABLE = 'public, max-age=31536000, immutable';
let running: Awaited<ReturnType<typeof builtProdServer>>;
let origin: string;
let upload: Buffer;
let uploadHash: string;

beforeAll(async () => {
  running = await builtProdServer('variants-prod', { CONTENT_API_TOKEN: TOKEN });
  origin = running.server.origin;
  upload = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#0a7' } }).jpeg().toBuffer();
  uploadHash = createHash('sha256').update(upload).digest('hex').slice(0, 16);
}, 300_000);

afterAll(() => running?.stop());

const get = (path: string, headers: Record<string, string> = {}) => raw(origin, { path, headers });

describe('image variants on the production server', () => {
  it('serves the build’s variants as immutable, with 304 for a matching ETag', async () => {
    const home = (await get('/')).text;
    const url = home.match(/\/_img\/[^\s",]+\.avif/)![0];
    const first = await get(url);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('image/avif');
    expect(first.headers['cache-control']).toBe(IMMUTABLE);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    const again = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect([again.status, again.body.length]).toEqual([304, 0]);
    // The build's copy is what was served: the same bytes as dist/client/_img.
    expect(first.body).toEqual(await readFile(join(running.project.root, 'dist', 'client', url)));
  });

  it('makes a variant of an image uploaded after the build on its first request, and caches it', async () => {
    const stored = await postJson(origin, '/api/upload-asset', { filename: 'after-build.jpg', data: upload.toString('base64') }, { authorization: `Bearer ${TOKEN}` });
    expect(stored.status).toBe(200);
    const url = `/_img/after-build.jpg/${uploadHash}-w480-r1x1-f50x50.webp`;
    const made = await get(url);
    expect(made.status).toBe(200);
    expect(made.headers['cache-control']).toBe(IMMUTABLE);
    const meta = await sharp(made.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 480]);
    const cache = join(running.project.root, '.cache', 'image-variants', 'v1', uploadHash);
    expect(await readdir(cache)).toEqual([`${uploadHash}-w480-r1x1-f50x50.webp`]);
    expect((await get(url)).body).toEqual(made.body);
  });

  it.each([
    ['a hash no original has', () => `/_img/after-build.jpg/0000000000000000-w480.webp`],
    ['a width off the allowlist', () => `/_img/after-build.jpg/${uploadHash}-w481.webp`],
    ['a format off the allowlist', () => `/_img/after-build.jpg/${uploadHash}-w480.tiff`],
    ['a missing original', () => `/_img/nothing-here.jpg/${uploadHash}-w480.webp`],
    ['a dot file', () => `/_img/.after-build.jpg/${uploadHash}-w480.webp`],
  ])('answers 404 with a JSON error for %s, making nothing', async (_, path) => {
    const response = await get(path());
    expect(response.status).toBe(404);
    expect(response.json()).toEqual({ error: 'No such image variant' });
  });

  it('reads no file through a path that climbs out of /_img/: it is normalised first, and is no variant', async () => {
    const response = await get(`/_img/..%2F..%2Fpackage.json/${uploadHash}-w480.webp`);
    // Refused before anything looks at it: a path with an encoded slash is no path the site makes.
    expect(response.status).toBe(400);
    expect(response.text).not.toContain('content-site-engine');
  });

  it('never makes a variant through a symlink in the uploads folder', async () => {
    const outside = join(running.project.root, 'outside.jpg');
    await writeFile(outside, upload);
    await symlink(outside, join(running.project.root, 'public', 'assets', 'images', 'linked.jpg'));
    expect((await get(`/_img/linked.jpg/${uploadHash}-w320.webp`)).status).toBe(404);
  });

  it('allows only GET and HEAD', async () => {
    const response = await raw(origin, { method: 'POST', path: `/_img/after-build.jpg/${uploadHash}-w480.webp`, headers: { 'content-length': 0 } });
    expect(response.status).toBe(405);
  });
});

describe('the variants cache on disk', () => {
  it('stays within its budget while an anonymous client has large variants made at one focal point after another', async () => {
    // A second server on the same build, with a cache of its own and a budget of 1 MB.
    const cacheDir = join(running.project.root, '.cache', 'small-budget');
    const server = await startProdServer(running.project, { CONTENT_API_TOKEN: TOKEN, IMAGE_CACHE_DIR: cacheDir, IMAGE_CACHE_MAX_MB: '1' });
    try {
      // A photo's worth of noise, which no encoder shrinks much.
      const noise = await sharp(randomBytes(1600 * 1200 * 3), { raw: { width: 1600, height: 1200, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
      const hash = createHash('sha256').update(noise).digest('hex').slice(0, 16);
      expect((await postJson(server.origin, '/api/upload-asset', { filename: 'noise.jpg', data: noise.toString('base64') }, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
      const urls = [0, 25, 50, 75, 100].map((x) => `/_img/noise.jpg/${hash}-w1280-r1x1-f${x}x50.webp`);
      let made = 0;
      for (const url of urls) {
        const answer = await raw(server.origin, { path: url });
        expect(answer.status).toBe(200);
        made += answer.body.length;
      }
      expect(made).toBeGreaterThan(2 * 1024 * 1024);
      // Once pruned (after the answers), the cache's variants are within its budget; it once kept every one for good.
      const variantBytes = async () => {
        const root = join(cacheDir, 'v1');
        const files = (await readdir(root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile() && entry.parentPath !== root);
        const sizes = await Promise.all(files.map(async (entry) => (await stat(join(entry.parentPath, entry.name))).size));
        return sizes.reduce((sum, size) => sum + size, 0);
      };
      await expect.poll(variantBytes, { timeout: 10_000, interval: 100 }).toBeLessThanOrEqual(1024 * 1024);
      // A variant removed is made again when asked for.
      expect((await raw(server.origin, { path: urls[0]! })).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

// Last in the file: it spends this client's whole budget of new variants.
describe('a client asking for every variant of an image (production)', () => {
  it('is refused with 429 and 503, while pages, built and cached variants are still served', async () => {
    const home = (await get('/')).text;
    const [builtUrl, name, hash] = home.match(/\/_img\/([^/\s",]+)\/([0-9a-f]{16})-w\d+[^\s",]*\.avif/)!;
    // Square crops of a built original around every focal point: allowed, and never built.
    const focus = Array.from({ length: 21 }, (_, index) => index * 5);
    const candidates = focus.flatMap((x) => focus.map((y) => `/_img/${name}/${hash}-w320-r1x1-f${x}x${y}.avif`));
    const built = await Promise.all(candidates.map((url) => access(join(running.project.root, 'dist', 'client', url)).then(() => true, () => false)));
    const attack = candidates.filter((_, index) => !built[index]).slice(0, 200);
    expect(attack).toHaveLength(200);

    const started = Date.now();
    const answers: Awaited<ReturnType<typeof get>>[] = [];
    for (let wave = 0; wave < attack.length; wave += 25) {
      // A forged X-Forwarded-For on each request changes nothing: the server trusts no proxy here.
      const sent = Promise.all(attack.slice(wave, wave + 25).map((url, index) => get(url, { 'x-forwarded-for': `203.0.113.${wave + index}` })));
      if (wave === 0) {
        // Meanwhile, a page and a built variant answer at once, to the very client that floods.
        await new Promise((resolve) => setTimeout(resolve, 50));
        for (const path of ['/', '/about/', builtUrl]) {
          const asked = Date.now();
          expect((await get(path)).status).toBe(200);
          expect(Date.now() - asked).toBeLessThan(2000);
        }
      }
      answers.push(...(await sent));
    }
    const seconds = (Date.now() - started) / 1000;

    const made = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    // The budget is 60 new variants at once, then one every 2 s; a few were spent above.
    expect(made.length).toBeGreaterThan(0);
    expect(made.length).toBeLessThanOrEqual(60 + Math.ceil(seconds / 2));
    expect(refused.some((answer) => answer.status === 429)).toBe(true);
    for (const answer of refused) {
      expect([429, 503]).toContain(answer.status);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.json()).toEqual({ error: expect.any(String) });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }

    // Over its budget, the client still gets what is built or made; only new variants wait.
    const madeUrl = attack[answers.indexOf(made[0]!)]!;
    expect((await get(madeUrl)).status).toBe(200);
    expect((await get(builtUrl)).status).toBe(200);
    const fresh = await Promise.all(['f0x0', 'f0x5', 'f0x10'].map((point) => get(`/_img/${name}/${hash}-w480-r1x1-${point}.avif`)));
    expect(fresh.map((answer) => answer.status)).toContain(429);
  });
});
