import { describe, expect, it } from 'vitest';
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
