/**
 * A photo's location never reaches the site nor its git history, on the real production server on
 * git (a build of a project copy, a bare repository made by the test as the host): an upload that
 * records a GPS position is committed, pushed and served without it; any other is committed byte
 * for byte; the same photo again is 200 and no new commit.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factsOf, largestPixelDifference, phonePhoto, STORED_HEIGHT, STORED_WIDTH } from '../helpers/gps-photos';
import { startGitSite, type GitSite } from '../helpers/git-site';
import { postJson, raw } from '../helpers/http';
import { signIn, type Session } from '../helpers/sessions';
import { b64 } from './fixtures';

const PASSWORD = 'correct horse battery staple';
const TOKEN = 'a-tool-token-for-uploads-only-1234';
const IMAGES = 'public/assets/images';

let site: GitSite;
let ada: Session;

beforeAll(async () => {
  site = await startGitSite('upload-location-prod', { name: 'ada', role: 'editor', password: PASSWORD }, { CONTENT_API_TOKEN: TOKEN });
  ada = await signIn(site.server, 'ada', PASSWORD);
});

afterAll(async () => {
  await site?.remove();
});

/** A file's bytes as a commit holds it (`git show <commit>:<path>`), in the host's repository or the server's clone. */
async function committed(repository: string, commit: string, path: string): Promise<Buffer> {
  const { stdout } = await promisify(execFile)('git', ['show', `${commit}:${path}`], { cwd: repository, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

const clone = () => join(site.remote.scratch, 'clone');

describe('uploads on the production server, on git', () => {
  it("a signed-in editor's GPS photo: committed, pushed and served without its position, the same way up, with its colour profile", async () => {
    const photo = await phonePhoto('jpeg');
    const sent = await factsOf(photo);
    const before = await site.remote.commits();
    const response = await ada.post('/api/upload-asset', { filename: 'holiday.jpg', data: b64(photo) });
    expect(response.status, response.text).toBe(200);
    expect(response.json()).toEqual({ url: '/assets/images/holiday.jpg' });
    expect(response.headers['x-location-removed']).toBe('true');

    const after = await site.remote.commits();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ subject: 'Add image holiday.jpg', author: 'ada <ada@users.content-site.invalid>' });
    const pushed = await committed(site.remote.path, 'main', `${IMAGES}/holiday.jpg`);
    const inClone = await committed(clone(), 'HEAD', `${IMAGES}/holiday.jpg`);
    const served = await raw(site.server.origin, { path: '/assets/images/holiday.jpg' });
    expect(served.status).toBe(200);
    expect(inClone.equals(pushed) && served.body.equals(pushed)).toBe(true);
    const kept = await factsOf(pushed);
    expect(kept).toMatchObject({ gps: false, width: STORED_HEIGHT, height: STORED_WIDTH });
    expect(kept.icc?.equals(sent.icc!)).toBe(true);

    // The audit log says so too.
    const audit = (await readFile(join(site.remote.scratch, 'audit.log'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    expect(audit.findLast((entry) => entry.event === 'upload')).toMatchObject({ user: 'ada', url: '/assets/images/holiday.jpg', locationRemoved: true });

    // The same photo again: 200, and no commit.
    const again = await ada.post('/api/upload-asset', { filename: 'holiday.jpg', data: b64(photo) });
    expect(again.status, again.text).toBe(200);
    expect(again.headers['x-location-removed']).toBe('true');
    expect(await site.remote.commits()).toEqual(after);
  });

  it("a tool's PNG with its GPS position in an eXIf chunk: committed without it, every pixel kept", async () => {
    const photo = await phonePhoto('png');
    expect((await factsOf(photo)).gps).toBe(true);
    const response = await postJson(site.server.origin, '/api/upload-asset', { filename: 'plan.png', data: b64(photo) }, { authorization: `Bearer ${TOKEN}` });
    expect(response.status, response.text).toBe(200);
    expect(response.headers['x-location-removed']).toBe('true');
    const pushed = await committed(site.remote.path, 'main', `${IMAGES}/plan.png`);
    expect(await factsOf(pushed)).toMatchObject({ gps: false, width: STORED_HEIGHT, height: STORED_WIDTH, format: 'png' });
    expect(await largestPixelDifference(photo, pushed)).toBe(0);
  });

  it('a photo without a position is committed byte for byte', async () => {
    const photo = await phonePhoto('webp', { gps: false });
    const response = await ada.post('/api/upload-asset', { filename: 'no-position.webp', data: b64(photo) });
    expect(response.status, response.text).toBe(200);
    expect(response.headers['x-location-removed']).toBeUndefined();
    expect((await committed(site.remote.path, 'main', `${IMAGES}/no-position.webp`)).equals(photo)).toBe(true);
  });
});
