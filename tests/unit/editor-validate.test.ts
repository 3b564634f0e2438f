import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAt, type StoredPage } from '../../src/editor/lib/model';
import { pageIssues, pathKey, sameIssuesUnder, sectionIssues, validationStats } from '../../src/editor/lib/validate';
import { StoredPageSchema, StoredSectionSchema } from '../../src/sections/registry';

/** The reference: the whole schema, first message per key, in the schema's order. */
function viaSchema(schema: typeof StoredPageSchema | typeof StoredSectionSchema, value: unknown): [string, string][] {
  const issues = new Map<string, string>();
  for (const issue of schema.safeParse(value).error?.issues ?? []) if (!issues.has(pathKey(issue.path))) issues.set(pathKey(issue.path), issue.message);
  return [...issues];
}

const expectSameAsSchema = (page: unknown) => {
  expect([...pageIssues(page)]).toEqual(viaSchema(StoredPageSchema, page));
};

const meta = { title: 'Title', description: 'Description.' };
const header = { $ref: '../shared/header.json' };
const footer = { $ref: '../shared/footer.json' };
const hero = (id: string) => ({ id, type: 'hero', data: { title: 'Welcome', subtitle: 'Hello.', primaryCta: { id: `${id}-cta`, label: 'Go', href: '/', variant: 'primary' } } });
const text = (id: string, body = 'Some **text**.') => ({ id, type: 'content-block', data: { body } });
const cta = (id: string, title = 'Act now') => ({ id, type: 'cta-banner', data: { title, ctas: [{ id: `${id}-a`, label: 'Go', href: '/', variant: 'primary' }] } });
const page = (sections: unknown[], extra: Record<string, unknown> = {}) => ({ id: 'p', slug: 'p', meta, sections, ...extra });

function demoPages(dir = join(__dirname, '../../src/data/pages')): unknown[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? demoPages(join(dir, entry.name)) : [JSON.parse(readFileSync(join(dir, entry.name), 'utf8'))],
  );
}

describe('page validation, section by section', () => {
  it('gives what StoredPageSchema gives for the demo pages', () => {
    const pages = demoPages();
    expect(pages.length).toBeGreaterThan(3);
    for (const demo of pages) expectSameAsSchema(demo);
  });

  it('gives what StoredPageSchema gives for valid pages', () => {
    expectSameAsSchema(page([header, hero('p-hero'), text('p-text'), cta('p-cta'), footer]));
    expectSameAsSchema(page([hero('p-hero'), text('p-text')]));
    expectSameAsSchema(page([]));
  });

  it('reports duplicate ids and a misplaced hero', () => {
    const duplicate = page([hero('p-hero'), text('p-text'), text('p-text')]);
    expect(pageIssues(duplicate).get('sections.2.id')).toBe('Duplicate section id "p-text"');
    expectSameAsSchema(duplicate);

    const misplaced = page([text('p-text'), hero('p-hero'), hero('p-hero-2')]);
    expect(pageIssues(misplaced).get('sections.1.type')).toMatch(/must come first/);
    expectSameAsSchema(misplaced);

    // A failed check (not a failed parse) still lets zod run the order checks.
    const blankTitles = page([hero('p-hero'), cta('p-cta', ' '), cta('p-cta', ' '), hero('p-hero-2')]);
    expect([...pageIssues(blankTitles).keys()]).toEqual(['sections.1.data.title', 'sections.2.data.title', 'sections.2.id', 'sections.3.type']);
    expectSameAsSchema(blankTitles);
    expectSameAsSchema(page([{ id: ' ', type: 'content-block', data: { body: 'x' } }, text(' ')]));
  });

  it('checks the section order even next to $ref and invalid sections, like the schema', () => {
    const duplicates = page([header, text('p-text'), text('p-text')]);
    expect(pageIssues(duplicates).get('sections.2.id')).toBe('Duplicate section id "p-text"');
    expectSameAsSchema(duplicates);
    expectSameAsSchema(page([text('p-text'), text('p-text', 42 as unknown as string)]));
    expectSameAsSchema(page([text('p-text'), { id: 'p-text', type: 'no-such-type', data: {} }]));
    expectSameAsSchema(page([text('p-text'), null, 3, 'x', text('p-text')]));
  });

  it('reports invalid meta and page fields', () => {
    const invalid = page([hero('p-hero'), hero('p-hero')], { id: '', meta: { title: 5, ogImage: { url: ' ' } }, template: { collection: 'nope' } });
    expect(pageIssues(invalid).get('meta.title')).toBeDefined();
    expectSameAsSchema(invalid);
    expectSameAsSchema(page([text('p-text')], { meta: undefined }));
    expectSameAsSchema({ sections: [text('p-text')], meta: { description: 3 }, slug: 'p' });
  });

  it('handles `$ref`s like the schema: ignored where valid, reported where malformed', () => {
    const refs = page(
      [{ $ref: '' }, { $ref: 'x.json', other: 1 }, { ...cta('p-cta'), data: { title: { $ref: 'site.json#/name' }, ctas: [{ $ref: 7 }] } }, text('p-text')],
      { meta: { title: { $ref: 5 }, description: { $ref: 'site.json#/description' } } },
    );
    expect(pageIssues(refs).get('sections.0')).toBe('$ref must be a non-empty string');
    expectSameAsSchema(refs);
    // Malformed refs come in document order, whatever the page's key order.
    expectSameAsSchema({ sections: [{ $ref: '' }], id: 'p', meta: { title: { $ref: '' } }, slug: 'p' });
  });

  it('handles shapes the editor does not produce', () => {
    for (const odd of [null, 5, 'page', [], { $ref: '../x.json' }, page({} as unknown[]), page({ $ref: 'x.json' } as unknown as unknown[]), {}]) expectSameAsSchema(odd);
  });

  it('checks one section like StoredSectionSchema', () => {
    for (const section of [hero('h'), text('t', ''), cta('c', ' '), { id: 'x', type: 'nope' }, { $ref: '' }, null, { ...text('t'), data: { body: { $ref: 'a.json' } } }]) {
      expect([...sectionIssues(section)]).toEqual(viaSchema(StoredSectionSchema, section));
    }
  });
});

