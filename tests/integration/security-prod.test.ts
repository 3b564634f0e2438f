/**
 * Regression tests of the hostile review against the built production server
 * (`npm run build`, then `npm start`) on a project copy: each test replays an
 * attack that once worked.
 */
import { existsSync } from 'node:fs';
import { readFile, readdir, readlink, writeFile, symlink } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from '../helpers/chromium';
import { postJson, raw } from '../helpers/http';
import type { ProjectCopy } from '../helpers/project-copy';
import { builtProdServer, type RunningServer } from '../helpers/servers';
import { fingerprint } from '../helpers/tree';
import { ACTIVE_SVG, expectSvgCorpusInert, expectSvgServedSafely, hasDotSegment, MALFORMED_HOSTS, numberedSvg, rawFollowingSlashes } from './attacks';
import { b64, cleanSvg } from './fixtures';

const TOKEN = 'security-test-token-with-entropy';
const authorized = { authorization: `Bearer ${TOKEN}` };
let project: ProjectCopy;
let server: RunningServer;
let origin: string;

let running: Awaited<ReturnType<typeof builtProdServer>> | undefined;

beforeAll(async () => {
  running = await builtProdServer('security-prod', { CONTENT_API_TOKEN: TOKEN });
  ({ project, server } = running);
  origin = server.origin;
});

afterAll(() => running?.stop());

const upload = (filename: string, data: string | Buffer, headers: Record<string, string> = {}) =>
  postJson(origin, '/api/upload-asset', { filename, data: b64(data) }, { ...authorized, ...headers });
const servedDir = () => join(project.root, 'dist', 'client', 'assets', 'images');
const publicDir = () => join(project.root, 'public', 'assets', 'images');

