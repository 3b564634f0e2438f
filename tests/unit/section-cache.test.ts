/**
 * The section render cache (src/lib/section-cache.ts): its key covers exactly
 * what a view reads, its size is bounded least recently used first, and every
 * view that reads its id or the visitor's path declares it in its definition.
 * That the cached build is byte-identical to an uncached one is the build test
 * tests/build/section-cache.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BundleSection } from '../../src/engine/resolver';
import { adoptSectionDigests, cachedSection, cacheSection, clearSectionCache, sectionCacheStats, sectionDigest, sectionRenderKey } from '../../src/lib/section-cache';
import { sectionRegistry } from '../../src/sections/registry';

const SECTIONS = fileURLToPath(new URL('../../src/sections/', import.meta.url));
const VIEW_PARTS = fileURLToPath(new URL('../../src/components/views/', import.meta.url));

const section = (overrides: Partial<BundleSection> = {}): BundleSection =>
  ({ id: 'a-block', type: 'faq', data: { body: 'Hello' }, settings: { paddingTop: 'sm' }, ...overrides }) as BundleSection;
const snapshot = {};
const keyOf = (value: BundleSection, path = '/about/', content: object = snapshot, mainHeading = false) =>
  sectionRenderKey(value, sectionRegistry.get(value.type)!.viewReads, { path, mainHeading }, content);

describe('the section render key', () => {
  it('is the same for equal inputs and differs with the type, the data or the settings', () => {
    expect(keyOf(section())).toBe(keyOf(section()));
    expect(keyOf(section())).toMatch(/^\d+:faq:/);
    expect(keyOf(section({ data: { body: 'Hello!' } }))).not.toBe(keyOf(section()));
    expect(keyOf(section({ settings: { paddingTop: 'lg' } }))).not.toBe(keyOf(section()));
    expect(keyOf(section({ type: 'cta-banner' }))).not.toBe(keyOf(section()));
  });

  it('differs between content snapshots: views read a little outside their data (the site language, image files)', () => {
    const nextPublication = {};
    expect(keyOf(section(), '/about/', nextPublication)).not.toBe(keyOf(section()));
    expect(keyOf(section(), '/about/', nextPublication)).toBe(keyOf(section(), '/about/', nextPublication));
  });

  it('leaves out the id and the path for a view that reads neither, so equal sections on other pages share one render', () => {
    expect(sectionRegistry.get('faq')!.viewReads).toEqual({});
    expect(keyOf(section({ id: 'other-block' }), '/elsewhere/')).toBe(keyOf(section()));
  });

  it("keys the footer on its id, which names its brand mark's gradient", () => {
    const footer = section({ type: 'footer', id: 'site-footer', data: { brandText: 'B', copyright: '©', menu: [] } });
    expect(keyOf({ ...footer, id: 'other-footer' })).not.toBe(keyOf(footer));
    expect(keyOf(footer, '/elsewhere/')).toBe(keyOf(footer));
  });

  it('keys the header on which menu items are current, not on the whole path', () => {
    const header = section({ type: 'header', id: 'site-header', data: { logoText: 'B', logoHref: '/', menu: [{ label: 'About', href: '/about/' }, { label: 'Blog', href: '/blog' }] } });
    // Neither item is current on either page: one render serves both.
    expect(keyOf(header, '/posts/a/')).toBe(keyOf(header, '/tags/b/'));
    expect(keyOf(header, '/about/')).not.toBe(keyOf(header, '/posts/a/'));
    expect(keyOf(header, '/about')).toBe(keyOf(header, '/about/'));
    expect(keyOf(header, '/blog/')).not.toBe(keyOf(header, '/about/'));
  });

  it("keys a title section on whether it writes the page's h1, and no other view", () => {
    const pageHero = section({ type: 'page-hero', id: 'about-hero', data: { title: 'About us' } });
    expect(keyOf(pageHero, '/about/', snapshot, true)).not.toBe(keyOf(pageHero, '/about/', snapshot, false));
    expect(keyOf(pageHero, '/about/', snapshot, true)).toBe(keyOf(pageHero, '/elsewhere/', snapshot, true));
    expect(keyOf(section(), '/about/', snapshot, true)).toBe(keyOf(section()));
  });
});

describe("a section's digest", () => {
  const reads = sectionRegistry.get('faq')!.viewReads;

  it('is the same for a copy parsed from JSON, and a render worker takes the one made where the bundle was resolved', () => {
    const frozen = Object.freeze(section());
    const parsed = JSON.parse(JSON.stringify(frozen)) as BundleSection;
    expect(sectionDigest(parsed, reads)).toBe(sectionDigest(frozen, reads));
    const adopted = JSON.parse(JSON.stringify(frozen)) as BundleSection;
    adoptSectionDigests([adopted], ['given-digest']);
    expect(keyOf(adopted)).toBe(`${keyOf(section()).split(':')[0]}:faq:given-digest`);
  });

  it('is kept for a frozen section, or one given its digest; one that can change is hashed each time', () => {
    const open = section();
    const before = sectionDigest(open, reads);
    open.data = { body: 'Changed' };
    expect(sectionDigest(open, reads)).not.toBe(before);
  });
});

describe('the cache', () => {
  beforeEach(() => clearSectionCache());

  /** A section as a page renders it: looked up, and on a miss rendered and offered to the cache. */
  const render = (key: string, html: string, budget?: number) => cachedSection(key) ?? (cacheSection(key, html, budget), html);

  it('keeps a section from its second render on, and counts hits and misses', () => {
    render('k1', '<p>one</p>');
    expect(sectionCacheStats()).toMatchObject({ hits: 0, misses: 1, entries: 0 });
    render('k1', '<p>one</p>');
    expect(cachedSection('k1')).toBe('<p>one</p>');
    expect(sectionCacheStats()).toMatchObject({ hits: 1, misses: 2, entries: 1 });
  });

  it('never stores a section rendered once, so unique sections cost no eviction', () => {
    for (let page = 0; page < 1000; page += 1) render(`unique-${page}`, 'x'.repeat(10));
    expect(sectionCacheStats().entries).toBe(0);
  });

  it('stays within its budget, dropping the least recently used first', () => {
    const budget = 3 * (2 + 10);
    for (const key of ['k1', 'k2', 'k3', 'k1', 'k2', 'k3']) cacheSection(key, 'x'.repeat(10), budget);
    cachedSection('k1');
    cacheSection('k4', 'x'.repeat(10), budget);
    cacheSection('k4', 'x'.repeat(10), budget);
    expect(cachedSection('k2')).toBeUndefined();
    expect(cachedSection('k1')).toBeDefined();
    expect(cachedSection('k4')).toBeDefined();
    expect(sectionCacheStats().chars).toBeLessThanOrEqual(budget);
    cacheSection('huge', 'x'.repeat(budget), budget);
    cacheSection('huge', 'x'.repeat(budget), budget);
    expect(cachedSection('huge')).toBeUndefined();
  });
});

