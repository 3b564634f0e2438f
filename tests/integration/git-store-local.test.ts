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
});
