import { describe, expect, it } from 'vitest';
import { sectionRegistry, sectionTypes, StoredPageSchema } from '../../src/sections/registry';
import { storedDataSchema } from '../../src/engine/schema/define-section';
import { BUILT_IN_TYPES } from '../helpers/built-in-types';

const cta = { id: 'c1', label: 'Go', href: '/go/', variant: 'primary' };
const tag = { name: 'Alpha', description: 'About alpha', accent: '#112233', slug: 'alpha', url: '/tags/alpha/' };
const card = { title: 'T', excerpt: 'E', date: '2026-01-02', author: 'A', tags: [tag], slug: 't', url: '/posts/t/' };

/** A valid bundle `data` for every type, and bad inputs with the path that must be named. */
const cases: Record<string, { valid: object; bad: [object, string][] }> = {
  header: {
    valid: { logoText: 'Acme', announcement: { text: 'New!' }, menu: [{ label: 'Home', href: '/' }], cta },
    bad: [
      [{ menu: [] }, 'logoText'],
      [{ logoText: 'A', menu: [{ label: 'x' }] }, 'menu.0.href'],
      [{ logoText: 'A', menu: [], cta: { ...cta, variant: 'loud' } }, 'cta.variant'],
    ],
  },
  footer: {
    valid: { brandText: 'Acme', tagline: 'Hi', email: 'a@b.co', copyright: '©', menu: [] },
    bad: [
      [{ brandText: 'A', copyright: '©', menu: [], email: 'not-an-email' }, 'email'],
      [{ brandText: 'A', menu: [] }, 'copyright'],
    ],
  },
  hero: {
    valid: { label: 'L', title: 'T', titleHighlight: 'H', subtitle: 'S', primaryCta: cta, secondaryCta: { ...cta, id: 'c2', variant: 'ghost' }, image: { url: '/a.png', alt: 'A' } },
    bad: [
      [{ title: 'T', subtitle: 'S' }, 'primaryCta'],
      [{ title: ' ', subtitle: 'S', primaryCta: cta }, 'title'],
      [{ title: 'T', subtitle: 'S', primaryCta: cta, image: { url: '/a.png' } }, 'image.alt'],
    ],
  },
  'page-hero': { valid: { label: 'L', title: 'T', description: 'D' }, bad: [[{ description: 'D' }, 'title']] },
  'posts-list': {
    valid: { title: 'T', variant: 'bento', limit: 3, posts: [card] },
    bad: [
      [{ title: 'T', variant: 'masonry', posts: [] }, 'variant'],
      [{ title: 'T', limit: 0, posts: [] }, 'limit'],
      [{ title: 'T', limit: 2.5, posts: [] }, 'limit'],
    ],
  },
  'tags-list': { valid: { title: 'T', tags: [tag] }, bad: [[{ title: 'T', tags: [{ ...tag, accent: 'red' }] }, 'tags.0.accent']] },
  'post-detail': { valid: { showCover: false, post: { ...card, body: '# B' } }, bad: [[{ post: { ...card } }, 'post.body']] },
  'related-tags': { valid: { title: 'T', tags: [tag] }, bad: [[{ tags: [] }, 'title']] },
  'tag-detail': { valid: { label: 'Topic', tag }, bad: [[{ tag: { ...tag, name: '' } }, 'tag.name']] },
  'tag-posts': { valid: { title: 'T', emptyText: 'None', posts: [card] }, bad: [[{ title: 'T', posts: [{ ...card, date: '2026-13-01' }] }, 'posts.0.date']] },
  'content-block': {
    valid: { label: 'L', title: 'T', body: '# Hi', width: 'wide' },
    bad: [
      [{ body: '' }, 'body'],
      [{ body: 'x', width: 'full' }, 'width'],
    ],
  },
  'stats-band': {
    valid: { title: 'T', stats: [{ icon: 'zap', value: '1', label: 'One' }] },
    bad: [
      [{ stats: [] }, 'stats'],
      [{ stats: [{ icon: 'unicorn', value: '1', label: 'x' }] }, 'stats.0.icon'],
      [{ stats: Array.from({ length: 7 }, () => ({ icon: 'zap', value: '1', label: 'x' })) }, 'stats'],
    ],
  },
  'cta-banner': {
    valid: { title: 'T', description: 'D', ctas: [cta, { ...cta, id: 'c2' }] },
    bad: [
      [{ title: 'T', ctas: [cta, cta, cta] }, 'ctas'],
      [{ ctas: [] }, 'title'],
    ],
  },
};

