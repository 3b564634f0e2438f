/**
 * The git backend with no remote (a repository on the server's own disk) against real git,
 * where a developer works in the same repository: their git commands hold its lock for a
 * moment, they may check out a commit, and a crash may leave a temp file behind.
 */
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/config.mjs';
import { prepareContentRepository } from '../../server/git-content.mjs';
import { createFsSnapshotLoader } from '../../src/engine/fs-snapshot';
import { createContentStore, type ContentStore } from '../../src/server/store/content-store';
import { createGitBackend } from '../../src/server/store/git-backend';
import { git, makeBareRemote, type BareRemote } from '../helpers/git-remote';
import { ALICE } from '../helpers/git-store';
import { PROJECT_ROOT } from '../helpers/project-copy';
import { textVersion } from '../../src/server/store/fs-backend';

let remote: BareRemote;
let clones = 0;

beforeAll(async () => {
  remote = await makeBareRemote(PROJECT_ROOT);
});

afterAll(async () => {
  await remote?.remove();
});

/** A repository with the site's content and no remote, readied as a server would; `before` runs first. */
async function localStore(before?: (dir: string) => Promise<void>) {
  const dir = join(remote.scratch, `local-${(clones += 1)}`);
  await git(remote.scratch, 'clone', '-q', remote.path, dir);
  await git(dir, 'remote', 'remove', 'origin');
  await before?.(dir);
  const { git: config } = readServerConfig({ CONTENT_BACKEND: 'git', CONTENT_GIT_DIR: dir }, remote.scratch);
  await prepareContentRepository(config);
  const load = createFsSnapshotLoader(join(dir, 'src', 'data'));
  const store: ContentStore = createContentStore(createGitBackend(config, async () => (await load()).snapshot), `git-local-${clones}`);
  const path = (file: string) => join(dir, 'src', 'data', file);
  const retitle = async (file: string, title: string) => {
    const content = JSON.parse(await readFile(path(file), 'utf8'));
    content.meta.title = title;
    return store.apply({ changes: [{ op: 'put', file, content, baseVersion: textVersion(await readFile(path(file))) }] }, ALICE);
  };
  return { dir, store, retitle, title: async (file: string) => JSON.parse(await readFile(path(file), 'utf8')).meta.title };
}

