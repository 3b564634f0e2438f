import { describe, expect, it } from 'vitest';
import { matchesQuery, searchRows } from '../../src/editor/lib/page-search';

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
