import { describe, expect, it, vi } from 'vitest';
import type { z } from 'astro/zod';
import { checkBundle, checksForCollections, MAX_KEPT_BY_CONTENT, type BundleSchemas, type SectionToCheck } from '../../src/engine/bundle-check';
import { bundleSchemas, sectionRegistry } from '../../src/sections/registry';
import { contentErrorOf, resolverFor, resolverForFiles } from '../helpers/registry';
import { snapshotFromEntries } from '../../src/engine/snapshot';

const meta = { title: 'T', description: 'D' };
const header = { id: 'site-header', type: 'header', data: { logoText: 'Acme', menu: [{ label: 'About', href: '/about/' }] } };
const block = (id: string, body = 'Hello') => ({ id, type: 'content-block', data: { body }, settings: { paddingTop: 'lg' } });
const page = (slug: string, sections: unknown[]) => ({ id: slug, slug, meta, sections });
const headerRef = { $ref: '../shared/header.json' };

/** The registry's schemas, with the sections' parses counted. */
function countingSchemas(): BundleSchemas & { parses: () => number } {
  let parses = 0;
  const section = bundleSchemas.bundleSection;
  const bundleSection = new Proxy(section, {
    get(target, key, receiver) {
      if (key !== 'safeParse') return Reflect.get(target, key, receiver);
      return (value: unknown) => {
        parses += 1;
        return target.safeParse(value);
      };
    },
  }) as z.ZodType;
  return { ...bundleSchemas, bundleSection, parses: () => parses };
}

/** No section in these tests binds. */
const noCollections = () => new WeakMap<object, unknown>();
const unbound = (section: object): SectionToCheck => ({ resolved: section, candidate: () => ({ settings: {}, ...section }), reuse: 'anywhere' });