describe('the git backend without a remote', () => {
  it('refuses a save (503) while another git process holds the lock, and leaves the file and the index as HEAD has them', async () => {
    const local = await localStore();
    const title = await local.title('pages/about.json');
    await writeFile(join(local.dir, '.git', 'index.lock'), '');
    await expect(local.retitle('pages/about.json', 'Refused while locked')).rejects.toMatchObject({ status: 503 });
    expect(await local.title('pages/about.json')).toBe(title);
    await rm(join(local.dir, '.git', 'index.lock'));
    expect(await git(local.dir, 'status', '--porcelain')).toBe('');
    await local.retitle('pages/home.json', 'Home after the lock');
    expect(await git(local.dir, 'status', '--porcelain')).toBe('');
    expect(await git(local.dir, 'log', '-1', '--format=%s')).toMatch(/^Edit home/);
  });

  it('refuses a save (503) on a detached HEAD, which would commit on no branch, and saves again once the branch is checked out', async () => {
    const local = await localStore();
    await git(local.dir, 'checkout', '-q', '--detach');
    await expect(local.retitle('pages/about.json', 'On no branch')).rejects.toMatchObject({ status: 503, message: expect.stringMatching(/^The content repository is on no branch/) });
    expect(await git(local.dir, 'status', '--porcelain')).toBe('');
    await git(local.dir, 'checkout', '-q', 'main');
    await local.retitle('pages/about.json', 'On main');
    expect(JSON.parse(await git(local.dir, 'show', 'main:src/data/pages/about.json')).meta.title).toBe('On main');
  });

  it('removes, when it starts, the temp files of writes a crash cut short', async () => {
    const local = await localStore(async (dir) => {
      await writeFile(join(dir, 'src', 'data', 'pages', '.tmp-about.json.4242.0a1b2c'), '{"half":');
      await writeFile(join(dir, 'public', 'assets', 'images', '.tmp-photo.png.4242.0d1e2f'), 'half');
    });
    expect((await readdir(join(local.dir, 'src', 'data', 'pages'))).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
    expect((await readdir(join(local.dir, 'public', 'assets', 'images'))).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
    expect(await git(local.dir, 'status', '--porcelain')).toBe('');
  });

  /** A developer's work in progress: about.json edited (not staged), pricing.json edited and staged. */
  async function developerWorkInProgress(dir: string) {
    const edit = async (name: string, description: string) => {
      const file = join(dir, 'src', 'data', 'pages', `${name}.json`);
      const page = JSON.parse(await readFile(file, 'utf8'));
      page.meta.description = description;
      await writeFile(file, `${JSON.stringify(page, null, 2)}\n`);
    };
    await edit('about', 'Not committed by the developer');
    await edit('pricing', 'Staged by the developer');
    await git(dir, 'add', 'src/data/pages/pricing.json');
    return async () => ({
      unstaged: await git(dir, 'diff', '--name-only'),
      staged: await git(dir, 'diff', '--cached', '--name-only'),
      about: JSON.parse(await readFile(join(dir, 'src', 'data', 'pages', 'about.json'), 'utf8')).meta.description,
      stagedPricing: JSON.parse(await git(dir, 'show', ':src/data/pages/pricing.json')).meta.description,
    });
  }
  const WORK_IN_PROGRESS = { unstaged: 'src/data/pages/about.json', staged: 'src/data/pages/pricing.json', about: 'Not committed by the developer', stagedPricing: 'Staged by the developer' };

  it('leaves a developer’s uncommitted and staged changes as they were when a save fails in git (a hook refuses the commit)', async () => {
    const local = await localStore();
    const workInProgress = await developerWorkInProgress(local.dir);
    await writeFile(join(local.dir, '.git', 'hooks', 'pre-commit'), '#!/bin/sh\necho "refused by a hook" >&2\nexit 1\n', { mode: 0o755 });
    await expect(local.retitle('pages/about.json', 'Refused by the hook')).rejects.toThrow(/refused by a hook/);
    await expect(local.retitle('pages/pricing.json', 'Refused by the hook')).rejects.toThrow(/refused by a hook/);
    // They used to be put back as HEAD has them: the developer's edits were gone.
    expect(await workInProgress()).toEqual(WORK_IN_PROGRESS);
  });

  it('refuses a save a hook refuses in silence (exit 1, nothing on stderr), which simple-git took for a commit', async () => {
    const local = await localStore();
    const workInProgress = await developerWorkInProgress(local.dir);
    const head = await git(local.dir, 'rev-parse', 'HEAD');
    await writeFile(join(local.dir, '.git', 'hooks', 'pre-commit'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    // It used to answer with HEAD as the save's commit, and leave the change staged, uncommitted.
    await expect(local.retitle('pages/home.json', 'Refused in silence')).rejects.toThrow(/hook .* refused it without saying why/);
    expect(await git(local.dir, 'rev-parse', 'HEAD')).toBe(head);
    expect(await local.title('pages/home.json')).not.toBe('Refused in silence');
    expect(await workInProgress()).toEqual(WORK_IN_PROGRESS);
  });

  it('finds the newest version of a file its history recorded readable, and none past a delete', async () => {
    const local = await localStore();
    const file = join(local.dir, 'src', 'data', 'collections', 'posts', 'history-probe.json');
    const commit = async (text: string, message: string) => {
      await writeFile(file, text);
      await git(local.dir, 'add', '-A');
      await git(local.dir, 'commit', '-qm', message);
    };
    const readable = () => local.store.committedReadable!('collections/posts/history-probe.json');
    expect(await readable()).toBeUndefined();
    await commit('{"title":"first"}', 'first');
    await commit('{"title":"unpublished","status":"draft"}', 'unpublish');
    await commit('<<<<<<< HEAD\n{"title":"ours"}\n=======\n', 'pushed broken');
    expect(await readable()).toEqual({ title: 'unpublished', status: 'draft' });
    await git(local.dir, 'rm', '-q', file);
    await git(local.dir, 'commit', '-qm', 'deleted');
    await commit('not json either', 'made again, broken');
    expect(await readable()).toBeUndefined();
  });

  it('leaves them as they were when git’s lock refuses a save, also once the next save has mended what it could not', async () => {
    const local = await localStore();
    const workInProgress = await developerWorkInProgress(local.dir);
    await writeFile(join(local.dir, '.git', 'index.lock'), '');
    await expect(local.retitle('pages/about.json', 'Refused while locked')).rejects.toMatchObject({ status: 503 });
    await rm(join(local.dir, '.git', 'index.lock'));
    expect(await workInProgress()).toEqual(WORK_IN_PROGRESS);
    await local.retitle('pages/home.json', 'Home after the lock');
    expect(await workInProgress()).toEqual(WORK_IN_PROGRESS);
  });

  it('refuses a save (503) while a pull waits for its conflict to be resolved, and touches none of the merge’s files', async () => {
    const local = await localStore();
    const page = (name: string) => join(local.dir, 'src', 'data', 'pages', `${name}.json`);
    const describe = async (name: string, description: string) => {
      const content = JSON.parse(await readFile(page(name), 'utf8'));
      content.meta.description = description;
      await writeFile(page(name), `${JSON.stringify(content, null, 2)}\n`);
    };
    // The developer's branch changes about and pricing; the server's branch changes about meanwhile.
    await git(local.dir, 'checkout', '-q', '-b', 'developer');
    await describe('about', 'About, by the developer');
    await describe('pricing', 'Pricing, by the developer');
    await git(local.dir, '-c', 'user.name=Dev', '-c', 'user.email=dev@example.test', 'commit', '-qam', 'Developer edits');
    await git(local.dir, 'checkout', '-q', 'main');
    await local.retitle('pages/about.json', 'About, by an editor');
    await describe('about', 'About, by an editor');
    await local.retitle('pages/about.json', 'About, by an editor again');
    await git(local.dir, 'merge', '-q', 'developer').catch(() => undefined);
    const merging = async () => ({ status: await git(local.dir, 'status', '--porcelain'), pricing: await readFile(page('pricing'), 'utf8'), staged: await git(local.dir, 'show', ':src/data/pages/pricing.json') });
    const before = await merging();
    expect(before.status).toMatch(/^UU src\/data\/pages\/about\.json$/m);
    expect(before.staged).toContain('Pricing, by the developer');
    await expect(local.retitle('pages/pricing.json', 'Pricing, by an editor')).rejects.toMatchObject({ status: 503, message: expect.stringMatching(/in the middle of a merge/) });
    // git would have refused the commit ("cannot do a partial commit during a merge"), and the pricing merged in used to be put back as HEAD has it.
    expect(await merging()).toEqual(before);
  });
});