describe('view declarations', () => {
  const source = (dir: string, file: string) => readFileSync(`${dir}${file}`, 'utf8');
  const readsPath = (text: string) => /visitorPath\(|Astro\.url|Astro\.request|Astro\.params/.test(text);
  const readsId = (text: string) => /const\s*\{[^}]*\bid\b[^}]*\}\s*=\s*Astro\.props|Astro\.props\.id\b/.test(text);
  const readsMainHeading = (text: string) => /const\s*\{[^}]*\bmainHeading\b[^}]*\}\s*=\s*Astro\.props|Astro\.props\.mainHeading\b/.test(text);
  const writesH1 = (text: string) => /<h1[\s>]/.test(text);
  const writesImg = (text: string) => /<img\s/.test(text);

  it('every view that reads its id, the path or its heading level says so in its definition, and none writes a literal h1 or img', () => {
    for (const type of readdirSync(SECTIONS, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)) {
      const view = source(SECTIONS, `${type}/View.astro`);
      const { viewReads } = sectionRegistry.get(type)!;
      expect(Boolean(viewReads.id), `${type} reads its id`).toBe(readsId(view));
      expect(viewReads.path !== undefined, `${type} reads the path`).toBe(readsPath(view));
      expect(Boolean(viewReads.mainHeading), `${type} reads whether it writes the page's main heading`).toBe(readsMainHeading(view));
      // A view writes the page's h1 only as its main heading (src/engine/main-heading.ts), never as a literal tag.
      expect(writesH1(view), `${type} writes a literal <h1>`).toBe(false);
      // Images go through Img.astro, which sends sized copies without the upload's metadata (a photo's GPS position): a plain <img> sent the original.
      expect(writesImg(view), `${type} writes a literal <img>: use src/components/views/Img.astro`).toBe(false);
    }
  });

  it('the parts views share read neither the path nor the request, so only views need declaring', () => {
    for (const file of readdirSync(VIEW_PARTS).filter((name) => name.endsWith('.astro'))) {
      expect(readsPath(source(VIEW_PARTS, file)), file).toBe(false);
    }
  });
});