describe('uploaded images (production)', () => {
  it('serves an SVG with its CSP and nosniff under every spelling of its URL', async () => {
    expect((await upload('mark.svg', cleanSvg)).status).toBe(200);
    await expectSvgServedSafely(origin, 'mark.svg', cleanSvg);
  });

  it('revalidates images with an ETag and answers 304', async () => {
    const first = await raw(origin, { path: '/assets/images/hero-studio.webp' });
    expect(first.headers.etag).toBeTruthy();
    const again = await raw(origin, { path: '/assets/images/hero-studio.webp', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('lets exactly one of 200 concurrent uploads of different bytes under one name win, and serves it', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => upload('race.svg', numberedSvg(n))));
    const winners = answers.map((answer, n) => [answer.status, n] as const).filter(([status]) => status === 200);
    expect(winners).toHaveLength(1);
    // The uploads the queue took raced for the name (409 for every loser); the rest were turned away at once (503, docs/architecture.md "Costly work is queued").
    expect(answers.filter((answer) => answer.status === 409).length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 409).every((answer) => answer.status === 503 && answer.headers['retry-after'] !== undefined)).toBe(true);
    // Uploads are content: the store writes them to public/, which the server serves before the build's copy.
    const stored = await readFile(join(publicDir(), 'race.svg'), 'utf8');
    expect(stored).toBe(numberedSvg(winners[0]![1]));
    expect((await raw(origin, { path: '/assets/images/race.svg' })).text).toBe(stored);
  });

  it('never serves a link out of either images folder', async () => {
    await symlink('/etc/passwd', join(servedDir(), 'passwd.png'));
    await symlink('/etc/passwd', join(publicDir(), 'shadow.png'));
    for (const name of ['passwd.png', 'shadow.png']) {
      const response = await raw(origin, { path: `/assets/images/${name}` });
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('root:');
      expect((await raw(origin, { path: '/api/list-assets' })).json()).not.toContain(`/assets/images/${name}`);
    }
  });

  it('refuses a cross-origin upload before reading its body, even with the token', async () => {
    const crossOrigin: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of crossOrigin) {
      const response = await raw(origin, {
        method: 'POST',
        path: '/api/%75pload-asset',
        headers: { 'content-type': 'application/json', 'content-length': 40_000_000, ...authorized, ...headers },
        withholdBody: true,
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
  });
});

describe('downloads the client abandons (production)', () => {
  it('close their file at once, not when garbage is collected', async () => {
    // The attack: requests for a large file, each cut off before its body is read, held a descriptor apiece.
    await writeFile(join(servedDir(), 'abandoned.png'), Buffer.alloc(16 * 1024 * 1024, 7));
    const url = new URL(origin);
    await Promise.all(
      Array.from({ length: 40 }, () => new Promise<void>((resolve) => {
        const socket = connect(Number(url.port), url.hostname, () => socket.write(`GET /assets/images/abandoned.png HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`));
        socket.once('data', () => socket.destroy());
        socket.once('close', () => resolve());
      })),
    );
    const openOnIt = async () => {
      const fds = await readdir(`/proc/${server.pid}/fd`);
      const targets = await Promise.all(fds.map((fd) => readlink(`/proc/${server.pid}/fd/${fd}`).catch(() => '')));
      return targets.filter((target) => target.endsWith('abandoned.png')).length;
    };
    await expect.poll(openOnIt, { timeout: 5_000 }).toBe(0);
    expect(server.output()).not.toContain('on garbage collection');
  });
});

describe('the bundle file (production)', () => {
  it('lives outside the static folder and is not downloadable under any spelling', async () => {
    expect(existsSync(join(project.root, 'dist', 'client', 'page-bundles.json'))).toBe(false);
    expect(existsSync(join(project.root, 'dist', 'server', 'page-bundles.json'))).toBe(true);
    for (const path of ['/page-bundles.json', '/%70age-bundles.json', '//page-bundles.json', '/x/../page-bundles.json', '/page-bundles.json?x=1']) {
      const response = await rawFollowingSlashes(origin, { path });
      expect(response.status, path).toBe(hasDotSegment(path) ? 400 : 404);
      expect(response.text, path).not.toContain('"sections"');
    }
  });
});

describe('static files (production)', () => {
  it('allow only GET and HEAD', async () => {
    const before = await fingerprint(join(project.root, 'dist', 'client'));
    for (const path of ['/', '/about/', '/favicon.svg', '/assets/images/hero-studio.webp', '/robots.txt', '/nope']) {
      for (const method of ['PUT', 'DELETE', 'PATCH', 'TRACE', 'POST']) {
        const response = await raw(origin, { method, path, headers: { 'content-type': 'text/plain', 'content-length': 5 }, body: 'owned' });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.allow, `${method} ${path}`).toBe('GET, HEAD');
        expect(typeof response.json().error).toBe('string');
      }
      expect((await raw(origin, { method: 'HEAD', path })).status, `HEAD ${path}`).toBe(path === '/nope' ? 404 : 200);
    }
    expect(await fingerprint(join(project.root, 'dist', 'client'))).toEqual(before);
  });
});

describe('malformed requests (production)', () => {
  it('answers a malformed Host with 400', async () => {
    for (const host of MALFORMED_HOSTS) {
      const response = await raw(origin, { path: '/', headers: { host } });
      expect(response.status, host).toBe(400);
    }
  });

  it('answers an undecodable path, or one with an encoded / or \\, with 400', async () => {
    for (const path of ['/%E0%A4%A', '/assets/images/%00.svg', '/api/auth/users/x%2F..%2F..%2F..%2Flist-assets', '/editor/x%2f..%2fsign-in', '/assets%5Cimages%5Cmark.svg']) {
      expect((await raw(origin, { path })).status, path).toBe(400);
    }
  });

  it('answers an undecodable query string with a JSON 400, before the adapter answers it in plain text', async () => {
    for (const [method, path] of [['GET', '/api/list-assets?x=%zz'], ['POST', '/api/content/changes?x=%E0%A4'], ['GET', '/about/?q=%']] as const) {
      const answer = await raw(origin, { method, path });
      expect(answer.status, path).toBe(400);
      expect(answer.json(), path).toEqual({ error: expect.stringMatching(/query string/) });
    }
  });

  it('keeps no temp file of a refused or finished upload', async () => {
    for (const dir of [servedDir(), publicDir()]) expect((await readdir(dir)).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});

describe.skipIf(!chromiumAvailable())('the hostile SVG corpus in Chromium', () => {
  it('refuses every hostile SVG; no accepted SVG runs a script or sends a request, under any spelling of its URL', async () => {
    await writeFile(join(project.root, 'dist', 'client', 'canary.svg'), ACTIVE_SVG);
    await expectSvgCorpusInert(origin, (name, bytes) => upload(name, bytes), '/canary.svg');
  }, 600_000);
});
