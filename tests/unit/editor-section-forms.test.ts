import { describe, expect, it } from 'vitest';
import { markdownSummary } from '../../src/editor/lib/rich-text/markdown';
import { sectionForm, sectionSummary } from '../../src/editor/lib/section-forms';

describe('sectionSummary (the outline row names a section by what it says)', () => {
  it('prefers the title over an earlier plain-text field', () => {
    // feature-grid declares its eyebrow (`label`) before its title.
    expect(sectionForm('feature-grid').data.map((spec) => spec.key).slice(0, 2)).toEqual(['label', 'title']);
    expect(sectionSummary({ id: 'f', type: 'feature-grid', data: { label: 'Why us', title: '  Everything\n you need ', items: [] } })).toBe('Everything you need');
  });

  it('takes the first plain-text field with a value when there is no title', () => {
    expect(sectionSummary({ id: 'h', type: 'header', data: { logoText: 'Northwind', menu: [] } })).toBe('Northwind');
    expect(sectionSummary({ id: 'f', type: 'feature-grid', data: { label: 'Why us', title: ' ', items: [] } })).toBe('Why us');
  });

  it('names a section with no words of its own (a header whose name is the site settings’) by its first list’s items', () => {
    const menu = [{ label: 'Journal', href: '/journal/' }, { label: ' Pricing ', href: '/pricing/' }];
    expect(sectionSummary({ id: 'h', type: 'header', data: { logoText: { $ref: 'site.json#/name' }, menu } })).toBe('Journal · Pricing');
    expect(sectionSummary({ id: 'h', type: 'header', data: { logoText: { $ref: 'site.json#/name' }, menu: [...menu, { label: 'About' }, { label: 'Contact' }] } })).toBe('Journal · Pricing · About · …');
    expect(sectionSummary({ id: 'h', type: 'header', data: { logoText: { $ref: 'site.json#/name' }, menu: [] } })).toBeUndefined();
  });

  it('names Markdown-only content by its opening words once the Markdown parser is loaded', () => {
    const story = { id: 'c', type: 'content-block', data: { body: '## Our *story*\n\nIt began in 2017.' } };
    expect(sectionSummary(story, markdownSummary)).toBe('Our story');
    expect(sectionSummary({ id: 'c', type: 'content-block', data: { body: 'We ship sites that are [fast](/features/) and use `astro build`,\nnothing more.' } }, markdownSummary)).toBe('We ship sites that are fast and use astro build, nothing more.');
    // A text with no words (a rule, an empty list) says nothing; a plain-text field still comes first.
    expect(sectionSummary({ id: 'c', type: 'content-block', data: { body: '---\n\n-' } }, markdownSummary)).toBeUndefined();
    expect(sectionSummary({ id: 'm', type: 'media-text', data: { title: 'Beside', body: 'Words' } }, markdownSummary)).toBe('Beside');
    // Only the opening of a long text is read.
    expect(markdownSummary(`First words.\n\n${'x '.repeat(200_000)}`)).toBe('First words.');
  });

  it('gives nothing for Markdown-only content, an unknown type or a broken section, so the row shows the id', () => {
    expect(sectionSummary({ id: 'c', type: 'content-block', data: { body: '## Our story' } })).toBeUndefined();
    expect(sectionSummary({ id: 'x', type: 'no-such-type', data: { title: 'T' } })).toBeUndefined();
    expect(sectionSummary({ id: 'y', type: 'hero', data: null as never })).toBeUndefined();
    expect(sectionSummary(undefined)).toBeUndefined();
  });

  it('skips a value of the wrong type', () => {
    expect(sectionSummary({ id: 'f', type: 'feature-grid', data: { label: 'Why us', title: 42, items: [] } })).toBe('Why us');
  });
});