describe('checkBundle: each distinct section checked once', () => {
  it('checks a section object once, and gives each page what the whole bundle schema gives', () => {
    const schemas = countingSchemas();
    const shared = { ...header, settings: {} };
    const pages = ['home', 'about', 'contact'].map((slug) => ({ head: { id: slug, slug, meta }, sections: [unbound(shared), unbound(block(`${slug}-a`))] }));
    for (const { head, sections } of pages) {
      const checked = checkBundle(schemas, head, sections, noCollections);
      const whole = bundleSchemas.BundleSchema.parse({ ...head, sections: sections.map((section) => section.candidate()) });
      expect(checked).toEqual({ success: true, data: whole });
      expect(JSON.stringify(checked.success && checked.data)).toBe(JSON.stringify(whole));
    }
    // The header three times, each page's own block once: four parses, not six.
    expect(schemas.parses()).toBe(4);
    // Checked again for the same objects, nothing is parsed.
    for (const { head, sections } of pages) checkBundle(schemas, head, sections, noCollections);
    expect(schemas.parses()).toBe(4);
  });

  it('checks a section that is not reusable (its type binds to collections) every time', () => {
    const schemas = countingSchemas();
    const section = block('bound');
    const bound: SectionToCheck = { ...unbound(section), reuse: 'page' };
    checkBundle(schemas, { id: 'a', slug: 'a', meta }, [bound], noCollections);
    checkBundle(schemas, { id: 'b', slug: 'b', meta }, [bound], noCollections);
    expect(schemas.parses()).toBe(2);
  });

  it('checks a section bound to collections once while the collections are made of the same entries', () => {
    const schemas = countingSchemas();
    const post = { title: 'P' };
    const bound: SectionToCheck = { ...unbound(block('latest')), reuse: 'collections' };
    const same = () => checksForCollections(schemas, ['posts/p.json', post]);
    checkBundle(schemas, { id: 'a', slug: 'a', meta }, [bound], same);
    checkBundle(schemas, { id: 'b', slug: 'b', meta }, [bound], same);
    expect(schemas.parses()).toBe(1);
    // Another object for the same file (the post changed), another file, or a list of another length: checked again.
    checkBundle(schemas, { id: 'a', slug: 'a', meta }, [bound], () => checksForCollections(schemas, ['posts/p.json', { ...post }]));
    checkBundle(schemas, { id: 'a', slug: 'a', meta }, [bound], () => checksForCollections(schemas, ['posts/q.json', post]));
    checkBundle(schemas, { id: 'a', slug: 'a', meta }, [bound], () => checksForCollections(schemas, ['posts/p.json', post, 'posts/q.json', post]));
    expect(schemas.parses()).toBe(4);
    // The first collections are still among those kept, and stay while they are used between others.
    checkBundle(schemas, { id: 'c', slug: 'c', meta }, [bound], same);
    expect(schemas.parses()).toBe(4);
    for (const file of ['posts/r.json', 'posts/s.json', 'posts/t.json', 'posts/u.json']) {
      checkBundle(schemas, { id: 'a', slug: 'a', meta }, [bound], () => checksForCollections(schemas, [file, post]));
      checkBundle(schemas, { id: 'c', slug: 'c', meta }, [bound], same);
    }
    expect(schemas.parses()).toBe(8);
  });

  it('checks copies of a bound section on several pages once: each page gets the checked form with its own id', () => {
    const schemas = countingSchemas();
    const entry = {};
    const collections = () => checksForCollections(schemas, ['posts/copies.json', entry]);
    const copy = (id: string): SectionToCheck => ({ ...unbound(block(id, 'Latest')), reuse: 'collections' });
    for (const slug of ['a', 'b', 'c']) {
      const sections = [copy(`${slug}-latest`)];
      const checked = checkBundle(schemas, { id: slug, slug, meta }, sections, collections);
      const whole = bundleSchemas.BundleSchema.parse({ id: slug, slug, meta, sections: sections.map((section) => section.candidate()) });
      expect(JSON.stringify(checked.success && checked.data)).toBe(JSON.stringify(whole));
    }
    expect(schemas.parses()).toBe(1);
    // Other content, or an id the schema refuses, is checked on its own (and the bad id named).
    checkBundle(schemas, { id: 'd', slug: 'd', meta }, [{ ...unbound(block('d-latest', 'Other')), reuse: 'collections' }], collections);
    const blankId = checkBundle(schemas, { id: 'e', slug: 'e', meta }, [copy(' ')], collections);
    expect(blankId).toMatchObject({ success: false, problems: [{ path: ['sections', 0, 'id'], message: 'Required' }] });
    // Not kept across collections: a post changed, so the copies are bound and checked again, once.
    const edited = {};
    const changed = () => checksForCollections(schemas, ['posts/copies.json', edited]);
    const parsesBefore = schemas.parses();
    for (const slug of ['a', 'b']) checkBundle(schemas, { id: slug, slug, meta }, [copy(`${slug}-latest`)], changed);
    expect(schemas.parses()).toBe(parsesBefore + 1);
  });

  it('keeps at most MAX_KEPT_BY_CONTENT copies by content, letting the oldest go', () => {
    const checks = checksForCollections(countingSchemas(), ['posts/cap.json', {}]);
    const section = (n: number) => ({ id: `s-${n}`, type: 'content-block', data: { body: `${n}` } });
    for (let n = 0; n <= MAX_KEPT_BY_CONTENT; n += 1) checks.set(section(n), { ...section(n), settings: {} });
    expect(checks.get(section(0))).toBeUndefined();
    expect(checks.get({ ...section(MAX_KEPT_BY_CONTENT), id: 'another' })).toMatchObject({ id: 'another' });
  });

  it('still checks the order of sections already checked: the same section twice is a duplicate id', () => {
    const schemas = countingSchemas();
    const shared = unbound({ ...header, settings: {} });
    expect(checkBundle(schemas, { id: 'a', slug: 'a', meta }, [shared], noCollections).success).toBe(true);
    const twice = checkBundle(schemas, { id: 'b', slug: 'b', meta }, [shared, shared], noCollections);
    expect(twice).toMatchObject({ success: false, problems: [{ path: ['sections', 1, 'id'], message: 'Duplicate section id "site-header"' }] });
  });

  it("names a failing page's problems as the whole bundle schema does, and never keeps a section that failed", () => {
    const schemas = countingSchemas();
    const fine = unbound(block('fine'));
    const bad = unbound({ id: 'x', type: 'content-block', data: { body: 'Hi', titel: 'typo' } });
    for (const slug of ['a', 'b']) {
      const checked = checkBundle(schemas, { id: slug, slug, meta: { ...meta, extra: 1 } }, [fine, bad], noCollections);
      expect(checked.success).toBe(false);
      const paths = !checked.success && checked.problems.map(({ path }) => path.join('/'));
      expect(paths).toEqual(['meta/extra', 'sections/1/data/titel']);
    }
    // The good section once, the bad one on each page.
    expect(schemas.parses()).toBe(3);
  });
});

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
