import { describe, expect, it, vi } from 'vitest';
import { sectionRegistry } from '../../src/sections/registry';
import { contentErrorOf, resolverFor, resolverForFiles } from '../helpers/registry';
import { snapshotFromEntries } from '../../src/engine/snapshot';
import { block, header, page } from '../helpers/bundle-fixtures';

const headerRef = { $ref: '../shared/header.json' };

describe('resolvePage with checked sections', () => {
  const files = (headerDocument: unknown) => ({
    'shared/header.json': headerDocument,
    'pages/home.json': page('home', [headerRef, block('home-a')]),
    'pages/about.json': page('about', [headerRef, block('about-a')]),
  });

  it('shows a changed shared section in every page of the next snapshot, and refuses an invalid one in each', () => {
    const before = files(header);
    const first = resolverForFiles(before);
    expect(first.resolvePage('about').sections[0]!.data).toMatchObject({ logoText: 'Acme' });
    // The next snapshot keeps the pages' objects; only the header is new.
    const after = { ...before, 'shared/header.json': { ...header, data: { ...header.data, logoText: 'Renamed' } } };
    for (const slug of ['home', 'about']) expect(resolverForFiles(after).resolvePage(slug).sections[0]!.data).toMatchObject({ logoText: 'Renamed' });
    const invalid = { ...before, 'shared/header.json': { ...header, data: { ...header.data, logoTxt: 'typo' } } };
    for (const slug of ['home', 'about']) {
      expect(contentErrorOf(() => resolverForFiles(invalid).resolvePage(slug)).issues).toEqual([
        { file: 'shared/header.json', path: '/data/logoTxt', message: expect.stringContaining('Unknown field "logoTxt"') },
      ]);
    }
  });

  it('binds a list again when a post changes, and a section that reads the page\'s entry on each entry page', () => {
    const post = (title: string) => ({ title, excerpt: 'E', date: '2026-01-02', author: 'A', tags: [], body: 'B' });
    const site = (title: string) => ({
      'pages/home.json': page('home', [{ id: 'latest', type: 'posts-list', data: { title: 'Latest' } }]),
      'pages/posts/[slug].json': { ...page('posts/[slug]', [{ id: 'detail', type: 'post-detail', data: {} }, { id: 'others', type: 'posts-list', data: { title: 'Others' } }]), template: { collection: 'posts' } },
      'collections/posts/one.json': post(title),
      'collections/posts/two.json': post('Two'),
    });
    const titles = (files: Record<string, unknown>) => (resolverForFiles(files).resolvePage('home').sections[0]!.data as { posts: { title: string }[] }).posts.map(({ title }) => title);
    const before = site('One');
    expect(titles(before)).toEqual(['One', 'Two']);
    // The same page object with a changed post: the list shows it.
    expect(titles({ ...before, 'collections/posts/one.json': post('One, renamed') })).toEqual(['One, renamed', 'Two']);
    const resolver = resolverForFiles(before);
    // The template's sections are the same objects on every entry page, and read that page's entry.
    for (const [slug, other] of [['one', 'two'], ['two', 'one']]) {
      const [detail, others] = resolver.resolvePage(`posts/${slug}`).sections as { data: { post?: { slug: string }; posts?: { slug: string }[] } }[];
      expect(detail!.data.post!.slug).toBe(slug);
      expect(others!.data.posts!.map((listed) => listed.slug)).toEqual([other]);
    }
  });

  it('binds a list once on pages that are no entry\'s while the collections stay, and on every entry page', () => {
    const post = { title: 'One', excerpt: 'E', date: '2026-01-02', author: 'A', tags: [], body: 'B' };
    const files = {
      'pages/home.json': page('home', [{ id: 'latest', type: 'posts-list', data: { title: 'Latest' } }]),
      'pages/posts/[slug].json': { ...page('posts/[slug]', [{ id: 'others', type: 'posts-list', data: { title: 'Others' } }]), template: { collection: 'posts' } },
      'collections/posts/one.json': post,
    };
    const definition = sectionRegistry.get('posts-list') as unknown as { bind: (...args: unknown[]) => unknown };
    const bind = vi.spyOn(definition, 'bind');
    try {
      const first = resolverForFiles(files).resolvePage('home');
      expect(bind).toHaveBeenCalledTimes(1);
      // A later snapshot with the same objects: the checked list is reused, not bound again.
      expect(resolverForFiles(files).resolvePage('home')).toEqual(first);
      expect(bind).toHaveBeenCalledTimes(1);
      // A changed post makes other collections: bound again.
      resolverForFiles({ ...files, 'collections/posts/one.json': { ...post, title: 'Renamed' } }).resolvePage('home');
      expect(bind).toHaveBeenCalledTimes(2);
      // An entry page's list may read its entry: bound each time.
      resolverForFiles(files).resolvePage('posts/one');
      resolverForFiles(files).resolvePage('posts/one');
      expect(bind).toHaveBeenCalledTimes(4);
    } finally {
      bind.mockRestore();
    }
  });

  it('binds a list that several pages each hold a copy of once, and again once when a post changes', () => {
    const post = { title: 'One', excerpt: 'E', date: '2026-01-02', author: 'A', tags: [], body: 'B' };
    const latest = (id: string) => ({ id, type: 'posts-list', data: { title: 'Latest' } });
    const files = {
      'pages/home.json': page('home', [latest('home-latest')]),
      'pages/about.json': page('about', [latest('about-latest')]),
      'pages/news.json': page('news', [latest('news-latest')]),
      'collections/posts/copies.json': post,
    };
    const definition = sectionRegistry.get('posts-list') as unknown as { bind: (...args: unknown[]) => unknown };
    const bind = vi.spyOn(definition, 'bind');
    try {
      const resolver = resolverForFiles(files);
      const lists = ['home', 'about', 'news'].map((slug) => resolver.resolvePage(slug).sections[0]!);
      expect(bind).toHaveBeenCalledTimes(1);
      expect(lists.map(({ id }) => id)).toEqual(['home-latest', 'about-latest', 'news-latest']);
      expect(new Set(lists.map(({ data }) => data)).size).toBe(1);
      const edited = resolverForFiles({ ...files, 'collections/posts/copies.json': { ...post, title: 'Renamed' } });
      const renamed = ['home', 'about', 'news'].map((slug) => edited.resolvePage(slug).sections[0]!.data as { posts: { title: string }[] });
      expect(bind).toHaveBeenCalledTimes(2);
      expect(renamed.map(({ posts }) => posts[0]!.title)).toEqual(['Renamed', 'Renamed', 'Renamed']);
    } finally {
      bind.mockRestore();
    }
  });

  it('does not let a kept list hide an entry refused or misnamed since: the page is refused, as on a first resolve', () => {
    const post = { title: 'One', excerpt: 'E', date: '2026-01-02', author: 'A', tags: [], body: 'B' };
    const files = { 'pages/home.json': page('home', [{ id: 'latest', type: 'posts-list', data: { title: 'Latest' } }]), 'collections/posts/one.json': post };
    resolverForFiles(files).resolvePage('home');
    expect(contentErrorOf(() => resolverForFiles({ ...files, 'collections/posts/Bad Name.json': post }).resolvePage('home'))).toMatchObject({ kind: 'invalid', file: 'collections/posts/Bad Name.json' });
    const linked = snapshotFromEntries(Object.entries(files), new Map([['collections/posts/two.json', 'is a symbolic link']]));
    expect(contentErrorOf(() => resolverFor(linked).resolvePage('home'))).toMatchObject({ kind: 'refused', file: 'collections/posts' });
    // Mended, the page resolves again.
    expect(resolverForFiles(files).resolvePage('home').sections).toHaveLength(1);
  });

  it('binds sections before resolving the meta: a page with faults in both reports the binding, as before', () => {
    const broken = { ...page('home', [{ id: 'detail', type: 'post-detail', data: {} }]), meta: { title: 'T', description: { $ref: '../shared/missing.json' } } };
    expect(contentErrorOf(() => resolverForFiles({ 'pages/home.json': broken }).resolvePage('home'))).toMatchObject({ kind: 'binding', pointer: '/sections/0' });
  });
});
