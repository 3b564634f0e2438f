import { describe, expect, it } from 'vitest';
import { MAX_REF_DEPTH, PageNotFoundError } from '../../src/engine/resolver';
import { contentErrorOf, resolverForFiles } from '../helpers/registry';
import { block, footer, header, meta, page } from '../helpers/resolver-fixtures';

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
