/**
 * Production editing on git, end to end over HTTP: one build of a project copy,
 * a bare repository made by the test as the git host, and two real production
 * servers (`server/index.mjs`), A and B, each with its own working clone of it,
 * as two servers behind a load balancer would be. Users are added with the
 * real `npm run users` command.
 */
import { existsSync } from 'node:fs';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git, makeBareRemote, type BareRemote } from '../helpers/git-remote';
import { raw } from '../helpers/http';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { buildProject, startProdServer, type RunningServer } from '../helpers/servers';
import { addUser, signIn, type Session } from '../helpers/sessions';
import { editorState, postWebhook, retitled, WEBHOOK_SECRET } from '../helpers/editing';

const SESSION_SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const PASSWORD = 'correct horse battery staple';

let project: ProjectCopy;
let remote: BareRemote;
let usersFile: string;
const servers: Record<string, RunningServer> = {};

const cloneOf = (name: string) => join(remote.scratch, `clone-${name}`);

function start(name: string, env: Record<string, string> = {}) {
  return startProdServer(project, {
    CONTENT_BACKEND: 'git',
    CONTENT_GIT_REMOTE: remote.path,
    CONTENT_GIT_DIR: cloneOf(name),
    CONTENT_GIT_POLL_SECONDS: '0',
    CONTENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SESSION_SECRET,
    EDITOR_USERS_FILE: usersFile,
    EDITOR_AUDIT_LOG: join(remote.scratch, `audit-${name}.log`),
    ...env,
  });
}

beforeAll(async () => {
  project = await copyProject('editing-prod');
  await buildProject(project);
  remote = await makeBareRemote(project.root);
  usersFile = join(remote.scratch, 'users.json');
  await addUser(project, usersFile, 'alice', 'editor', PASSWORD);
  await addUser(project, usersFile, 'bob', 'editor', PASSWORD);
  servers.a = await start('a');
  servers.b = await start('b', { CONTENT_GIT_POLL_SECONDS: '1' });
});

afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server.stop()));
  await remote?.remove();
  await project?.remove();
});

const state = editorState;
const retitle = retitled;

const titleOn = async (session: Session, file: string) => (await state(session)).docs.find((doc) => doc.file === file)!.data.meta.title;
const titleInRemote = async (file: string) => JSON.parse((await remote.read(`src/data/${file}`))!).meta.title;

const webhook = postWebhook;

