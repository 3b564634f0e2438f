import { describe, expect, it } from 'vitest';
import { linkTargets, matchingTargets } from '../../src/editor/lib/link-targets';
import type { Docs, EditorDoc } from '../../src/editor/lib/model';

const doc = (file: string, kind: EditorDoc['kind'], saveSlug: string, data: unknown): [string, EditorDoc] => [file, { file, kind, saveSlug, data, savedJson: '', version: null }];
const docs: Docs = Object.fromEntries([
  doc('pages/home.json', 'page', 'home', { id: 'home', slug: 'home', meta: { title: 'Northwind' }, sections: [] }),
  doc('pages/about.json', 'page', 'about', { id: 'about', slug: 'about', meta: { title: 'About us' }, sections: [] }),
  doc('pages/docs/start.json', 'page', 'docs/start', { id: 'start', slug: 'docs/start', meta: {}, sections: [] }),
  doc('pages/posts/[slug].json', 'page', 'posts/[slug]', { id: 'post', slug: 'posts/[slug]', meta: {}, template: { collection: 'posts' }, sections: [] }),
  doc('collections/posts/hello.json', 'entry', 'posts/hello', { title: 'Hello world' }),
  doc('collections/posts/second.json', 'entry', 'posts/second', { title: '' }),
  doc('collections/tags/css.json', 'entry', 'tags/css', { name: 'CSS' }),
]);

describe('link targets', () => {
  it('lists pages by path (home is /), and a template page once per entry of its collection', () => {
    expect(linkTargets(docs)).toEqual([
      { path: '/', title: 'Northwind', group: 'page' },
      { path: '/about', title: 'About us', group: 'page' },
      { path: '/docs/start', title: 'docs/start', group: 'page' },
      { path: '/posts/hello', title: 'Hello world', group: 'posts' },
      { path: '/posts/second', title: 'second', group: 'posts' },
    ]);
  });

  it('offers no entry of a collection without a template page', () => {
    expect(linkTargets(docs).some((target) => target.path.includes('css'))).toBe(false);
  });

  it('matches the title or the path, ignoring case', () => {
    const targets = linkTargets(docs);
    expect(matchingTargets(targets, 'HELLO').map((t) => t.path)).toEqual(['/posts/hello']);
    expect(matchingTargets(targets, '/ab').map((t) => t.path)).toEqual(['/about']);
    expect(matchingTargets(targets, '  ')).toHaveLength(5);
  });
});
