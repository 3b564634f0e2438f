import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { docsFromPayload, setAt, type StoredPage } from '../../src/editor/lib/model';
import { entryStarterCopy, pageStarterCopy, sectionStarterCopy } from '../../src/editor/lib/starter-copy';
import { sectionRegistry } from '../../src/sections/registry';
import { starterPage } from '../../src/editor/lib/starter-page';
import postsCollection from '../../src/collections/posts/collection';
import ctaBanner from '../../src/sections/cta-banner/section';

const dataRoot = fileURLToPath(new URL('../../src/data', import.meta.url));

/** The committed demo content, as the editor holds it. */
function demoDocs() {
  const files = readdirSync(dataRoot, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.json'));
  type PayloadDoc = Parameters<typeof docsFromPayload>[0]['docs'][number];
  const kindOf = (file: string): [PayloadDoc['kind'], string] | undefined =>
    file.startsWith('pages/') ? ['page', file.slice('pages/'.length)] : file.startsWith('shared/') ? ['shared', file] : file.startsWith('collections/') ? ['entry', file.slice('collections/'.length)] : undefined;
  const docs = files.flatMap((file): PayloadDoc[] => {
    const kind = kindOf(file);
    return kind ? [{ file, kind: kind[0], saveSlug: kind[1].slice(0, -'.json'.length), data: JSON.parse(readFileSync(`${dataRoot}/${file}`, 'utf8')), version: 'v' }] : [];
  });
  return docsFromPayload({ docs, problems: [] });
}

describe('starter copy (text still as the editor filled it in)', () => {
  const docs = demoDocs();

  it('finds none in the demo content, whose every text was written', () => {
    for (const doc of Object.values(docs)) {
      if (doc.kind === 'page') expect(pageStarterCopy(doc.data as StoredPage, doc.saveSlug, docs), doc.file).toEqual([]);
      if (doc.kind === 'entry') expect(entryStarterCopy(doc.saveSlug.split('/')[0]!, doc.saveSlug.split('/')[1]!, doc.data), doc.file).toEqual([]);
    }
  });

  it('gives a new page an id no other page has (the store refuses a second)', () => {
    expect(starterPage({ slug: 'services', docs }).id).toBe('services');
    const aboutId = (Object.values(docs).find((doc) => doc.file === 'pages/about.json')!.data as StoredPage).id;
    expect(starterPage({ slug: aboutId, docs }).id).toBe(`${aboutId}-2`);
  });

  it('names each field of a new page that still reads as it started, and drops each once rewritten', () => {
    const page = starterPage({ slug: 'services', title: 'Services', docs });
    expect(pageStarterCopy(page, 'services', docs)).toEqual(['SEO description', 'Page header › Description', 'Rich text › Body', 'Call to action › Title', 'Call to action › Description']);
    let edited = setAt(page, ['sections', 2, 'data', 'body'], 'We build sites.') as StoredPage;
    edited = setAt(edited, ['meta', 'description'], 'What we do.') as StoredPage;
    expect(pageStarterCopy(edited, 'services', docs)).not.toContain('Rich text › Body');
    expect(pageStarterCopy(edited, 'services', docs)).not.toContain('SEO description');
    // The page header's text names the page: retitling the page keeps it counted as starter text.
    const retitled = setAt(page, ['meta', 'title'], 'What we do — Northwind') as StoredPage;
    expect(pageStarterCopy(retitled, 'services', docs)).toContain('Page header › Description');
  });

  it("counts a starter section's text wherever it is, and a type's sample defaults, but not the ones it keeps as copy (the title and button here), nor a shared section", () => {
    const about = docs['pages/about.json']!.data as StoredPage;
    const starterBanner = starterPage({ slug: 'about', title: 'About', docs }).sections.find((section) => (section as { type?: string }).type === 'cta-banner') as { data: unknown };
    const withBanners = {
      ...about,
      sections: [...about.sections.slice(0, -1), { id: 'about-more', type: 'cta-banner', data: starterBanner.data }, { id: 'about-default', type: 'cta-banner', data: ctaBanner.defaults }, about.sections.at(-1)],
    };
    expect(pageStarterCopy(withBanners, 'about', docs)).toEqual(['Call to action › Title', 'Call to action › Description', 'Call to action › Description']);
  });

  it("names a new section's sample text in its own form's words, through lists, and stops once it is replaced", () => {
    const testimonials = sectionRegistry.get('testimonials')!;
    expect(sectionStarterCopy('testimonials', testimonials.defaults)).toEqual(['Testimonial 1 › Quote', 'Testimonial 1 › Name', 'Testimonial 1 › Role']);
    const quoted = { ...testimonials.defaults, items: [{ quote: 'They shipped in a month.', name: 'Ann Lee', role: 'Editor, The Harbor' }] };
    expect(sectionStarterCopy('testimonials', quoted)).toEqual([]);
    // A pricing plan's period ("per project") is kept as copy; its name, price and features are samples.
    expect(sectionStarterCopy('pricing-table', sectionRegistry.get('pricing-table')!.defaults)).not.toContain('Plan 1 › Period');
    expect(sectionStarterCopy('pricing-table', sectionRegistry.get('pricing-table')!.defaults)).toContain('Plan 1 › Price');
    expect(sectionStarterCopy('no-such-type', {})).toEqual([]);
  });

  it('keeps only paths that its defaults have, for every section type', () => {
    for (const definition of sectionRegistry.values()) {
      for (const path of definition.keptDefaults) {
        let found: unknown[] = [definition.defaults];
        for (const key of path.split('.')) found = found.flatMap((value) => (Array.isArray(value) ? value : [value])).flatMap((value) => (value && typeof value === 'object' && key in value ? [(value as Record<string, unknown>)[key]] : []));
        expect(found.length, `${definition.type}: ${path}`).toBeGreaterThan(0);
      }
    }
  });

  it("names a new post's starter excerpt, author and body, but not the title and date the user gave it", () => {
    const post = postsCollection.starter({ slug: 'a-new-post', title: 'A new post', today: '2026-11-28' });
    expect(entryStarterCopy('posts', 'a-new-post', post)).toEqual(['Excerpt', 'Author', 'Body']);
    expect(entryStarterCopy('posts', 'a-new-post', { ...post, body: 'Real words.' })).toEqual(['Excerpt', 'Author']);
    expect(entryStarterCopy('nope', 'x', post)).toEqual([]);
  });
});