describe('section schemas', () => {
  it("has a case for every built-in type (a new type's defaults are checked below)", () => {
    expect(Object.keys(cases).sort()).toEqual([...BUILT_IN_TYPES].sort());
    expect(sectionTypes).toEqual(expect.arrayContaining(BUILT_IN_TYPES));
  });

  describe.each(Object.entries(cases))('%s', (type, { valid, bad }) => {
    const definition = sectionRegistry.get(type)!;

    it('accepts a valid example', () => {
      const result = definition.schema.safeParse(valid);
      expect(result.error?.issues ?? []).toEqual([]);
    });

    it.each(bad)('rejects %j at its path', (input, path) => {
      const result = definition.schema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((issue) => issue.path.join('.'))).toContain(path);
    });
  });
});

describe('stored pages', () => {
  const page = (sections: unknown[]) => ({ id: 'p', slug: 'p', meta: { title: 'T', description: 'D' }, sections });
  const paths = (input: unknown) => (StoredPageSchema.safeParse(input).error?.issues ?? []).map((issue) => issue.path.join('.'));

  it('accept $ref anywhere: whole sections, objects and single fields', () => {
    expect(
      paths(
        page([
          { $ref: '../shared/header.json' },
          { id: 'a', type: 'cta-banner', data: { title: { $ref: 'x.json#/t' }, ctas: [{ $ref: 'x.json#/cta' }] } },
          { id: 'b', type: 'content-block', data: { $ref: 'x.json#/block' } },
        ]),
      ),
    ).toEqual([]);
  });

  it('do not carry bound fields but still check the rest', () => {
    expect(paths(page([{ id: 'a', type: 'posts-list', data: { title: 'T' } }]))).toEqual([]);
    expect(paths(page([{ id: 'a', type: 'posts-list', data: { title: 'T', limit: -1 } }]))).toEqual(['sections.0.data.limit']);
  });

  it('name the unknown section type', () => {
    const issues = StoredPageSchema.safeParse(page([{ id: 'a', type: 'carousel', data: {} }])).error!.issues;
    expect(issues[0]!.path.join('.')).toBe('sections.0.type');
    expect(issues[0]!.message).toBe(`Unknown section type "carousel": the registry has ${sectionTypes.join(', ')}`);
    const long = StoredPageSchema.safeParse(page([{ id: 'a', type: `x\n${'y'.repeat(100)}`, data: {} }])).error!.issues;
    expect(long[0]!.message).toMatch(/^Unknown section type "x\\ny{58}…": /);
    const untyped = StoredPageSchema.safeParse(page([{ id: 'a', data: {} }])).error!.issues;
    expect(untyped[0]!.message).toBe(`A section needs a "type": one of ${sectionTypes.join(', ')}`);
  });

  it('reject duplicate ids and a hero that is not first', () => {
    const hero = { id: 'h', type: 'hero', data: { title: 'T', subtitle: 'S', primaryCta: cta } };
    const block = { id: 'b', type: 'content-block', data: { body: 'x' } };
    expect(paths(page([{ $ref: 'header.json' }, hero, block]))).toEqual([]);
    expect(paths(page([block, hero]))).toEqual(['sections.1.type']);
    expect(paths(page([block, { ...block }]))).toEqual(['sections.1.id']);
    // Also next to a shared ($ref) section, whose content is checked only once resolved.
    expect(paths(page([{ $ref: 'header.json' }, block, { ...block }]))).toEqual(['sections.2.id']);
    expect(paths(page([{ $ref: 'header.json' }, block, hero]))).toEqual(['sections.2.type']);
  });

  it('validate the defaults of each type inside a page', () => {
    const sections = sectionTypes
      .filter((type) => sectionRegistry.get(type)!.placement !== 'first')
      .map((type) => ({ id: `p-${type}`, type, data: sectionRegistry.get(type)!.defaults }));
    expect(paths(page(sections))).toEqual([]);
    expect(storedDataSchema(sectionRegistry.get('hero')!).safeParse(sectionRegistry.get('hero')!.defaults).success).toBe(true);
  });
});
