/** Files under collections/ that are no collection's entry: named as problems, never left out of lists unseen. */
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/engine/schema/collections';
import { strayCollectionFileProblem } from '../../src/engine/routes';
import { contentErrorOf, problemsOfFiles, resolverForFiles } from '../helpers/registry';

/** Every registered collection's folder, as the refusal lists them (a site may add collections). */
const everyCollectionFolder = COLLECTIONS.map((name) => `collections/${name}/`).join(', ');

const meta = { title: 'T', description: 'D' };
const post = { title: 'One', excerpt: 'E', date: '2026-01-02', author: 'A', tags: [], body: 'B' };
const site = (extra: Record<string, unknown>) => ({
  'pages/home.json': { id: 'home', slug: 'home', meta, sections: [{ id: 'latest', type: 'posts-list', data: { title: 'Latest' } }] },
  'pages/about.json': { id: 'about', slug: 'about', meta, sections: [] },
  'collections/posts/one.json': post,
  ...extra,
});

describe('files under collections/ that are no entry', () => {
  it('says why each is none: a folder inside a collection, or no registered collection', () => {
    expect(strayCollectionFileProblem('collections/posts/one.json')).toBeUndefined();
    expect(strayCollectionFileProblem('shared/header.json')).toBeUndefined();
    expect(strayCollectionFileProblem('collections/posts/2026/two.json')).toBe('entries are files directly in collections/posts/, not in a folder inside it');
    for (const file of ['collections/no-such-collection/ada.json', 'collections/one.json']) {
      expect(strayCollectionFileProblem(file)).toBe(`is in no collection: entries are files in ${everyCollectionFolder} (a new collection is declared in src/collections/)`);
    }
  });

  it('are each named in the site\'s problems (what the build reports and the editor lists)', () => {
    const problems = problemsOfFiles(site({ 'collections/posts/2026/two.json': post, 'collections/no-such-collection/ada.json': { name: 'Ada' } }));
    expect(problems.map(({ file, issues }) => [file, issues.map(({ message }) => message)])).toEqual([
      ['collections/no-such-collection/ada.json', [expect.stringMatching(/^is in no collection/)]],
      ['collections/posts/2026/two.json', ['entries are files directly in collections/posts/, not in a folder inside it']],
    ]);
  });

  it('fail the lists of their collection, naming the file, rather than leave a post out of them; other pages still resolve', () => {
    const resolver = resolverForFiles(site({ 'collections/posts/2026/two.json': post }));
    expect(contentErrorOf(() => resolver.resolvePage('home'))).toMatchObject({ file: 'collections/posts/2026/two.json' });
    expect(resolver.resolvePage('about').slug).toBe('about');
  });
});
