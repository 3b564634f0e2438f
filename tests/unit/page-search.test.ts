import { describe, expect, it } from 'vitest';
import { matchesQuery, nameRank, searchRows, searchRowsByName } from '../../src/editor/lib/page-search';

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
