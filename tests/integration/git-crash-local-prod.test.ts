/**
 * A production server on git without a remote (the repository a developer works in), killed in
 * the middle of a save: git's own hooks hold it inside `git commit`, before the commit is made
 * (pre-commit) and after (post-commit), and the server and every process under it are killed
 * (`kill -9`). The next start must leave the developer's uncommitted and staged work as it was
 * when the change was not committed, and the change's files as committed when it was.
 */
import { existsSync } from 'node:fs';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git, makeBareRemote, type BareRemote } from '../helpers/git-remote';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { buildProject, startProdServer, type RunningServer } from '../helpers/servers';
import { addUser, signIn } from '../helpers/sessions';
import { retitled } from '../helpers/editing';

const PASSWORD = 'correct horse battery staple';

let project: ProjectCopy;
let remote: BareRemote;
let usersFile: string;
let server: RunningServer | undefined;
let repositories = 0;

beforeAll(async () => {
  project = await copyProject('git-crash-local');
  await buildProject(project);
  // Only the source of each repository's first commit: the servers below have no remote.
  remote = await makeBareRemote(project.root);
  usersFile = join(remote.scratch, 'users.json');
  await addUser(project, usersFile, 'alice', 'editor', PASSWORD);
});

afterAll(async () => {
  await server?.stop();
  await remote?.remove();
  await project?.remove();
});

/** A repository with the site's content and no remote, where a developer left about.json edited and pricing.json edited and staged. */
async function developersRepository() {
  const dir = join(remote.scratch, `local-${(repositories += 1)}`);
  await git(remote.scratch, 'clone', '-q', remote.path, dir);
  await git(dir, 'remote', 'remove', 'origin');
  const page = (name: string) => join(dir, 'src', 'data', 'pages', `${name}.json`);
  for (const [name, description] of [['about', 'Not committed by the developer'], ['pricing', 'Staged by the developer']] as const) {
    const content = JSON.parse(await readFile(page(name), 'utf8'));
    content.meta.description = description;
    await writeFile(page(name), `${JSON.stringify(content, null, 2)}\n`);
  }
  await git(dir, 'add', 'src/data/pages/pricing.json');
  const state = async () => ({
    unstaged: await git(dir, 'diff', '--name-only'),
    staged: await git(dir, 'diff', '--cached', '--name-only'),
    about: JSON.parse(await readFile(page('about'), 'utf8')).meta,
    stagedPricing: JSON.parse(await git(dir, 'show', ':src/data/pages/pricing.json')).meta.description,
  });
  return { dir, state, head: () => git(dir, 'rev-parse', 'HEAD') };
}

const start = (dir: string) =>
  startProdServer(project, {
    CONTENT_BACKEND: 'git',
    CONTENT_GIT_DIR: dir,
    SESSION_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
    EDITOR_USERS_FILE: usersFile,
    EDITOR_AUDIT_LOG: join(remote.scratch, 'audit.log'),
  });

/** Starts a server on `dir` with `hook` holding it, sends a save of about and pricing, and kills the server once the hook runs. */
async function crashInHook(dir: string, hook: string, title: string) {
  const marker = join(remote.scratch, `${hook}-${repositories}-reached`);
  const hookFile = join(dir, '.git', 'hooks', hook);
  await writeFile(hookFile, `#!/bin/sh\ntouch '${marker}'\nsleep 120\n`);
  await chmod(hookFile, 0o755);
  server = await start(dir);
  const alice = await signIn(server, 'alice', PASSWORD);
  const changes = [await retitled(alice, 'pages/about.json', title), await retitled(alice, 'pages/pricing.json', title)];
  void alice.post('/api/content/changes', { changes }).catch(() => undefined);
  await expect.poll(() => existsSync(marker), { timeout: 30_000, interval: 100 }).toBe(true);
  await server.crash();
  server = undefined;
  await rm(hookFile);
}

describe('a server without a remote killed while it commits', () => {
  it('puts back, at its next start, the developer’s uncommitted and staged work the change had written over, when it was not committed', async () => {
    const repository = await developersRepository();
    const [before, head] = [await repository.state(), await repository.head()];
    expect(before).toMatchObject({ unstaged: 'src/data/pages/about.json', staged: 'src/data/pages/pricing.json', stagedPricing: 'Staged by the developer' });

    await crashInHook(repository.dir, 'pre-commit', 'Never committed');
    // The killed save's files are on disk, staged: what a crash leaves.
    expect((await repository.state()).about.title).toBe('Never committed');

    server = await start(repository.dir);
    expect(await repository.head()).toBe(head);
    // They used to be put back as HEAD has them: the developer's edits were gone.
    expect(await repository.state()).toEqual(before);
    const alice = await signIn(server, 'alice', PASSWORD);
    const saved = await alice.post('/api/content/changes', { changes: [await retitled(alice, 'pages/home.json', 'Saved after the crash')] });
    expect(saved.status, saved.text).toBe(200);
    expect(await repository.state()).toEqual(before);
    await server.stop();
    server = undefined;
  });

  it('keeps the change as committed when the crash came after its commit', async () => {
    const repository = await developersRepository();
    const head = await repository.head();
    await crashInHook(repository.dir, 'post-commit', 'Committed before the crash');

    server = await start(repository.dir);
    expect(await git(repository.dir, 'rev-parse', 'HEAD~1')).toBe(head);
    expect(JSON.parse(await git(repository.dir, 'show', 'HEAD:src/data/pages/about.json')).meta.title).toBe('Committed before the crash');
    // The commit holds the files as the save wrote them (the developer's descriptions it was based on), and the tree agrees.
    expect(await git(repository.dir, 'status', '--porcelain')).toBe('');
    expect((await repository.state()).about).toMatchObject({ title: 'Committed before the crash', description: 'Not committed by the developer' });
    await server.stop();
    server = undefined;
  });
});