describe('the section cache', () => {
  const big = page([header, ...Array.from({ length: 200 }, (_, i) => (i % 2 ? text(`p-text-${i}`) : cta(`p-cta-${i}`))), footer]) as StoredPage;

  beforeEach(() => {
    pageIssues(big);
    validationStats.sectionsChecked = 0;
  });

  it('does not re-validate an unchanged page', () => {
    pageIssues(big);
    expect(validationStats.sectionsChecked).toBe(0);
  });

  it('re-validates only the section an edit changed', () => {
    const edited = setAt(big, ['sections', 101, 'data', 'title'], '');
    const issues = pageIssues(edited);
    expect(validationStats.sectionsChecked).toBe(1);
    expect([...issues]).toEqual(viaSchema(StoredPageSchema, edited));
    expect(issues.get('sections.101.data.title')).toBe('Required');
  });

  it('re-checks the page rules without re-validating sections', () => {
    const duplicate = setAt(big, ['sections', 150, 'id'], 'p-cta-2');
    expect(pageIssues(duplicate).get('sections.150.id')).toBe('Duplicate section id "p-cta-2"');
    expect(validationStats.sectionsChecked).toBe(1);
    const withoutRefs = { ...big, sections: big.sections.slice(1, -1) };
    const duplicateId = setAt(withoutRefs, ['sections', 149, 'id'], 'p-cta-2');
    expect(pageIssues(duplicateId).get('sections.149.id')).toBe('Duplicate section id "p-cta-2"');
    expect(validationStats.sectionsChecked).toBe(2);
    expect(pageIssues(setAt(withoutRefs, ['meta', 'title'], '')).get('meta.title')).toBe('Required');
    expect(validationStats.sectionsChecked).toBe(2);
  });
});

describe('sameIssuesUnder (whether a memoized field must render again)', () => {
  const before = new Map([
    ['data.title', 'Required'],
    ['data.ctas.0.href', 'Invalid URL'],
    ['data.titled', 'Too long'],
  ]);

  it('ignores changes outside the prefix, including keys that only start with the same text', () => {
    const after = new Map([...before, ['data.titled', 'Something else'], ['settings.gap', 'Invalid']]);
    expect(sameIssuesUnder(before, after, 'data.title')).toBe(true);
    expect(sameIssuesUnder(before, after, 'data.ctas')).toBe(true);
  });

  it('sees an issue that changed, appeared or went away at or under the prefix', () => {
    expect(sameIssuesUnder(before, new Map([...before, ['data.title', 'Too short']]), 'data.title')).toBe(false);
    expect(sameIssuesUnder(before, new Map([...before, ['data.ctas.1.label', 'Required']]), 'data.ctas')).toBe(false);
    const fixed = new Map(before);
    fixed.delete('data.ctas.0.href');
    expect(sameIssuesUnder(before, fixed, 'data.ctas')).toBe(false);
    expect(sameIssuesUnder(before, fixed, 'data.ctas.0')).toBe(false);
  });

  it('treats the same map as the same, without looking', () => {
    expect(sameIssuesUnder(before, before, 'data')).toBe(true);
  });
});
