/**
 * The content store's git backend against real git, one working clone of a
 * bare remote made by the test: every changeset is one commit with its
 * author, an image on its own; a refused or unreachable push, hand edits in
 * the clone and another git process's lock leave nothing half done. Two
 * clones sharing the remote, and developers' pushes: git-store-sync.test.ts.
 */
import { lstat, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesVersion } from '../../src/server/store/fs-backend';
import { repoPath } from '../../src/server/store/git-backend';
import { git, makeBareRemote, type BareRemote } from '../helpers/git-remote';
import { ALICE, gitStoreServer, retitle, type GitStoreServer } from '../helpers/git-store';
import { PROJECT_ROOT } from '../helpers/project-copy';

let remote: BareRemote;
const server = (name: string) => gitStoreServer(remote, name);

/** An image's version as the store names it (the changeset's baseVersion). */
const imageVersion = async (on: GitStoreServer, file: string) => bytesVersion(await readFile(join(on.dir, repoPath(file))));

beforeAll(async () => {
  remote = await makeBareRemote(PROJECT_ROOT);
});

afterAll(async () => {
  await remote?.remove();
});

describe('the git content backend', () => {
  it('makes one commit per changeset, authored by the user, with every file of it and nothing else', async () => {
    const a = await server('one-commit');
    const before = await remote.commits();
    const result = await a.store.apply({ message: 'hero title', changes: [await retitle(a, 'pages/home.json', 'Home, edited'), await retitle(a, 'pages/about.json', 'About, edited')] }, ALICE);
    const after = await remote.commits();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ sha: result.commit, author: 'alice <alice@users.content-site.invalid>', subject: 'Edit home, about: hero title' });
    expect((await remote.filesOf(after[0]!.sha)).sort()).toEqual(['src/data/pages/about.json', 'src/data/pages/home.json']);
    expect(JSON.parse((await remote.read('src/data/pages/home.json'))!).meta.title).toBe('Home, edited');
    expect(await git(a.dir, 'status', '--porcelain')).toBe('');
  });

  it('commits an uploaded image on its own', async () => {
    const a = await server('image');
    const png = await readFile(join(PROJECT_ROOT, 'public', 'assets', 'images', (await git(a.dir, 'ls-files', 'public/assets/images')).split('\n')[0]!.split('/').pop()!));
    const { commit } = await a.store.putImage('copy-of-demo.png', png, { overwrite: false, author: ALICE });
    expect((await remote.commits())[0]).toMatchObject({ sha: commit, subject: 'Add image copy-of-demo.png' });
    expect(await remote.filesOf(commit!)).toEqual(['public/assets/images/copy-of-demo.png']);
  });

  it('refuses a save whose push a pre-push hook refuses in silence, and keeps nothing of it', async () => {
    const a = await server('silent-push');
    const before = await remote.commits();
    const title = (await a.readJson('pages/about.json')).meta.title;
    await writeFile(join(a.dir, '.git', 'hooks', 'pre-push'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    // git itself says a hook refused the push; should it not, the push is still checked by the branch it moved.
    await expect(a.store.apply({ changes: [await retitle(a, 'pages/about.json', 'Pushed in silence?')] }, ALICE)).rejects.toMatchObject({ status: 502 });
    expect(await remote.commits()).toEqual(before);
    expect((await a.readJson('pages/about.json')).meta.title).toBe(title);
    expect(await git(a.dir, 'status', '--porcelain')).toBe('');
    expect(await git(a.dir, 'rev-parse', 'HEAD')).toBe(before[0]!.sha);
  });

  it('puts back what was changed by hand in its clone and never committed, and trusts none of it in a save', async () => {
    const a = await server('hand-edits');
    const data = (file: string) => join(a.dir, 'src', 'data', file);
    const about = await a.readJson('pages/about.json');
    await writeFile(data('pages/about.json'), JSON.stringify({ ...about, meta: { ...about.meta, title: 'Edited by hand' } }));
    await writeFile(data('collections/tags/hand-made.json'), JSON.stringify({ name: 'Hand made', description: 'In no commit.', accent: '#123456' }));
    // A post naming the tag only the clone had was saved, and the remote got a post whose tag no commit has.
    const file = 'collections/posts/zero-javascript-by-default.json';
    const post = await a.readJson(file);
    const naming = { op: 'put' as const, file, content: { ...post, tags: [...post.tags, 'hand-made'] }, baseVersion: await a.version(file) };
    await expect(a.store.apply({ changes: [naming] }, ALICE)).rejects.toMatchObject({ status: 400 });
    expect((await a.readJson('pages/about.json')).meta.title).toBe(about.meta.title);
    await expect(lstat(data('collections/tags/hand-made.json'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await git(a.dir, 'status', '--porcelain')).toBe('');
  });

  it('answers 503 for a save while another git process holds the lock, hand edits or not, and still lets the publisher read', async () => {
    const a = await server('hand-edits-locked');
    const about = await a.readJson('pages/about.json');
    await writeFile(join(a.dir, 'src', 'data', 'pages', 'about.json'), JSON.stringify({ ...about, meta: { ...about.meta, title: 'Edited by hand' } }));
    await writeFile(join(a.dir, '.git', 'index.lock'), '');
    // Putting the hand edit back met the lock and failed every save with a raw 500, and every publication.
    await expect(a.store.exclusive(async () => 'read')).resolves.toBe('read');
    await expect(a.store.apply({ changes: [await retitle(a, 'pages/pricing.json', 'Pricing, locked')] }, ALICE)).rejects.toMatchObject({ status: 503 });
    await rm(join(a.dir, '.git', 'index.lock'));
    await a.store.exclusive(async () => undefined);
    expect((await a.readJson('pages/about.json')).meta.title).toBe(about.meta.title);
  });

  it('commits a change that rewrites hundreds of long-named files, past the system\'s limit on one argument (its message lists them all)', async () => {
    const a = await server('bulk');
    const image = '/assets/images/cover-accessibility.webp';
    const slugOf = (n: number) => `bulk/${'a'.repeat(170)}-${n}`;
    const page = (n: number) => ({ id: `bulk-${n}`, slug: slugOf(n), meta: { title: `Bulk ${n}`, description: 'A page', ogImage: { url: image, alt: 'Cover' } }, sections: [] });
    for (const from of [0, 350]) {
      const changes = Array.from({ length: 350 }, (_, i) => ({ op: 'put' as const, file: `pages/${slugOf(from + i)}.json`, content: page(from + i), baseVersion: null }));
      await a.store.apply({ changes }, ALICE);
    }
    const imageFile = 'assets/images/cover-accessibility.webp';
    const version = (await a.store.apply({ changes: [{ op: 'move', file: imageFile, to: 'assets/images/cover-renamed.webp', baseVersion: await imageVersion(a, imageFile) }] }, ALICE)).versions;
    expect(version[imageFile]).toBeNull();
    const [moved] = await remote.commits();
    expect(moved!.subject).toBe('Move image cover-accessibility.webp to cover-renamed.webp');
    expect(JSON.parse((await remote.read(`src/data/pages/${slugOf(699)}.json`))!).meta.ogImage.url).toBe('/assets/images/cover-renamed.webp');
    expect(await git(a.dir, 'status', '--porcelain')).toBe('');
  });

  it('saves nothing and leaves the clone as it was when the remote cannot be reached', async () => {
    const a = await server('unreachable');
    const head = await git(a.dir, 'rev-parse', 'HEAD');
    const put = await retitle(a, 'pages/about.json', 'Never saved');
    await git(a.dir, 'remote', 'set-url', 'origin', join(remote.scratch, 'nowhere.git'));
    const refused = await a.store.apply({ changes: [put] }, ALICE).then(() => undefined, (error) => error);
    expect(refused).toMatchObject({ status: 503 });
    // git names the remote's folder; an error body names no place on this machine outside the project.
    expect(refused.message).not.toContain(remote.scratch);
    expect(refused.message).toContain('<path>');
    expect(await git(a.dir, 'rev-parse', 'HEAD')).toBe(head);
    expect(await git(a.dir, 'status', '--porcelain')).toBe('');
  });
});
