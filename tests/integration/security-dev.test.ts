/**
 * Regression tests of the hostile review, against a real `astro dev` server on
 * a project copy: each test replays an attack that once worked. Here, what the
 * server serves: uploaded images, the bundle file, hostile SVGs and image
 * variants; the requests it refuses: security-dev-requests.test.ts.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from '../helpers/chromium';
import { postJson, raw } from '../helpers/http';
import { devSiteForTests } from '../helpers/dev-site';
import type { ProjectCopy } from '../helpers/project-copy';
import { ACTIVE_SVG, expectSvgCorpusInert, expectSvgServedSafely, hasDotSegment, numberedSvg, rawFollowingSlashes } from './attacks';
import { SVG_CORPUS_DIR } from '../helpers/svg-corpus';
import { b64, cleanSvg, pixel } from './fixtures';

const site = devSiteForTests('security-dev');
let project: ProjectCopy;
let origin: string;

beforeAll(() => {
  ({ project } = site);
  origin = site.server.origin;
});

const upload = (filename: string, data: string | Buffer) => postJson(origin, '/api/upload-asset', { filename, data: b64(data) });
const imagesDir = () => join(project.root, 'public', 'assets', 'images');

describe('uploaded images (dev)', () => {
  it('serves an SVG with its CSP and nosniff under every spelling of its URL', async () => {
    expect((await upload('mark.svg', cleanSvg)).status).toBe(200);
    await expectSvgServedSafely(origin, 'mark.svg', cleanSvg);
  });

  it('makes every upload fetchable the moment its answer arrives', async () => {
    for (let n = 0; n < 15; n += 1) {
      const name = `fresh-${n}.svg`;
      expect((await upload(name, numberedSvg(n))).status).toBe(200);
      const served = await raw(origin, { path: `/assets/images/${name}` });
      expect(served.status, name).toBe(200);
      expect(served.text).toBe(numberedSvg(n));
    }
  });

  it('lets exactly one of 200 concurrent uploads of different bytes under one name win', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => upload('race.svg', numberedSvg(n))));
    const winners = answers.map((answer, n) => [answer.status, n] as const).filter(([status]) => status === 200);
    expect(winners).toHaveLength(1);
    // The uploads the queue took raced for the name (409 for every loser); the rest were turned away at once (503, docs/architecture.md "Costly work is queued").
    expect(answers.filter((answer) => answer.status === 409).length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 409).every((answer) => answer.status === 503 && answer.headers['retry-after'] !== undefined)).toBe(true);
    expect(await readFile(join(imagesDir(), 'race.svg'), 'utf8')).toBe(numberedSvg(winners[0]![1]));
    expect((await readdir(imagesDir())).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('allows only GET and HEAD on images', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const response = await raw(origin, { method, path: '/assets/images/mark.svg', headers: { origin, 'content-length': 0 } });
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
    }
    expect(await readFile(join(imagesDir(), 'mark.svg'), 'utf8')).toBe(cleanSvg);
  });

  it('never serves a link out of the images folder', async () => {
    const { symlink } = await import('node:fs/promises');
    await symlink('/etc/passwd', join(imagesDir(), 'passwd.png'));
    const response = await raw(origin, { path: '/assets/images/passwd.png' });
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('root:');
  });

  it("never serves the content folders' files by their file paths, where Vite skipped the images' own route (its SVG sandbox, its refusal of links)", async () => {
    // The attack: Vite served public/ and any project file by path, following links, with none of the route's headers.
    const { mkdir, symlink } = await import('node:fs/promises');
    expect((await upload('by-path.svg', ACTIVE_SVG)).status).toBe(400);
    await writeFile(join(imagesDir(), 'by-path.svg'), ACTIVE_SVG);
    await symlink('/etc/passwd', join(imagesDir(), 'passwd-by-path.png'));
    // Astro's /_image endpoint named the files in its query: it served the SVG unsandboxed and followed a link out.
    await writeFile(join(project.root, 'outside.svg'), ACTIVE_SVG);
    await symlink(join(project.root, 'outside.svg'), join(imagesDir(), 'outside.svg'));
    for (const dir of ['.content-store', '.cache/image-variants']) {
      await mkdir(join(project.root, dir), { recursive: true });
      await writeFile(join(project.root, dir, 'kept.json'), '{"secret":"kept"}');
    }
    const paths = [
      ...['by-path.svg', 'by-path.svg?raw', 'by-path.svg?import', 'passwd-by-path.png'].flatMap((file) => [`/public/assets/images/${file}`, `/@fs${project.root}/public/assets/images/${file}`]),
      '/public//assets/./images/by-path.svg',
      `/@fs${project.root}/public/assets/images//../by-path.svg`,
      '/%70ublic/assets/images/by-path.svg',
      '/@id/public/assets/images/by-path.svg',
      '/.content-store/kept.json',
      `/@fs${project.root}/.content-store/kept.json`,
      '/.cache/image-variants/kept.json',
      ...['/_image', '/_image/', '/_IMAGE', '/%5Fimage'].map((endpoint) => `${endpoint}?href=/assets/images/by-path.svg&f=svg`),
      `/_image?href=/@fs${project.root}/public/assets/images/outside.svg&f=svg`,
      // And it made any size of image for a GET, outside the variant limits.
      '/_image?href=/assets/images/hero-studio.webp&w=4000&f=avif&q=100',
    ];
    for (const path of paths) {
      const response = await rawFollowingSlashes(origin, { path });
      expect(response.status, path).toBe(hasDotSegment(path) ? 400 : 404);
      expect(response.text, path).not.toMatch(/<script|root:|kept/);
    }
    // The images' own route still serves what is in the folder, sandboxed.
    await expectSvgServedSafely(origin, 'by-path.svg', ACTIVE_SVG);
  });
});

describe('uploads that are cheap to check but ruinous to draw, or carry bytes after the image (dev)', () => {
  const attack = (name: string) => readFile(join(SVG_CORPUS_DIR, 'hostile', name));
  const refused = async (filename: string, data: Buffer | string, reason: string | RegExp) => {
    const answer = await upload(filename, data);
    expect(answer.status, filename).toBe(400);
    expect(answer.json()).toEqual({ error: expect.stringMatching(reason) });
    expect(await readdir(imagesDir())).not.toContain(filename);
  };

  it('refuses the <use> bomb and the filter bomb of the review, saying why', async () => {
    await refused('use-bomb.svg', await attack('draw-cost-use-bomb.svg'), /^SVG refused: drawing it takes [\d,]+ elements once every <use>/);
    await refused('filter-bomb.svg', await attack('draw-cost-filter-bomb.svg'), /^SVG refused: <feTurbulence> has numOctaves="1000" \(at most 10/);
  });

  it('still accepts an SVG that draws a shape through 100 uses of a group', async () => {
    const sprite = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs><g id="g">${'<rect width="1" height="1"/>'.repeat(100)}</g></defs>${'<use href="#g"/>'.repeat(100)}</svg>`;
    expect((await upload('sprite.svg', sprite)).status).toBe(200);
  });

  it('stores a JPEG without the file after its end marker, and refuses a GIF or PNG with one', async () => {
    const zip = Buffer.from('PK\x03\x04 hidden archive', 'latin1');
    // A phone's motion photo is a JPEG with a video after its EOI: taken, and stored (and served) as the picture alone.
    const photo = await pixel('jpeg');
    expect((await upload('tail.jpg', Buffer.concat([photo, zip]))).status).toBe(200);
    expect((await readFile(join(imagesDir(), 'tail.jpg'))).equals(photo)).toBe(true);
    const served = await raw(origin, { path: '/assets/images/tail.jpg' });
    expect(served.body.equals(photo)).toBe(true);
    // The same upload again is the same stored file: no 409.
    expect((await upload('tail.jpg', Buffer.concat([photo, zip]))).status).toBe(200);
    const gif = await pixel('gif');
    expect((await upload('plain.gif', gif)).status).toBe(200);
    await refused('tail.gif', Buffer.concat([gif, zip]), /bytes of other data after its/);
    await refused('tail.png', Buffer.concat([await pixel('png'), zip]), 'The PNG has data after its IEND chunk');
  });
});

describe('the bundle file (dev)', () => {
  it('is not downloadable under any spelling', async () => {
    for (const path of ['/page-bundles.json', '/%70age-bundles.json', '//page-bundles.json', '/x/../page-bundles.json']) {
      const response = await rawFollowingSlashes(origin, { path });
      expect(response.status, path).toBe(hasDotSegment(path) ? 400 : 404);
      expect(response.text, path).not.toContain('"sections"');
    }
  });
});

// The production test loads every accepted SVG under every spelling of its URL; the dev server serves
// images with the same handler, so here each is loaded under its plain URL.
describe.skipIf(!chromiumAvailable())('the hostile SVG corpus in Chromium', () => {
  it('refuses every hostile SVG; no accepted SVG runs a script or sends a request', async () => {
    await writeFile(join(project.root, 'public', 'canary.svg'), ACTIVE_SVG);
    await expectSvgCorpusInert(origin, (name, bytes) => upload(name, bytes), '/canary.svg', (name) => [`/assets/images/${name}`]);
  }, 600_000);
});

// Last in the file: it spends this client's budget of new image variants.
describe('making image variants (dev)', () => {
  it('limits the new variants one client can have made, as production does', async () => {
    const hash = createHash('sha256').update(await readFile(join(imagesDir(), 'hero-studio.webp'))).digest('hex').slice(0, 16);
    const focus = Array.from({ length: 10 }, (_, index) => index * 5);
    const urls = focus.flatMap((x) => focus.map((y) => `/_img/hero-studio.webp/${hash}-w320-r1x1-f${x}x${y}.webp`));
    const statuses: number[] = [];
    for (let wave = 0; wave < urls.length; wave += 20) {
      const answers = await Promise.all(urls.slice(wave, wave + 20).map((path) => raw(origin, { path })));
      statuses.push(...answers.map((answer) => answer.status));
      for (const answer of answers.filter((answer) => answer.status === 429)) {
        expect(answer.json()).toEqual({ error: expect.any(String) });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
    }
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(60);
    expect(statuses).toContain(429);
    expect((await raw(origin, { path: urls[0]! })).status).toBe(200);
  }, 120_000);
});
