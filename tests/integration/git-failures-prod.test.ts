/**
 * When git itself fails under a production server on the git backend: a lock another git process
 * holds (.git/index.lock), and a remote that is down when the server starts. A refused save must
 * change nothing: not the files, not what visitors get, not what the editor reads; a save
 * acknowledged must be in the remote. Replays a hostile review's steps over HTTP.
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorState, retitled } from '../helpers/editing';
import { git, makeBareRemote, type BareRemote } from '../helpers/git-remote';
import { raw } from '../helpers/http';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { buildProject, startProdServer, type RunningServer } from '../helpers/servers';
import { addUser, signIn, type Session } from '../helpers/sessions';

const SESSION_SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const PASSWORD = 'correct horse battery staple';

let project: ProjectCopy;
let remote: BareRemote;
let server: RunningServer;
let alice: Session;

const clone = () => join(remote.scratch, 'clone');
const indexLock = () => join(clone(), '.git', 'index.lock');

const start = () =>
  startProdServer(project, {
    CONTENT_BACKEND: 'git',
    CONTENT_GIT_REMOTE: remote.path,
    CONTENT_GIT_DIR: clone(),
    CONTENT_GIT_POLL_SECONDS: '0',
    SESSION_SECRET,
    EDITOR_USERS_FILE: join(remote.scratch, 'users.json'),
    EDITOR_AUDIT_LOG: join(remote.scratch, 'audit.log'),
  });

beforeAll(async () => {
  project = await copyProject('git-failures-prod');
  await buildProject(project);
  remote = await makeBareRemote(project.root);
  await addUser(project, join(remote.scratch, 'users.json'), 'alice', 'editor', PASSWORD);
  server = await start();
  alice = await signIn(server, 'alice', PASSWORD);
});

afterAll(async () => {
  await server?.stop();
  await remote?.remove();
  await project?.remove();
});

const titleInRemote = async (file: string) => JSON.parse((await remote.read(`src/data/${file}`))!).meta.title;
const titleForEditor = async (file: string) => (await editorState(alice)).docs.find((doc) => doc.file === file)!.data.meta.title;
const save = async (file: string, title: string) => alice.post('/api/content/changes', { changes: [await retitled(alice, file, title)] });
const png = (background: string) => sharp({ create: { width: 24, height: 16, channels: 3, background } }).png().toBuffer();

describe('a git lock another process holds', () => {
  it('for a moment (a developer\'s git status): the save waits for it and lands', async () => {
    await writeFile(indexLock(), '');
    setTimeout(() => void rm(indexLock(), { force: true }), 400);
    const saved = await save('pages/about.json', 'Saved past a passing lock');
    expect(saved.status, saved.text).toBe(200);
    expect(await titleInRemote('pages/about.json')).toBe('Saved past a passing lock');
  });

  it('that stays: the save is refused with 503, and nothing of it is on disk, live, or read by the editor, even after the next save', async () => {
    const before = await remote.commits();
    await writeFile(indexLock(), '');
    try {
      const refused = await save('pages/about.json', 'Refused while locked');
      expect(refused.status, refused.text).toBe(503);
      expect(refused.json()).toEqual({ error: expect.stringContaining('Another git process holds the content repository\'s lock (.git/index.lock), so nothing was saved') });
      expect(await titleForEditor('pages/about.json')).toBe('Saved past a passing lock');
    } finally {
      await rm(indexLock(), { force: true });
    }
    const next = await save('pages/home.json', 'Home, after the lock went');
    expect(next.status, next.text).toBe(200);
    expect(await remote.commits()).toHaveLength(before.length + 1);
    expect(await git(clone(), 'status', '--porcelain')).toBe('');
    for (const path of ['/api/public-page/about', '/about/']) expect((await raw(server.origin, { path })).text).not.toContain('Refused while locked');
    expect(await titleForEditor('pages/about.json')).toBe('Saved past a passing lock');
    expect(await titleInRemote('pages/about.json')).toBe('Saved past a passing lock');
  });

  it('that stays: an upload is refused and not kept, so trying it again later commits it instead of calling it there already', async () => {
    const data = (await png('#2a9d8f')).toString('base64');
    await writeFile(indexLock(), '');
    try {
      const refused = await alice.post('/api/upload-asset', { filename: 'locked-out.png', data });
      expect(refused.status, refused.text).toBe(503);
      expect((await raw(server.origin, { path: '/assets/images/locked-out.png' })).status).toBe(404);
    } finally {
      await rm(indexLock(), { force: true });
    }
    const again = await alice.post('/api/upload-asset', { filename: 'locked-out.png', data });
    expect(again.status, again.text).toBe(200);
    expect(await remote.read('public/assets/images/locked-out.png')).toBeDefined();
    expect(await git(clone(), 'status', '--porcelain')).toBe('');
  });
});

describe('a remote that is down when the server starts', () => {
  it('starts from the clone as last fetched: visitors are served, saves are refused (503) until the remote answers', async () => {
    await server.stop();
    const away = `${remote.path}-away`;
    await rename(remote.path, away);
    try {
      server = await start();
      expect((await raw(server.origin, { path: '/about/' })).status).toBe(200);
      alice = await signIn(server, 'alice', PASSWORD);
      const refused = await save('pages/about.json', 'While the remote was down');
      expect(refused.status, refused.text).toBe(503);
      expect(refused.json().error).toMatch(/^The content repository cannot be reached, so nothing was saved/);
      expect(await git(clone(), 'status', '--porcelain')).toBe('');
    } finally {
      await rename(away, remote.path);
    }
    const saved = await save('pages/about.json', 'Once the remote was back');
    expect(saved.status, saved.text).toBe(200);
    expect(await titleInRemote('pages/about.json')).toBe('Once the remote was back');
  });
});
