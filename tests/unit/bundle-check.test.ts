import { describe, expect, it } from 'vitest';
import type { z } from 'astro/zod';
import { checkBundle, checksForCollections, MAX_KEPT_BY_CONTENT, type BundleSchemas, type SectionToCheck } from '../../src/engine/bundle-check';
import { bundleSchemas } from '../../src/sections/registry';
import { block, header, meta } from '../helpers/bundle-fixtures';

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
