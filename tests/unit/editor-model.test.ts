import { describe, expect, it } from 'vitest';
import {
  addSection, docsFromPayload, duplicateSection, isDirty, moveSection, newSection, outline,
  pageTitle, removeSection, uniqueSectionId, type Docs, type StoredPage,
} from '../../src/editor/lib/model';

const header = { id: 'site-header', type: 'header', data: { logoText: { $ref: 'site.json#/name' }, menu: [] } };
const docs: Docs = docsFromPayload({
  problems: [],
  maxUploadBytes: 10 * 1024 * 1024,
  docs: [
    { file: 'shared/header.json', kind: 'shared', saveSlug: 'shared/header', data: header, version: 'v1' },
    { file: 'shared/footer.json', kind: 'shared', saveSlug: 'shared/footer', data: { id: 'site-footer', type: 'footer', data: {} }, version: 'v2' },
    { file: 'shared/site.json', kind: 'shared', saveSlug: 'shared/site', data: { name: 'Acme' }, version: 'v3' },
  ],
});
const page: StoredPage = {
  id: 'home', slug: 'home', meta: { title: 'T', description: 'D' },
  sections: [
    { $ref: '../shared/header.json' },
    { id: 'home-hero', type: 'hero', data: {} },
    { id: 'home-cta-banner', type: 'cta-banner', data: { title: 'x', ctas: [] } },
  ],
};
const file = 'pages/home.json';

describe('section ids', () => {
  it('follow <page-name>-<purpose> and stay unique', () => {
    expect(uniqueSectionId('home', 'cta-banner', [])).toBe('home-cta-banner');
    expect(uniqueSectionId('home', 'cta-banner', ['home-cta-banner'])).toBe('home-cta-banner-2');
    expect(uniqueSectionId('home', 'cta-banner', ['home-cta-banner', 'home-cta-banner-2'])).toBe('home-cta-banner-3');
    expect(uniqueSectionId('docs/getting-started', 'hero', [])).toBe('getting-started-hero');
    expect(uniqueSectionId('posts/[slug]', 'post-detail', [])).toBe('posts-post-detail');
  });

  it('counts the ids of shared sections as taken', () => {
    const section = newSection(page, 'header', { logoText: 'X', menu: [] }, file, { ...docs, 'shared/header.json': { ...docs['shared/header.json']!, data: { ...header, id: 'home-header' } } });
    expect(section.id).toBe('home-header-2');
  });
});

describe('page operations', () => {
  it('adds a section at the end or at an index', () => {
    const added = addSection(page, newSection(page, 'cta-banner', { title: 'New', ctas: [] }, file, docs));
    expect(added.sections.at(-1)).toMatchObject({ id: 'home-cta-banner-2', type: 'cta-banner', data: { title: 'New' } });
    expect(addSection(page, { id: 'x', type: 'page-hero', data: {} }, 1).sections[1]).toMatchObject({ id: 'x' });
    expect(page.sections).toHaveLength(3);
  });

  it('moves sections and ignores moves past either end', () => {
    expect(moveSection(page, 2, 1).sections.map((s) => (s as { id?: string }).id)).toEqual([undefined, 'home-cta-banner', 'home-hero']);
    expect(moveSection(page, 0, -1)).toBe(page);
    expect(moveSection(page, 2, 3)).toBe(page);
  });

  it('duplicates inline sections with a fresh id, and never a shared one (its id is its document’s: a page could not hold two)', () => {
    const copy = duplicateSection(page, 2, file, docs);
    expect(copy.sections[3]).toMatchObject({ id: 'home-cta-banner-2', type: 'cta-banner', data: { title: 'x' } });
    expect(copy.sections[3]).not.toBe(copy.sections[2]);
    expect(duplicateSection(page, 0, file, docs)).toBe(page);
  });

  it('deletes a section', () => {
    expect(removeSection(page, 1).sections.map((s) => (s as { id?: string }).id)).toEqual([undefined, 'home-cta-banner']);
  });
});

describe('outline and documents', () => {
  it('shows shared sections with the document they live in', () => {
    const entries = outline(page, file, docs);
    expect(entries[0]).toMatchObject({ id: 'site-header', type: 'header', shared: { ref: '../shared/header.json', file: 'shared/header.json', tokens: [] } });
    expect(entries[1]).toMatchObject({ id: 'home-hero', type: 'hero' });
    expect(outline({ ...page, sections: [{ $ref: '../shared/missing.json' }] }, file, docs)[0]!.shared).toMatchObject({ broken: true });
  });

  it('tracks dirtiness', () => {
    const doc = docs['shared/header.json']!;
    expect(isDirty(doc)).toBe(false);
    expect(isDirty({ ...doc, data: { ...header, id: 'changed' } })).toBe(true);
  });
});

describe('pageTitle (what editors call a page)', () => {
  it('drops the site name after the dash, and falls back to the slug', () => {
    expect(pageTitle({ meta: { title: 'About — Northwind' } }, 'about')).toBe('About');
    expect(pageTitle({ meta: { title: 'Pricing' } }, 'pricing')).toBe('Pricing');
    expect(pageTitle({ meta: { title: '  ' } }, 'docs/setup')).toBe('docs/setup');
    expect(pageTitle({ meta: { title: ' — Northwind' } }, 'odd')).toBe('— Northwind');
    expect(pageTitle(undefined, 'broken')).toBe('broken');
  });

  it('calls the home page Home, whose title is most often the site name alone', () => {
    expect(pageTitle({ meta: { title: 'Northwind — a studio journal' } }, 'home')).toBe('Home');
  });
});
