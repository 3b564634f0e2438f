/**
 * Symbolic links in src/data (item 3 of the security issue): `astro build`
 * followed a link to a host file and published it, while dev ignored it. Now
 * every reader of src/data refuses links, and says so.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDataFiles } from '../../src/engine/data-files';
import { createFsSnapshotLoader } from '../../src/engine/fs-snapshot';
import { ContentError, PageNotFoundError } from '../../src/engine/resolver';
import { readEditorPayload } from '../../src/editor/server/payload';
import { HttpError } from '../../src/server/errors';
import { containedPath, refuseLinks } from '../../src/server/paths';
import { resolverFor } from '../helpers/registry';

const SECRET = 'host-secret-5f2c9a';
const meta = { title: 'T', description: 'D' };
const page = (slug: string, sections: unknown[]) => ({ id: slug, slug, meta, sections });
const block = (id: string, body: unknown) => ({ id, type: 'content-block', data: { body } });

let temp: string;
let data: string;

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'cse-links-'));
  data = join(temp, 'data');
  const outside = join(temp, 'outside');
  await mkdir(join(outside, 'folder'), { recursive: true });
  await writeFile(join(outside, 'secret.json'), JSON.stringify({ text: SECRET }));
  await writeFile(join(outside, 'folder', 'doc.json'), JSON.stringify({ text: SECRET }));
  await mkdir(join(data, 'pages'), { recursive: true });
  await mkdir(join(data, 'shared'), { recursive: true });
  await mkdir(join(data, 'collections', 'posts'), { recursive: true });
  await writeFile(join(data, 'shared', 'site.json'), JSON.stringify({ name: 'Acme' }));
  await writeFile(join(data, 'pages', 'home.json'), JSON.stringify(page('home', [block('a', { $ref: '../shared/site.json#/name' })])));
  await writeFile(join(data, 'pages', 'leak.json'), JSON.stringify(page('leak', [block('a', { $ref: '../shared/secret.json#/text' })])));
  await writeFile(join(data, 'pages', 'leak-dir.json'), JSON.stringify(page('leak-dir', [block('a', { $ref: '../shared/folder/doc.json#/text' })])));
  await writeFile(join(data, 'pages', 'inside.json'), JSON.stringify(page('inside', [block('a', { $ref: '../shared/alias.json#/name' })])));
  // A link to a host file, to a host folder, one that stays inside src/data, and a page file that is a link.
  await symlink(join(outside, 'secret.json'), join(data, 'shared', 'secret.json'));
  await symlink(join(outside, 'folder'), join(data, 'shared', 'folder'));
  await symlink(join(data, 'shared', 'site.json'), join(data, 'shared', 'alias.json'));
  await symlink(join(outside, 'secret.json'), join(data, 'pages', 'linked.json'));
  // Editors' lock files are dot-named links (Emacs): never content, never refused.
  await symlink('user@host.123', join(data, 'pages', '.#home.json'));
});

afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

const errorOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
};

describe('listDataFiles', () => {
  it('lists JSON files, refuses every link wherever it points, and skips dot-names', async () => {
    const { files, refused } = await listDataFiles(data);
    expect(files.map((file) => file.slice(data.length + 1)).sort()).toEqual(['pages/home.json', 'pages/inside.json', 'pages/leak-dir.json', 'pages/leak.json', 'shared/site.json']);
    expect([...refused.keys()]).toEqual(['pages/linked.json', 'shared/alias.json', 'shared/folder', 'shared/secret.json']);
    expect(refused.get('shared/folder')).toMatch(/^is a symbolic link; links in src\/data are refused/);
  });
});

describe('the dev snapshot and the resolver', () => {
  it('never read what a link points to', async () => {
    const { snapshot } = await createFsSnapshotLoader(data)();
    const everything = JSON.stringify([...snapshot.paths()].map((path) => snapshot.get(path)));
    expect(everything).not.toContain(SECRET);
    expect(snapshot.get('shared/secret.json')).toBeUndefined();
  });

  it('serve pages that need no link', async () => {
    const resolver = resolverFor((await createFsSnapshotLoader(data)()).snapshot);
    expect(resolver.resolvePage('home').sections[0]!.data.body).toBe('Acme');
  });

  it('name the link a page needs, not "does not exist"', async () => {
    const resolver = resolverFor((await createFsSnapshotLoader(data)()).snapshot);
    for (const [slug, link] of [['leak', 'shared/secret.json'], ['leak-dir', 'shared/folder'], ['inside', 'shared/alias.json']] as const) {
      const error = errorOf(() => resolver.resolvePage(slug));
      expect(error, slug).toBeInstanceOf(ContentError);
      expect((error as ContentError).kind).toBe('refused');
      expect(error.message, slug).toContain(`${link} is a symbolic link`);
      expect(error.message).not.toContain(SECRET);
    }
    // The page file itself is the link: the error names it once.
    const linked = errorOf(() => resolver.resolvePage('linked'));
    expect(linked).toMatchObject({ kind: 'refused', file: 'pages/linked.json' });
    expect(linked.message).toMatch(/^pages\/linked\.json: is a symbolic link; /);
    expect(linked.message.split('pages/linked.json')).toHaveLength(2);
    expect(errorOf(() => resolver.resolvePage('nope'))).toBeInstanceOf(PageNotFoundError);
  });

  it('refuse pages that list a collection holding a link', async () => {
    const post = join(data, 'collections', 'posts', 'linked.json');
    await symlink(join(temp, 'outside', 'secret.json'), post);
    try {
      await writeFile(join(data, 'pages', 'list.json'), JSON.stringify(page('list', [{ id: 'l', type: 'posts-list', data: { title: 'Posts' } }])));
      const resolver = resolverFor((await createFsSnapshotLoader(data)()).snapshot);
      expect(errorOf(() => resolver.resolvePage('list')).message).toContain('collections/posts/linked.json is a symbolic link');
      expect(resolver.resolvePage('home').slug).toBe('home');
    } finally {
      await rm(post);
      await rm(join(data, 'pages', 'list.json'));
    }
  });

  it("name the refused entry file behind an entry's page, not \"no page\" (live publishing keeps that page)", async () => {
    const posts = join(data, 'collections', 'posts');
    const template = join(data, 'pages', 'posts', '[slug].json');
    await mkdir(join(data, 'pages', 'posts'), { recursive: true });
    await writeFile(template, JSON.stringify({ ...page('posts/[slug]', [{ id: 'p', type: 'post-detail', data: {} }]), template: { collection: 'posts' } }));
    await writeFile(join(posts, 'mid-merge.json'), '<<<<<<< HEAD\n{}\n=======\n{}\n>>>>>>> theirs\n');
    await symlink(join(temp, 'outside', 'secret.json'), join(posts, 'linked.json'));
    try {
      const resolver = resolverFor((await createFsSnapshotLoader(data)()).snapshot);
      expect(errorOf(() => resolver.resolvePage('posts/mid-merge'))).toMatchObject({ kind: 'refused', file: 'collections/posts/mid-merge.json', message: expect.stringContaining('is not valid JSON') });
      expect(errorOf(() => resolver.resolvePage('posts/linked'))).toMatchObject({ kind: 'refused', file: 'collections/posts/linked.json' });
      expect(errorOf(() => resolver.resolvePage('posts/never-written'))).toBeInstanceOf(PageNotFoundError);
    } finally {
      await rm(join(data, 'pages', 'posts'), { recursive: true });
      await rm(join(posts, 'mid-merge.json'));
      await rm(join(posts, 'linked.json'));
    }
  });
});

describe("the editor's state", () => {
  it('reports each link as a problem and reads none', async () => {
    const payload = await readEditorPayload(data);
    expect(payload.problems.map((problem) => problem.file)).toEqual(['pages/linked.json', 'shared/alias.json', 'shared/folder', 'shared/secret.json']);
    expect(JSON.stringify(payload)).not.toContain(SECRET);
    expect(payload.docs.map((doc) => doc.file)).toContain('shared/site.json');
  });
});

describe('refuseLinks (the save endpoint)', () => {
  const refusal = async (segments: string[]) => {
    try {
      await refuseLinks(data, segments, (link) => `link ${link}`);
    } catch (error) {
      return error as HttpError;
    }
    return undefined;
  };

  it('refuses a file that is a link and a path through a linked folder, inside or out', async () => {
    for (const [segments, link] of [
      [['shared', 'secret.json'], 'shared/secret.json'],
      [['shared', 'alias.json'], 'shared/alias.json'],
      [['shared', 'folder', 'doc.json'], 'shared/folder'],
      [['shared', 'folder', 'new.json'], 'shared/folder'],
    ] as const) {
      const error = await refusal([...segments]);
      expect(error, link).toBeInstanceOf(HttpError);
      expect(error!.status).toBe(400);
      expect(error!.message).toBe(`link ${link}`);
    }
    expect(await readFile(join(temp, 'outside', 'secret.json'), 'utf8')).toContain(SECRET);
  });

  it('containedPath, which every write goes through, refuses a link even when it stays inside', async () => {
    await expect(containedPath(data, ['shared', 'alias.json'])).rejects.toMatchObject({ status: 400, message: 'Path goes through a symbolic link: shared/alias.json' });
    await expect(containedPath(data, ['shared', 'secret.json'])).rejects.toMatchObject({ status: 400, message: 'Path leaves its folder through a link' });
    expect(await containedPath(data, ['shared', 'site.json'])).toBe(join(data, 'shared', 'site.json'));
  });

  it('lets plain and new files through', async () => {
    expect(await refusal(['shared', 'site.json'])).toBeUndefined();
    expect(await refusal(['pages', 'new', 'deep.json'])).toBeUndefined();
  });
});
