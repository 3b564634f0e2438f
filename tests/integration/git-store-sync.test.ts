/**
 * The content store's git backend against real git: a bare remote made by the
 * test, and two working clones that share it, as two servers would, beside a
 * developer pushing to it. A push the remote moved past is planned again on
 * top of it (a checked rebase): refused with 409 when a file changed on both
 * sides, with 400 when only the combination is invalid, and the clone is left
 * exactly as the remote is; a force push or a content folder pushed as a
 * symbolic link is never taken in blindly. One clone's commits:
 * git-store.test.ts.
 */
import { cp, lstat, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git, makeBareRemote, type BareRemote } from '../helpers/git-remote';
import { ALICE, BOB, gitStoreServer, retitle } from '../helpers/git-store';
import { PROJECT_ROOT } from '../helpers/project-copy';

let remote: BareRemote;
const server = (name: string) => gitStoreServer(remote, name);

beforeAll(async () => {
  remote = await makeBareRemote(PROJECT_ROOT);
});

afterAll(async () => {
  await remote?.remove();
});

describe('the git content backend', () => {
  it('shows B what A committed once B syncs', async () => {
    const [a, b] = [await server('sync-a'), await server('sync-b')];
    await a.store.apply({ changes: [await retitle(a, 'pages/about.json', 'About, from A')] }, ALICE);
    expect((await b.readJson('pages/about.json')).meta.title).not.toBe('About, from A');
    expect(await b.store.sync()).toMatchObject({ changed: true });
    expect((await b.readJson('pages/about.json')).meta.title).toBe('About, from A');
  });

  it('of the same file edited on A and B from one base, lands one and refuses the other with 409, losing nothing', async () => {
    const [a, b] = [await server('same-a'), await server('same-b')];
    const [fromA, fromB] = [await retitle(a, 'pages/home.json', 'Home by A'), await retitle(b, 'pages/home.json', 'Home by B')];
    const before = (await remote.commits()).length;
    await a.store.apply({ changes: [fromA] }, ALICE);
    const refused = await b.store.apply({ changes: [fromB] }, BOB).then(() => undefined, (error) => error);
    expect(refused).toMatchObject({ status: 409 });
    expect(refused.extra.conflicts).toEqual([{ file: 'pages/home.json', currentVersion: await a.version('pages/home.json') }]);
    expect(await remote.commits()).toHaveLength(before + 1);
    expect(JSON.parse((await remote.read('src/data/pages/home.json'))!).meta.title).toBe('Home by A');
    // B's clone is exactly the remote: same commit, nothing else in its tree.
    expect(await git(b.dir, 'rev-parse', 'HEAD')).toBe((await remote.commits())[0]!.sha);
    expect(await git(b.dir, 'status', '--porcelain')).toBe('');
    expect((await b.readJson('pages/home.json')).meta.title).toBe('Home by A');
  });

  it('lands edits of different files made concurrently on A and B, as two commits', async () => {
    const [a, b] = [await server('diff-a'), await server('diff-b')];
    const before = (await remote.commits()).length;
    const [fromA, fromB] = [await retitle(a, 'pages/about.json', 'About by A'), await retitle(b, 'pages/home.json', 'Home by B')];
    await Promise.all([a.store.apply({ changes: [fromA] }, ALICE), b.store.apply({ changes: [fromB] }, BOB)]);
    const commits = await remote.commits();
    expect(commits).toHaveLength(before + 2);
    expect(commits.slice(0, 2).map((commit) => commit.author.split(' ')[0]).sort()).toEqual(['alice', 'bob']);
    expect(JSON.parse((await remote.read('src/data/pages/about.json'))!).meta.title).toBe('About by A');
    expect(JSON.parse((await remote.read('src/data/pages/home.json'))!).meta.title).toBe('Home by B');
  });

  it('rebases onto a developer push that touched other files', async () => {
    const a = await server('developer');
    await remote.pushAsDeveloper('Add a note', (worktree) => writeFile(join(worktree, 'NOTES.md'), 'Deployed by hand.\n'));
    await a.store.apply({ changes: [await retitle(a, 'pages/about.json', 'About after a developer push')] }, ALICE);
    const [mine, developers] = await remote.commits();
    expect(mine!.subject).toBe('Edit about');
    expect(developers!.subject).toBe('Add a note');
    expect(await remote.read('NOTES.md')).toBe('Deployed by hand.');
  });

  it('never pushes back commits a developer withdrew with a force push, when a save comes before the clone syncs', async () => {
    const a = await server('withdrawn');
    const before = (await remote.commits())[0]!.sha;
    await a.store.apply({ changes: [await retitle(a, 'pages/about.json', 'A secret, withdrawn')] }, ALICE);
    // The developer withdraws it: the branch is moved back (no webhook delivered yet, no poll since).
    await git(remote.path, 'update-ref', 'refs/heads/main', before);
    const { commit } = await a.store.apply({ changes: [await retitle(a, 'pages/home.json', 'Home after the withdrawal')] }, BOB);
    // The save used to fast-forward the branch over it, the withdrawn commit as its parent.
    const commits = await remote.commits();
    expect(commits[0]).toMatchObject({ sha: commit, subject: expect.stringMatching(/^Edit home/) });
    expect(commits[1]!.sha).toBe(before);
    expect(await remote.read('src/data/pages/about.json')).not.toContain('A secret, withdrawn');
    expect(await git(a.dir, 'status', '--porcelain')).toBe('');
    expect((await a.readJson('pages/about.json')).meta.title).not.toBe('A secret, withdrawn');
  });

  it('refuses a change that the commits it did not see make invalid, and leaves the clone as the remote is', async () => {
    const a = await server('combined');
    const tag = { name: 'Gardening', description: 'Growing things.', accent: '#15803d' };
    await a.store.apply({ changes: [{ op: 'put', file: 'collections/tags/gardening.json', content: tag, baseVersion: null }] }, ALICE);
    const tagVersion = await a.version('collections/tags/gardening.json');
    // Meanwhile a developer, who saw the new tag, puts it on a post; A has not synced.
    await remote.pushAsDeveloper('Tag a post as gardening', async (worktree) => {
      const path = join(worktree, 'src/data/collections/posts/editing-without-fear.json');
      const post = JSON.parse(await readFile(path, 'utf8'));
      await writeFile(path, `${JSON.stringify({ ...post, tags: [...post.tags, 'gardening'] }, null, 2)}\n`);
    });
    const before = await remote.commits();
    // On A's own copy nothing uses the tag, so deleting it looks fine; on top of the remote it is not.
    const refused = await a.store.apply({ changes: [{ op: 'delete', file: 'collections/tags/gardening.json', baseVersion: tagVersion }] }, ALICE).then(() => undefined, (error) => error);
    expect(refused).toMatchObject({ status: 400 });
    expect(JSON.stringify(refused.extra.issues)).toContain('gardening');
    expect(await remote.commits()).toEqual(before);
    expect(await git(a.dir, 'rev-parse', 'HEAD')).toBe(before[0]!.sha);
    expect(await git(a.dir, 'status', '--porcelain')).toBe('');
  });

  it("takes in a developer's push to the code beside the content (src/middleware.ts, public/favicon.svg)", async () => {
    // Regression: asked about `src` and `src/data` at once, git listed src's own files, each taken for a content folder made a file.
    const a = await server('code-beside');
    expect(await remote.read('public/favicon.svg')).toBeDefined();
    await remote.pushAsDeveloper('Touch the code', async (tree) => {
      await writeFile(join(tree, 'src', 'middleware.ts'), `${await readFile(join(tree, 'src', 'middleware.ts'), 'utf8')}\n// touched\n`);
      await writeFile(join(tree, 'public', 'favicon.svg'), await readFile(join(tree, 'public', 'favicon.svg')));
      await writeFile(join(tree, 'public', 'humans.txt'), 'The team\n');
    });
    expect(await a.store.sync()).toMatchObject({ changed: true });
    expect(await readFile(join(a.dir, 'public', 'humans.txt'), 'utf8')).toBe('The team\n');
    const { commit } = await a.store.apply({ changes: [await retitle(a, 'pages/about.json', 'About, beside the code')] }, ALICE);
    expect((await remote.commits())[0]!.sha).toBe(commit);
  });

  // Last: it moves the shared remote's branch to a tree no clone takes, then mends it.
  it('never checks out a push that makes a content folder a symbolic link: sync and saves are refused (502), and nothing is written through it', async () => {
    const a = await server('linked-folder');
    // The attack: a push that makes src/data a link to a host folder published that folder, and saves wrote into it.
    const outside = join(remote.scratch, 'host-folder');
    await mkdir(join(outside, 'pages'), { recursive: true });
    await writeFile(join(outside, 'pages', 'host-only.json'), '{"secret":"host"}');
    await remote.pushAsDeveloper('Make src/data a link', async (tree) => {
      await rm(join(tree, 'src', 'data'), { recursive: true });
      await symlink(outside, join(tree, 'src', 'data'));
    });
    await expect(a.store.sync()).rejects.toMatchObject({ status: 502, message: expect.stringContaining('makes src/data a symbolic link') });
    expect((await lstat(join(a.dir, 'src', 'data'))).isDirectory()).toBe(true);
    // A save meets the moved branch when it pushes: refused the same way, with the clone as it was.
    await expect(a.store.apply({ changes: [await retitle(a, 'pages/about.json', 'About, through a link')] }, ALICE)).rejects.toMatchObject({ status: 502 });
    expect((await lstat(join(a.dir, 'src', 'data'))).isDirectory()).toBe(true);
    expect(await readFile(join(outside, 'pages', 'host-only.json'), 'utf8')).toBe('{"secret":"host"}');
    await expect(readFile(join(outside, 'pages', 'about.json'))).rejects.toThrow();
    // What the publisher reads meanwhile is the files as before the refused save, not its refused commit:
    // tidying the clone once reset the put-back files to HEAD, which was that commit, and published it.
    const read = await a.store.exclusive(async () => (await a.readJson('pages/about.json')).meta.title);
    expect(read).not.toBe('About, through a link');

    await remote.pushAsDeveloper('Put src/data back', async (tree) => {
      await rm(join(tree, 'src', 'data'));
      await cp(join(PROJECT_ROOT, 'src', 'data'), join(tree, 'src', 'data'), { recursive: true });
    });
    expect(await a.store.sync()).toMatchObject({ changed: true });
  });
});
