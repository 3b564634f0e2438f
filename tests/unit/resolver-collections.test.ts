// The resolver over collections and templates, and what it caches (resolver.test.ts has pages, slugs and $ref).
import { describe, expect, it } from 'vitest';
import { PageNotFoundError } from '../../src/engine/resolver';
import { contentErrorOf, resolverForFiles } from '../helpers/registry';
import { block, footer, header, meta, page } from '../helpers/resolver-fixtures';

const errorOf = contentErrorOf;

describe('resolvePage: collections and templates', () => {
  const tag = (name: string, accent = '#123456') => ({ name, description: `${name} things`, accent });
  const post = (title: string, date: string, tags: string[], extra: object = {}) => ({
    title, excerpt: `${title} excerpt`, date, author: 'Ann', tags, body: `# ${title}`, ...extra,
  });
  const site = {
    'collections/tags/alpha.json': tag('Alpha'),
    'collections/tags/beta.json': tag('Beta'),
    'collections/tags/gamma.json': tag('Gamma'),
    'collections/posts/old.json': post('Old', '2024-01-01', ['alpha']),
    'collections/posts/new.json': post('New', '2026-03-01', ['beta', 'alpha'], { cover: { url: '/assets/images/c.webp', alt: 'C' } }),
    'collections/posts/mid.json': post('Mid', '2025-06-15', []),
    'collections/posts/mid-b.json': post('Mid B', '2025-06-15', ['beta']),
    'pages/home.json': page('home', [
      { id: 'home-posts', type: 'posts-list', data: { title: 'Latest', limit: 2 } },
      { id: 'home-all', type: 'posts-list', data: { title: 'All' } },
      { id: 'home-tags', type: 'tags-list', data: { title: 'Tags' } },
    ]),
    'pages/posts/[slug].json': page('posts/[slug]', [
      { id: 'post-body', type: 'post-detail', data: {} },
      { id: 'post-tags', type: 'related-tags', data: { title: 'Tags' } },
    ], { template: { collection: 'posts' }, meta: { title: 'Journal', description: 'd', ogImage: { url: '/og.png', alt: 'og' } } }),
    'pages/tags/[slug].json': page('tags/[slug]', [
      { id: 'tag-head', type: 'tag-detail', data: {} },
      { id: 'tag-list', type: 'tag-posts', data: { title: 'Posts' } },
    ], { template: { collection: 'tags' } }),
  };

  it('sorts posts newest first, breaks date ties by slug, and cuts to limit', () => {
    const home = resolverForFiles(site).resolvePage('home');
    const slugsOf = (index: number) => (home.sections[index]!.data as { posts: { slug: string }[] }).posts.map((p) => p.slug);
    expect(slugsOf(0)).toEqual(['new', 'mid']);
    expect(slugsOf(1)).toEqual(['new', 'mid', 'mid-b', 'old']);
  });

  it('gives post cards their URL and expanded tags, without the body', () => {
    const home = resolverForFiles(site).resolvePage('home');
    const [first] = (home.sections[0]!.data as { posts: Record<string, unknown>[] }).posts;
    expect(first).toMatchObject({ slug: 'new', url: '/posts/new/', tags: [{ slug: 'beta', name: 'Beta', url: '/tags/beta/' }, { slug: 'alpha' }] });
    expect(first).not.toHaveProperty('body');
  });

  it('leaves the current entry out of lists on its own page', () => {
    const withLists = {
      ...site,
      'pages/posts/[slug].json': page('posts/[slug]', [{ id: 'more', type: 'posts-list', data: { title: 'More' } }], { template: { collection: 'posts' } }),
      'pages/tags/[slug].json': page('tags/[slug]', [{ id: 'others', type: 'tags-list', data: { title: 'Others' } }], { template: { collection: 'tags' } }),
    };
    const resolver = resolverForFiles(withLists);
    expect((resolver.resolvePage('posts/mid').sections[0]!.data as { posts: { slug: string }[] }).posts.map((p) => p.slug)).toEqual(['new', 'mid-b', 'old']);
    expect((resolver.resolvePage('tags/beta').sections[0]!.data as { tags: { slug: string }[] }).tags.map((t) => t.slug)).toEqual(['alpha', 'gamma']);
  });

  it('gives tags-list every tag by name', () => {
    const home = resolverForFiles(site).resolvePage('home');
    expect((home.sections[2]!.data as { tags: { name: string }[] }).tags.map((t) => t.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
  });

  it('yields one page per entry from a template page', () => {
    const slugs = resolverForFiles(site).listPages().map((p) => p.slug);
    expect(slugs).toEqual(expect.arrayContaining(['home', 'posts/new', 'posts/old', 'posts/mid', 'posts/mid-b', 'tags/alpha', 'tags/beta', 'tags/gamma']));
    expect(slugs).not.toContain('posts/[slug]');
  });

  it('binds post-detail and related-tags to the current post, with entry meta', () => {
    const bundle = resolverForFiles(site).resolvePage('posts/new');
    expect(bundle.id).toBe('posts-[slug]/new');
    expect(bundle.meta).toEqual({ title: 'New · Journal', description: 'New excerpt', ogImage: { url: '/assets/images/c.webp', alt: 'C' } });
    expect(bundle.sections[0]!.data).toMatchObject({ showCover: true, post: { title: 'New', body: '# New' } });
    expect((bundle.sections[1]!.data as { tags: { slug: string }[] }).tags.map((t) => t.slug)).toEqual(['beta', 'alpha']);
    expect(resolverForFiles(site).resolvePage('posts/old').meta.ogImage).toEqual({ url: '/og.png', alt: 'og' });
  });

  it('binds tag-detail and tag-posts to the current tag', () => {
    const bundle = resolverForFiles(site).resolvePage('tags/beta');
    expect(bundle.sections[0]!.data).toMatchObject({ tag: { name: 'Beta', slug: 'beta', accent: '#123456' } });
    expect((bundle.sections[1]!.data as { posts: { slug: string }[] }).posts.map((p) => p.slug)).toEqual(['new', 'mid-b']);
    expect((resolverForFiles(site).resolvePage('tags/gamma').sections[1]!.data as { posts: unknown[] }).posts).toEqual([]);
  });

  it('404s for entries that do not exist', () => {
    expect(() => resolverForFiles(site).resolvePage('posts/nope')).toThrow(PageNotFoundError);
  });

  it('lets a page file win over a generated entry page', () => {
    const resolver = resolverForFiles({ ...site, 'pages/posts/old.json': page('posts/old', [block('custom')]) });
    expect(resolver.resolvePage('posts/old').sections[0]!.id).toBe('custom');
    expect(resolver.listPages().filter((p) => p.slug === 'posts/old')).toHaveLength(1);
  });

  it('fails entry-bound sections on pages without an entry', () => {
    const error = errorOf(() => resolverForFiles({ ...site, 'pages/x.json': page('x', [{ id: 'x-post', type: 'post-detail', data: {} }]) }).resolvePage('x'));
    expect(error).toMatchObject({ kind: 'binding', file: 'pages/x.json', pointer: '/sections/0' });
  });

  it('reports a post whose tag does not exist', () => {
    const error = errorOf(() => resolverForFiles({ ...site, 'collections/posts/bad.json': post('Bad', '2020-01-01', ['nope']) }).resolvePage('home'));
    expect(error).toMatchObject({ kind: 'dangling-ref', file: 'collections/posts/bad.json', pointer: '/tags/0' });
  });

  it('reports an invalid entry with its field', () => {
    const error = errorOf(() => resolverForFiles({ ...site, 'collections/posts/bad.json': post('Bad', 'yesterday', []) }).resolvePage('home'));
    expect(error.issues).toContainEqual({ path: '/date', message: 'Pick a date (YYYY-MM-DD)' });
  });

  it('requires a template collection on [slug] pages, reported as a route problem that leaves other pages working', () => {
    const resolver = resolverForFiles({ 'pages/home.json': page('home', []), 'pages/x/[slug].json': page('x/[slug]', []) });
    expect(resolver.listPages().map((route) => route.slug)).toEqual(['home']);
    expect(resolver.routeProblems().map((problem) => problem.message)).toEqual([expect.stringMatching(/^pages\/x\/\[slug\]\.json#\/template: .*needs a "template"/)]);
    expect(resolver.resolvePage('home').slug).toBe('home');
  });

  it('lists every page when one page file or entry has a bad name, or a template is invalid', () => {
    const tag = { name: 'Alpha', description: 'Alpha things', accent: '#123456' };
    const resolver = resolverForFiles({
      'pages/home.json': page('home', []),
      'pages/Bad Name.json': page('Bad Name', []),
      'pages/tags/[slug].json': page('tags/[slug]', [], { template: { collection: 'tags' }, meta: 'broken' }),
      'collections/tags/alpha.json': tag,
      'collections/tags/Not_OK.json': tag,
    });
    expect(resolver.listPages().map((route) => route.slug)).toEqual(['home', 'tags/alpha']);
    expect(resolver.routeProblems().map((problem) => problem.file).sort()).toEqual(['collections/tags/Not_OK.json', 'pages/Bad Name.json', 'pages/tags/[slug].json']);
    expect(resolver.resolvePage('home').slug).toBe('home');
    // The entry page answers with its template's error, naming the template file.
    expect(errorOf(() => resolver.resolvePage('tags/alpha')).file).toBe('pages/tags/[slug].json');
  });
});

describe('resolvePage: what a resolver caches', () => {
  const tag = { name: 'Alpha', description: 'Alpha things', accent: '#123456' };
  const post = (title: string, date: string) => ({ title, excerpt: `${title} excerpt`, date, author: 'Ann', tags: ['alpha'], body: `# ${title}` });
  const files = () => ({
    'shared/header.json': header,
    'shared/footer.json': footer,
    'collections/tags/alpha.json': tag,
    'collections/posts/one.json': post('One', '2025-01-01'),
    'collections/posts/two.json': post('Two', '2026-01-01'),
    'pages/home.json': page('home', [
      { $ref: '../shared/header.json' },
      { id: 'home-posts', type: 'posts-list', data: { title: 'Latest', limit: 1 } },
      { $ref: '../shared/footer.json' },
    ]),
    'pages/about.json': page('about', [{ $ref: '../shared/header.json' }, block('about-a'), { $ref: '../shared/footer.json' }]),
    'pages/posts/[slug].json': page('posts/[slug]', [{ $ref: '../../shared/header.json' }, { id: 'post-body', type: 'post-detail', data: {} }], {
      template: { collection: 'posts' },
    }),
  });

  function deepFreeze<T>(value: T): T {
    if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
      Object.freeze(value);
      for (const item of Object.values(value)) deepFreeze(item);
    }
    return value;
  }

  function objectsIn(value: unknown, out = new Set<object>()): Set<object> {
    if (typeof value === 'object' && value !== null && !out.has(value)) {
      out.add(value);
      for (const item of Object.values(value)) objectsIn(item, out);
    }
    return out;
  }

  it('gives every page the same bundle whatever was resolved before', () => {
    const warm = resolverForFiles(files());
    const slugs = warm.listPages().map((p) => p.slug);
    const all = slugs.map((slug) => JSON.stringify(warm.resolvePage(slug)));
    for (const [index, slug] of slugs.entries()) {
      expect(JSON.stringify(resolverForFiles(files()).resolvePage(slug)), slug).toBe(all[index]);
      expect(JSON.stringify(warm.resolvePage(slug)), slug).toBe(all[index]);
    }
  });

  it('never changes the stored content; bundles share no object with it, and with each other only frozen checked sections', () => {
    const stored = deepFreeze(files());
    const resolver = resolverForFiles(stored);
    const bundles = resolver.listPages().map((p) => resolver.resolvePage(p.slug));
    const storedObjects = objectsIn(stored);
    const seen = new Set<object>();
    let shared = 0;
    for (const bundle of bundles) {
      expect(Object.isFrozen(bundle)).toBe(false);
      for (const object of objectsIn(bundle)) {
        expect(storedObjects.has(object)).toBe(false);
        if (seen.has(object)) {
          // The shared header's checked form, in every page (src/engine/bundle-check.ts).
          expect(Object.isFrozen(object)).toBe(true);
          shared += 1;
        }
        seen.add(object);
      }
    }
    expect(shared).toBeGreaterThan(0);
    // A caller cannot change what another bundle shows: the shared section refuses the change.
    expect(() => {
      (bundles[0]!.sections[0]!.data as { logoText: string }).logoText = 'changed';
    }).toThrow(TypeError);
    expect(resolver.resolvePage(bundles[0]!.slug).sections[0]!.data).toMatchObject({ logoText: 'Acme' });
  });

  it('starts fresh for a new snapshot: changed shared documents, entries and templates show', () => {
    const before = resolverForFiles(files());
    expect(before.resolvePage('about').sections[0]!.data).toMatchObject({ logoText: 'Acme' });
    expect(before.resolvePage('posts/one').meta.title).toBe('One · T');
    const changed = {
      ...files(),
      'shared/header.json': { ...header, data: { ...header.data, logoText: 'Renamed' } },
      'collections/posts/one.json': post('One, revised', '2025-01-01'),
      'pages/posts/[slug].json': page('posts/[slug]', [{ id: 'post-body', type: 'post-detail', data: { showCover: false } }], {
        template: { collection: 'posts' },
      }),
    };
    const after = resolverForFiles(changed);
    expect(after.resolvePage('about').sections[0]!.data).toMatchObject({ logoText: 'Renamed' });
    expect(after.resolvePage('posts/one').meta.title).toBe('One, revised · T');
    expect(after.resolvePage('posts/two').sections[0]!.data).toMatchObject({ showCover: false });
    // The first resolver still answers from its own snapshot.
    expect(before.resolvePage('about').sections[0]!.data).toMatchObject({ logoText: 'Acme' });
  });

  it('reports a template that is invalid on every entry page, not only the first', () => {
    const resolver = resolverForFiles({
      ...files(),
      'pages/posts/[slug].json': page('posts/[slug]', [{ id: 'x', type: 'post-detail', data: { showCover: 'no' } }], { template: { collection: 'posts' } }),
    });
    for (const slug of ['posts/one', 'posts/two']) expect(errorOf(() => resolver.resolvePage(slug)).kind, slug).toBe('invalid');
  });

  it('names the escaped pointer of a bad ref inside a shared document, every time it is met', () => {
    const resolver = resolverForFiles({
      'pages/home.json': page('home', [block('a', { $ref: '../shared/t.json#/x' })]),
      'pages/about.json': page('about', [block('b', { $ref: '../shared/t.json#/x' })]),
      'shared/t.json': { x: { 'a/b~c': [{ $ref: 5 }] } },
    });
    for (const slug of ['home', 'about']) {
      expect(errorOf(() => resolver.resolvePage(slug)), slug).toMatchObject({ kind: 'invalid', file: 'shared/t.json', pointer: '/x/a~1b~0c/0' });
    }
  });
});