describe('every save is a commit', () => {
  it('makes exactly one commit in the remote, authored by the user, with every file of the changeset and nothing else', async () => {
    const alice = await signIn(servers.a!, 'alice', PASSWORD);
    const before = await remote.commits();
    const response = await alice.post('/api/content/changes', {
      message: 'hero title',
      changes: [await retitle(alice, 'pages/home.json', 'Home by Alice'), await retitle(alice, 'pages/about.json', 'About by Alice')],
    });
    expect(response.status, response.text).toBe(200);
    const after = await remote.commits();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ sha: response.json().commit, author: 'alice <alice@users.content-site.invalid>', subject: 'Edit home, about: hero title' });
    expect((await remote.filesOf(after[0]!.sha)).sort()).toEqual(['src/data/pages/about.json', 'src/data/pages/home.json']);
    expect(await titleInRemote('pages/home.json')).toBe('Home by Alice');
    const audit = (await readFile(join(remote.scratch, 'audit-a.log'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    expect(audit.find((entry) => entry.event === 'changeset')).toMatchObject({ user: 'alice', commit: after[0]!.sha, files: ['pages/home.json', 'pages/about.json'] });
  });

  it('commits an image uploaded with a session on its own', async () => {
    const alice = await signIn(servers.a!, 'alice', PASSWORD);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="#123456"/></svg>';
    const response = await alice.post('/api/upload-asset', { filename: 'editor-mark.svg', data: Buffer.from(svg).toString('base64') });
    expect(response.status, response.text).toBe(200);
    const [latest] = await remote.commits();
    expect(latest).toMatchObject({ author: 'alice <alice@users.content-site.invalid>', subject: 'Add image editor-mark.svg' });
    expect(await remote.filesOf(latest!.sha)).toEqual(['public/assets/images/editor-mark.svg']);
    expect((await raw(servers.a!.origin, { path: '/assets/images/editor-mark.svg' })).text).toBe(svg);
  });
});

describe('two servers sharing one repository', () => {
  it('shows B an edit made on A once B syncs (webhook)', async () => {
    const [alice, bob] = [await signIn(servers.a!, 'alice', PASSWORD), await signIn(servers.b!, 'bob', PASSWORD)];
    expect((await alice.post('/api/content/changes', { changes: [await retitle(alice, 'pages/about.json', 'About, seen by B')] })).status).toBe(200);
    const synced = await webhook(servers.b!);
    expect(synced.status, synced.text).toBe(200);
    expect(await titleOn(bob, 'pages/about.json')).toBe('About, seen by B');
  });

  it('refuses a webhook without the right signature', async () => {
    const forged = await raw(servers.b!.origin, { method: 'POST', path: '/api/content/sync', headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00', 'content-length': 2 }, body: '{}' });
    expect(forged.status).toBe(401);
  });

  it('refuses a webhook with no proof, or a wrong GitLab token, before reading its body; a right token needs none', async () => {
    // A hostile review: the webhook read up to 5 MiB of anyone's body before checking anything.
    // The bodies below are declared and never sent: an answer proves none was waited for.
    const withheld = (headers: Record<string, string>) =>
      raw(servers.b!.origin, { method: 'POST', path: '/api/content/sync', headers: { 'content-type': 'application/json', 'content-length': String(4 * 1024 * 1024), ...headers }, withholdBody: true });
    expect((await withheld({})).status).toBe(401);
    expect((await withheld({ 'x-gitlab-token': 'not-the-secret' })).status).toBe(401);
    const gitlab = await withheld({ 'x-gitlab-token': WEBHOOK_SECRET });
    expect(gitlab.status, gitlab.text).toBe(200);
  });

  it('picks up a developer push by polling', async () => {
    const bob = await signIn(servers.b!, 'bob', PASSWORD);
    await remote.pushAsDeveloper('Retitle about by hand', async (worktree) => {
      const path = join(worktree, 'src/data/pages/about.json');
      const page = JSON.parse(await readFile(path, 'utf8'));
      await writeFile(path, `${JSON.stringify({ ...page, meta: { ...page.meta, title: 'About, pushed by a developer' } }, null, 2)}\n`);
    });
    await expect.poll(() => titleOn(bob, 'pages/about.json'), { timeout: 15_000, interval: 500 }).toBe('About, pushed by a developer');
  });

  it('of the same file edited on A and B from one base, answers one 200 and one 409, and loses no update', async () => {
    await webhook(servers.a!);
    const [alice, bob] = [await signIn(servers.a!, 'alice', PASSWORD), await signIn(servers.b!, 'bob', PASSWORD)];
    const [fromA, fromB] = [await retitle(alice, 'pages/home.json', 'Home, by A'), await retitle(bob, 'pages/home.json', 'Home, by B')];
    expect(fromA.baseVersion).toBe(fromB.baseVersion);
    const before = (await remote.commits()).length;
    const answers = await Promise.all([alice.post('/api/content/changes', { changes: [fromA] }), bob.post('/api/content/changes', { changes: [fromB] })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers[0]!.status === 200 ? 'Home, by A' : 'Home, by B';
    expect(await remote.commits()).toHaveLength(before + 1);
    expect(await titleInRemote('pages/home.json')).toBe(winner);
    // The loser's server stands exactly where the remote is: the winner's title, with its version, ready to reload.
    const loser = answers[0]!.status === 200 ? bob : alice;
    expect(await titleOn(loser, 'pages/home.json')).toBe(winner);
    const conflict = answers.find((answer) => answer.status === 409)!.json();
    expect(conflict.conflicts[0].file).toBe('pages/home.json');
  });

  it('publishes the developer commits a refused save took in: no webhook announces them, the clone being at the remote\'s head', async () => {
    await webhook(servers.a!);
    const alice = await signIn(servers.a!, 'alice', PASSWORD);
    const stale = await retitle(alice, 'pages/features.json', 'Features, by Alice');
    await remote.pushAsDeveloper('Retitle features by hand', async (worktree) => {
      const path = join(worktree, 'src/data/pages/features.json');
      const page = JSON.parse(await readFile(path, 'utf8'));
      await writeFile(path, `${JSON.stringify({ ...page, meta: { ...page.meta, title: 'Features, pushed by a developer' } }, null, 2)}\n`);
    });
    expect((await alice.post('/api/content/changes', { changes: [stale] })).status).toBe(409);
    const live = async () => (await raw(servers.a!.origin, { path: '/api/public-page/features' })).json().meta.title;
    await expect.poll(live, { timeout: 15_000, interval: 250 }).toBe('Features, pushed by a developer');
  });

  it('lands edits of different files made at once on A and B, as two commits', async () => {
    await Promise.all([webhook(servers.a!), webhook(servers.b!)]);
    const [alice, bob] = [await signIn(servers.a!, 'alice', PASSWORD), await signIn(servers.b!, 'bob', PASSWORD)];
    const before = (await remote.commits()).length;
    const answers = await Promise.all([
      alice.post('/api/content/changes', { changes: [await retitle(alice, 'pages/about.json', 'About, at once')] }),
      bob.post('/api/content/changes', { changes: [await retitle(bob, 'pages/home.json', 'Home, at once')] }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const commits = await remote.commits();
    expect(commits).toHaveLength(before + 2);
    expect(commits.slice(0, 2).map((commit) => commit.author.split(' ')[0]).sort()).toEqual(['alice', 'bob']);
    expect(await titleInRemote('pages/about.json')).toBe('About, at once');
    expect(await titleInRemote('pages/home.json')).toBe('Home, at once');
  });
});

describe('a server killed while it commits', () => {
  // Git's own hooks hold the server inside `git commit` (pre-commit: the files are written,
  // nothing is committed) and inside `git push` (pre-push: committed, not yet pushed).
  for (const hook of ['pre-commit', 'pre-push']) {
    it(`leaves no partial commit on the remote when killed in ${hook}, and the next start repairs the clone`, async () => {
      await servers.a!.stop();
      const marker = join(remote.scratch, `${hook}-reached`);
      const hookFile = join(cloneOf('a'), '.git', 'hooks', hook);
      await writeFile(hookFile, `#!/bin/sh\ntouch '${marker}'\nsleep 120\n`);
      await chmod(hookFile, 0o755);
      servers.a = await start('a');
      const alice = await signIn(servers.a, 'alice', PASSWORD);
      const before = await remote.commits();
      void alice.post('/api/content/changes', { changes: [await retitle(alice, 'pages/about.json', `Never acknowledged (${hook})`)] }).catch(() => undefined);
      await expect.poll(() => existsSync(marker), { timeout: 30_000, interval: 100 }).toBe(true);
      await servers.a.crash();
      expect(await remote.commits()).toEqual(before);

      await rm(hookFile);
      servers.a = await start('a');
      expect(await git(cloneOf('a'), 'rev-parse', 'HEAD')).toBe(before[0]!.sha);
      expect(await git(cloneOf('a'), 'status', '--porcelain')).toBe('');
      const again = await signIn(servers.a, 'alice', PASSWORD);
      expect(await titleOn(again, 'pages/about.json')).not.toContain('Never acknowledged');
      const saved = await again.post('/api/content/changes', { changes: [await retitle(again, 'pages/about.json', `Saved after a ${hook} crash`)] });
      expect(saved.status, saved.text).toBe(200);
      expect(await titleInRemote('pages/about.json')).toBe(`Saved after a ${hook} crash`);
    });
  }
});

describe('on the site\'s real host name', () => {
  // Behind a proxy the Host is the site's domain, never a loopback address: the editor's writes
  // must be judged by origin and session alone.
  const HOST = 'editor.example.test';

  it('previews an unsaved draft with the site\'s own views, for a signed-in user only', async () => {
    const alice = await signIn(servers.a!, 'alice', PASSWORD, HOST);
    const about = (await state(alice)).docs.find((doc) => doc.file === 'pages/about.json')!;
    const draft = { ...about.data, meta: { ...about.data.meta, title: 'A draft nobody saved' } };
    const preview = await alice.post('/api/editor/preview', { slug: 'about', files: { 'pages/about.json': draft } });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.headers['content-type']).toMatch(/^text\/html/);
    expect(preview.text).toContain('<title>A draft nobody saved');
    expect(preview.text).toContain('data-section-id="about-hero"');
    const anonymous = await raw(servers.a!.origin, { method: 'POST', path: '/api/editor/preview', headers: { host: HOST, origin: `https://${HOST}`, 'content-type': 'application/json', 'content-length': 2 }, body: '{}' });
    expect(anonymous.status).toBe(401);
    expect(await titleInRemote('pages/about.json')).not.toBe('A draft nobody saved');
  });

  it('previews unsaved site words in every view, never another preview’s: the section cache, keyed without them, once served them across', async () => {
    const alice = await signIn(servers.a!, 'alice', PASSWORD, HOST);
    const site = (await state(alice)).docs.find((doc) => doc.file === 'shared/site.json')!.data;
    const previewWith = async (menu: string) => {
      const preview = await alice.post('/api/editor/preview', { slug: 'about', files: { 'shared/site.json': { ...site, labels: { mainMenu: menu } } } });
      expect(preview.status, preview.text).toBe(200);
      return preview.text.match(/<nav class="nav"[^>]*aria-label="([^"]*)"/)?.[1];
    };
    // Each twice: the cache keeps a view from its second render.
    for (const menu of ['Hauptmenü', 'Hauptmenü', 'Menu principal', 'Menu principal', 'Hauptmenü']) expect(await previewWith(menu)).toBe(menu);
  });

  it('saves, and refuses the same save from another origin (403)', async () => {
    const alice = await signIn(servers.a!, 'alice', PASSWORD, HOST);
    const put = await retitle(alice, 'pages/about.json', 'About, saved through the real host');
    const forged = await raw(servers.a!.origin, {
      method: 'POST',
      path: '/api/content/changes',
      headers: { host: HOST, origin: 'https://evil.example', cookie: alice.cookie, 'content-type': 'application/json', 'content-length': 2 },
      body: '{}',
    });
    expect(forged.status).toBe(403);
    const saved = await alice.post('/api/content/changes', { changes: [put] });
    expect(saved.status, saved.text).toBe(200);
    expect(await titleInRemote('pages/about.json')).toBe('About, saved through the real host');
  });
});

describe('production save paths', () => {
  it('keeps POST /api/save-to-file inactive (404)', async () => {
    const alice = await signIn(servers.a!, 'alice', PASSWORD);
    const response = await alice.post('/api/save-to-file', { projectState: { pages: {} }, slug: 'home' });
    expect(response.status).toBe(404);
    expect(typeof response.json().error).toBe('string');
  });

  it('refuses an editor a change to the shared header (403), and commits nothing', async () => {
    const alice = await signIn(servers.a!, 'alice', PASSWORD);
    const header = (await state(alice)).docs.find((doc) => doc.file === 'shared/header.json')!;
    const before = (await remote.commits()).length;
    const response = await alice.post('/api/content/changes', { changes: [{ op: 'put', file: header.file, content: header.data, baseVersion: header.version }] });
    expect(response.status).toBe(403);
    expect(await remote.commits()).toHaveLength(before);
  });
});
