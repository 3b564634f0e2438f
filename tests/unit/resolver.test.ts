import { describe, expect, it } from 'vitest';
import { MAX_REF_DEPTH, PageNotFoundError } from '../../src/engine/resolver';
import { contentErrorOf, resolverForFiles } from '../helpers/registry';

const meta = { title: 'T', description: 'D' };
const header = { id: 'site-header', type: 'header', data: { logoText: 'Acme', menu: [] } };
const footer = { id: 'site-footer', type: 'footer', data: { brandText: 'Acme', copyright: '©', menu: [] } };
const page = (slug: string, sections: unknown[], extra: object = {}) => ({ id: slug.replaceAll('/', '-'), slug, meta, sections, ...extra });
const block = (id: string, body: unknown = 'Hello') => ({ id, type: 'content-block', data: { body } });

const errorOf = contentErrorOf;

describe('resolvePage: stored pages checked once per parsed document', () => {
  it('reuses a check for the same document at the same file, and checks a changed or moved one again', () => {
    const home = page('home', [block('home-a')]);
    expect(resolverForFiles({ 'pages/home.json': home }).resolvePage('home').id).toBe('home');
    // A later snapshot that kept the object (the file did not change) resolves it as before.
    expect(resolverForFiles({ 'pages/home.json': home }).resolvePage('home').id).toBe('home');
    // A changed file is a new object, and is checked again.
    const broken = { ...home, meta: { title: 42 } };
    expect(errorOf(() => resolverForFiles({ 'pages/home.json': broken }).resolvePage('home'))).toMatchObject({ kind: 'invalid', file: 'pages/home.json' });
    // The same object under another name still has its slug checked against that name.
    expect(errorOf(() => resolverForFiles({ 'pages/about.json': home }).resolvePage('about'))).toMatchObject({ kind: 'invalid', file: 'pages/about.json' });
  });
});

describe('resolvePage: pages and slugs', () => {
  const files = {
    'pages/home.json': page('home', [block('home-a')]),
    'pages/docs/guide/intro.json': page('docs/guide/intro', [block('intro-a')]),
  };

  it('resolves home and nested slugs', () => {
    const resolver = resolverForFiles(files);
    expect(resolver.resolvePage('home').sections[0]).toMatchObject({ id: 'home-a', type: 'content-block' });
    expect(resolver.resolvePage('docs/guide/intro').slug).toBe('docs/guide/intro');
  });

  it('throws a typed not-found for unknown and malformed slugs', () => {
    const resolver = resolverForFiles(files);
    for (const slug of ['missing', 'docs', '../home', 'Home', 'docs//guide', 'posts/[slug]']) {
      expect(() => resolver.resolvePage(slug), slug).toThrow(PageNotFoundError);
    }
  });

  it('applies settings defaults and ignores settings that do not apply', () => {
    const resolver = resolverForFiles({
      'pages/home.json': page('home', [
        { ...block('a'), settings: { sticky: true, showLogo: false, paddingBottom: 'xl' } },
        { ...header, id: 'h2', settings: {} },
      ]),
    });
    const [first, second] = resolver.resolvePage('home').sections;
    expect(first!.settings).toEqual({ paddingTop: 'md', paddingBottom: 'xl' });
    expect(second!.settings).toEqual({ paddingTop: 'md', paddingBottom: 'md', sticky: false });
  });

  it('leaves an omitted hero paddingTop to the theme and rejects 2xl on the hero', () => {
    const hero = {
      id: 'home-hero',
      type: 'hero',
      data: { title: 'T', subtitle: 'S', primaryCta: { id: 'c', label: 'Go', href: '/', variant: 'primary' } },
    };
    const resolved = resolverForFiles({ 'pages/home.json': page('home', [hero]) }).resolvePage('home');
    expect(resolved.sections[0]!.settings).toEqual({ paddingBottom: 'md' });
    const error = errorOf(() =>
      resolverForFiles({ 'pages/home.json': page('home', [{ ...hero, settings: { paddingTop: '2xl' } }]) }).resolvePage('home'),
    );
    expect(error.issues).toContainEqual(expect.objectContaining({ path: '/sections/0/settings/paddingTop' }));
  });

  it('reports invalid section data with the path of the field', () => {
    const error = errorOf(() =>
      resolverForFiles({
        'pages/home.json': page('home', [
          { id: 'b', type: 'cta-banner', data: { title: 'x', ctas: [1, 2, 3].map((n) => ({ id: `c${n}`, label: 'L', href: '/', variant: 'primary' })) } },
        ]),
      }).resolvePage('home'),
    );
    expect(error.kind).toBe('invalid');
    expect(error.file).toBe('pages/home.json');
    expect(error.issues).toContainEqual({ path: '/sections/0/data/ctas', message: 'At most two buttons' });
  });

  it('rejects a slug field that does not match the file', () => {
    const error = errorOf(() => resolverForFiles({ 'pages/about.json': page('other', []) }).resolvePage('about'));
    expect(error.message).toMatch(/does not match its file/);
  });
});

