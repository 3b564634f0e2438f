/**
 * Files in src/data that are not read as content (a page replaced by a folder of its name, a post
 * renamed to `.JSON`, notes in a collection's folder) used to be skipped: the page answered 404,
 * the post dropped out of lists, and neither the editor nor the build said a word. They are refused
 * now, each named with why, like a link or a file that is not valid JSON.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDataFiles, unreadableEntriesError } from '../../src/engine/data-files';
import { createFsSnapshotLoader } from '../../src/engine/fs-snapshot';
import { readEditorPayload } from '../../src/editor/server/payload';
import { contentErrorOf, resolverFor } from '../helpers/registry';

const meta = { title: 'T', description: 'D' };
const post = { title: 'One', excerpt: 'E', date: '2026-01-02', author: 'A', tags: [], body: 'B' };

let temp: string;
let data: string;

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'cse-unread-'));
  data = join(temp, 'data');
  await mkdir(join(data, 'pages', 'about.json'), { recursive: true });
  await mkdir(join(data, 'collections', 'posts'), { recursive: true });
  await writeFile(join(data, 'pages', 'home.json'), JSON.stringify({ id: 'home', slug: 'home', meta, sections: [] }));
  await writeFile(join(data, 'pages', 'about.json', 'inner.json'), JSON.stringify({ id: 'inner', slug: 'inner', meta, sections: [] }));
  await writeFile(join(data, 'collections', 'posts', 'one.JSON'), JSON.stringify(post));
  await writeFile(join(data, 'collections', 'posts', 'notes.md'), '# notes');
});

afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

describe('files that are not read as content', () => {
  it('are refused, each with why, never skipped', async () => {
    const { files, refused } = await listDataFiles(data);
    expect(files.map((file) => file.slice(data.length + 1))).toEqual(['pages/home.json']);
    expect([...refused.keys()]).toEqual(['collections/posts/notes.md', 'collections/posts/one.JSON', 'pages/about.json']);
    expect(refused.get('collections/posts/notes.md')).toMatch(/^is not a \.json file, so it is not read/);
    expect(refused.get('collections/posts/one.JSON')).toMatch(/^is not a \.json file/);
    expect(refused.get('pages/about.json')).toMatch(/^is a folder named like a \.json file, so it is not read/);
  });

  it('stop the build, each named', async () => {
    const { refused } = await listDataFiles(data);
    expect(unreadableEntriesError(refused)?.message).toMatch(/src\/data\/collections\/posts\/one\.JSON is not a \.json file[^]*src\/data\/pages\/about\.json is a folder named like a \.json file/);
  });

  it("answer the page they would be with why, not \"not found\", and fail the collection's lists", async () => {
    const resolver = resolverFor((await createFsSnapshotLoader(data)()).snapshot);
    expect(contentErrorOf(() => resolver.resolvePage('about'))).toMatchObject({ kind: 'refused', file: 'pages/about.json' });
    expect(contentErrorOf(() => resolver.resolvePage('about')).message).toContain('is a folder named like a .json file');
    expect(resolver.resolvePage('home').slug).toBe('home');
  });

  it("are listed in the editor's problems", async () => {
    const payload = await readEditorPayload(data, join(temp, 'no-images'));
    expect(payload.problems.map(({ file }) => file)).toEqual(['collections/posts/notes.md', 'collections/posts/one.JSON', 'pages/about.json']);
    expect(payload.problems[0]!.message).toMatch(/^This entry is not a \.json file/);
  });
});
