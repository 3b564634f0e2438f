import { describe, expect, it } from 'vitest';
import { matchesQuery, nameRank, searchRows, searchRowsByName, searchSectionTypes } from '../../src/editor/lib/page-search';
import { sectionDefinitions } from '../../src/sections/registry';

describe('sidebar search', () => {
  it('matches every word in the title or the slug, ignoring case and accents', () => {
    expect(matchesQuery('getting st', 'Getting started', 'docs/getting-started')).toBe(true);
    expect(matchesQuery('DOCS started', 'Getting started', 'docs/getting-started')).toBe(true);
    expect(matchesQuery('café', 'Cafe menu', 'cafe')).toBe(true);
    expect(matchesQuery('cafe', 'Café menu', 'menu')).toBe(true);
    expect(matchesQuery('pricing', 'Getting started', 'docs/getting-started')).toBe(false);
    expect(matchesQuery('docs/getting', 'Getting started', 'docs/getting-started')).toBe(true);
  });

  it('keeps every row, in order, for an empty query, and filters otherwise', () => {
    const rows = [{ title: 'Home', slug: 'home' }, { title: 'About', slug: 'about' }, { title: 'About the team', slug: 'about/team' }];
    expect(searchRows(rows, '  ', (row) => [row.title, row.slug])).toBe(rows);
    expect(searchRows(rows, 'about', (row) => [row.title, row.slug]).map((row) => row.slug)).toEqual(['about', 'about/team']);
    expect(searchRows(rows, 'team', (row) => [row.title, row.slug]).map((row) => row.slug)).toEqual(['about/team']);
  });
});

describe('ranking by name', () => {
  const types = [
    { label: 'Rich text', description: 'Headings, lists, quotes and links.' },
    { label: 'Quote', description: 'A testimonial.' },
    { label: 'Quotes wall', description: 'Several testimonials.' },
    { label: 'Pull quote block', description: 'One line, large.' },
  ];
  const ranked = (query: string) => searchRowsByName(types, query, (type) => type.label, (type) => [type.description]).map((type) => type.label);

  it('puts the name typed first, then names that start with it, then names holding every word, then the rest', () => {
    expect(ranked('quote')).toEqual(['Quote', 'Quotes wall', 'Pull quote block', 'Rich text']);
    expect(ranked('QUOTE')[0]).toBe('Quote');
    expect(nameRank('', 'Anything')).toBe(0);
  });

  it('keeps the given order for an empty query and among equals', () => {
    expect(ranked('')).toEqual(types.map((type) => type.label));
    expect(ranked('testimonial')).toEqual(['Quote', 'Quotes wall']);
  });
});

describe('the Add section search', () => {
  const found = (query: string) => searchSectionTypes(sectionDefinitions, query).map((definition) => definition.type);

  it('finds the picture and video types by the words an editor looks for, from the registry’s keywords (QA)', () => {
    // "media" and "photo" are in no label or description: only the declarations' keywords say them.
    expect(found('media')).toEqual(expect.arrayContaining(['gallery', 'media-text', 'video-embed']));
    expect(found('photo')).toEqual(expect.arrayContaining(['gallery', 'media-text']));
    for (const query of ['image', 'picture', 'video']) expect(found(query).length, query).toBeGreaterThan(0);
    expect(found('picture')).toContain('gallery');
    expect(found('video')[0]).toBe('video-embed');
  });

  it('still puts a name typed before a type that only has it as a keyword, and finds nothing for nonsense', () => {
    expect(found('gallery')[0]).toBe('gallery');
    expect(found('text')[0]).toBe('content-block');
    expect(found('xyzzy')).toEqual([]);
  });

  it('is given keywords in lower case, each at most a few words', () => {
    for (const definition of sectionDefinitions) {
      for (const keyword of definition.keywords) expect(keyword, definition.type).toMatch(/^[a-z][a-z ]{1,30}$/);
    }
  });
});