describe('resolvePage: $ref', () => {
  it('follows refs across nested files, relative to the referring file', () => {
    const resolver = resolverForFiles({
      'pages/docs/a.json': page('docs/a', [{ $ref: '../../shared/header.json' }, block('a-body')]),
      'shared/header.json': { ...header, data: { ...header.data, logoText: { $ref: 'brand/site.json#/name' } } },
      'shared/brand/site.json': { name: 'Nested Co' },
    });
    expect(resolver.resolvePage('docs/a').sections[0]).toMatchObject({ id: 'site-header', data: { logoText: 'Nested Co' } });
  });

  it('resolves pointers with escapes, array indexes and percent-encoding', () => {
    const resolver = resolverForFiles({
      'pages/home.json': page('home', [
        block('a', { $ref: '../shared/texts.json#/a~1b/m~0n' }),
        block('b', { $ref: '../shared/texts.json#/list/1' }),
        block('c', { $ref: '../shared/texts.json#/with%20space' }),
        block('d', { $ref: '../shared/texts.json#/' }),
      ]),
      'shared/texts.json': { 'a/b': { 'm~n': 'escaped' }, list: ['zero', 'one'], 'with space': 'spaced', '': 'empty key' },
    });
    expect(resolver.resolvePage('home').sections.map((s) => (s.data as { body: string }).body)).toEqual([
      'escaped', 'one', 'spaced', 'empty key',
    ]);
  });

  it('follows a pointer through a ref inside the target document', () => {
    const resolver = resolverForFiles({
      'pages/home.json': page('home', [block('a', { $ref: '../shared/a.json#/inner/text' })]),
      'shared/a.json': { inner: { $ref: 'b.json' } },
      'shared/b.json': { text: 'through' },
    });
    expect((resolver.resolvePage('home').sections[0]!.data as { body: string }).body).toBe('through');
  });

  it('detects cycles and names the chain', () => {
    const error = errorOf(() =>
      resolverForFiles({
        'pages/home.json': page('home', [block('a', { $ref: '../shared/a.json#/x' })]),
        'shared/a.json': { x: { $ref: 'b.json#/y' } },
        'shared/b.json': { y: { $ref: 'a.json#/x' } },
      }).resolvePage('home'),
    );
    expect(error.kind).toBe('cyclic-ref');
    expect(error.message).toContain('shared/a.json#/x → shared/b.json#/y → shared/a.json#/x');
  });

  it('detects a ref to its own document', () => {
    const error = errorOf(() =>
      resolverForFiles({ 'pages/home.json': page('home', [block('a', { $ref: '../shared/self.json' })]), 'shared/self.json': { me: { $ref: '#' } } }).resolvePage('home'),
    );
    expect(error.kind).toBe('cyclic-ref');
  });

  it('reports dangling refs with the file and pointer', () => {
    const missingFile = errorOf(() => resolverForFiles({ 'pages/home.json': page('home', [block('a', { $ref: '../shared/nope.json' })]) }).resolvePage('home'));
    expect(missingFile).toMatchObject({ kind: 'dangling-ref', file: 'pages/home.json', pointer: '/sections/0/data/body' });
    expect(missingFile.message).toContain('shared/nope.json does not exist');

    const missingKey = errorOf(() =>
      resolverForFiles({ 'pages/home.json': page('home', [block('a', { $ref: '../shared/t.json#/b' })]), 'shared/t.json': { a: 1 } }).resolvePage('home'),
    );
    expect(missingKey.message).toContain('no key "b"');

    const pastEnd = errorOf(() =>
      resolverForFiles({ 'pages/home.json': page('home', [block('a', { $ref: '../shared/t.json#/list/2' })]), 'shared/t.json': { list: ['x'] } }).resolvePage('home'),
    );
    expect(pastEnd.message).toContain('past the end');
  });

  it('refuses refs that leave the data folder', () => {
    const error = errorOf(() => resolverForFiles({ 'pages/home.json': page('home', [block('a', { $ref: '../../package.json' })]) }).resolvePage('home'));
    expect(error.kind).toBe('out-of-root');
    expect(error.message).not.toMatch(/(^|[\s"])\/(work|tmp|root|home|usr)\b/);
  });

  it('never resolves __proto__, constructor or prototype, even as own keys', () => {
    const texts = JSON.parse('{"__proto__": {"body": "polluted"}, "constructor": "c", "prototype": "p"}');
    for (const key of ['__proto__', 'constructor', 'prototype', '__proto__/body']) {
      const error = errorOf(() =>
        resolverForFiles({ 'pages/home.json': page('home', [block('a', { $ref: `../shared/t.json#/${key}` })]), 'shared/t.json': texts }).resolvePage('home'),
      );
      expect(error.kind, key).toBe('dangling-ref');
      expect(error.message).toContain('never resolves');
    }
    expect(({} as Record<string, unknown>).body).toBeUndefined();
  });

  it('never lets an own "__proto__" key of a stored document lend it fields', () => {
    // The object holds a ref, so the resolver copies it; the copy must not take "__proto__" as its prototype,
    // or the optional title it "inherits" would pass the schema and reach the bundle.
    // Such a key is an unknown field, refused by name.
    const section = JSON.parse('{"id": "a", "type": "content-block", "data": {"__proto__": {"title": "Inherited"}, "body": {"$ref": "../shared/t.json#/body"}}}');
    const error = errorOf(() => resolverForFiles({ 'pages/home.json': page('home', [section]), 'shared/t.json': { body: 'Shared body' } }).resolvePage('home'));
    expect(error.issues).toContainEqual({ path: '/sections/0/data/__proto__', message: expect.stringMatching(/^Unknown field "__proto__"\./) });
    expect(({} as Record<string, unknown>).title).toBeUndefined();
  });

  it('refuses unknown fields by name, with a suggestion, in the page and in the documents its refs reach', () => {
    const typo = { id: 'a', type: 'content-block', data: { titel: 'Hello', body: 'x' } };
    const inPage = errorOf(() => resolverForFiles({ 'pages/home.json': page('home', [typo]) }).resolvePage('home'));
    expect(inPage.fileIssues()).toEqual([{ file: 'pages/home.json', path: '/sections/0/data/titel', message: expect.stringMatching(/^Unknown field "titel": did you mean "title"\?/) }]);
    const shared = errorOf(() => resolverForFiles({ 'pages/home.json': page('home', [{ $ref: '../shared/block.json' }]), 'shared/block.json': { ...typo, colour: 'red' } }).resolvePage('home'));
    expect(shared.fileIssues().map((issue) => `${issue.file}#${issue.path}`).sort()).toEqual(['shared/block.json#/colour', 'shared/block.json#/data/titel']);
    // Settings that do not apply are ignored, as the spec says.
    expect(resolverForFiles({ 'pages/home.json': page('home', [{ ...block('b'), settings: { sticky: true, whatever: 1 } }]) }).resolvePage('home').slug).toBe('home');
  });

  it('caps the depth of ref chains', () => {
    const files: Record<string, unknown> = { 'pages/home.json': page('home', [block('a', { $ref: '../shared/d0.json' })]) };
    for (let i = 0; i <= MAX_REF_DEPTH + 1; i += 1) files[`shared/d${i}.json`] = { $ref: `d${i + 1}.json` };
    files[`shared/d${MAX_REF_DEPTH + 2}.json`] = 'bottom';
    expect(errorOf(() => resolverForFiles(files).resolvePage('home')).kind).toBe('limit');
  });

  it('caps the number of refs on one page', () => {
    const sections = Array.from({ length: 2100 }, (_, i) => block(`b${i}`, { $ref: '../shared/t.json#/x' }));
    const error = errorOf(() => resolverForFiles({ 'pages/home.json': page('home', sections), 'shared/t.json': { x: 'y' } }).resolvePage('home'));
    expect(error.kind).toBe('limit');
  });

  it('reports malformed $ref objects in stored pages', () => {
    const error = errorOf(() =>
      resolverForFiles({ 'pages/home.json': page('home', [block('a', { $ref: 'x.json', extra: 1 })]) }).resolvePage('home'),
    );
    expect(error.issues).toContainEqual({ path: '/sections/0/data/body', message: 'an object with $ref may have no other keys' });
  });

  it('validates what a ref resolves to against the section schema, and reports a missing field in the file that should hold it', () => {
    const error = errorOf(() =>
      resolverForFiles({ 'pages/home.json': page('home', [{ $ref: '../shared/bad.json' }]), 'shared/bad.json': { id: 'x', type: 'footer', data: {} } }).resolvePage('home'),
    );
    expect(error.file).toBe('pages/home.json');
    expect(error.fileIssues()).toContainEqual({ file: 'shared/bad.json', path: '/data/brandText', message: expect.any(String) });
  });
});

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
    expect(error.issues).toContainEqual({ path: '/date', message: 'Use a YYYY-MM-DD date' });
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
