/** Which section writes a page's h1 (src/engine/main-heading.ts), over the real registry's declarations. */
import { describe, expect, it } from 'vitest';
import { mainHeadingIndex } from '../../src/engine/main-heading';
import { sectionRegistry } from '../../src/sections/registry';

const readsOf = (type: string) => sectionRegistry.get(type)?.viewReads;
const page = (...types: string[]) => types.map((type) => ({ type }));

describe('the main heading of a page', () => {
  it('is the first section that writes a title, past the header', () => {
    expect(mainHeadingIndex(page('header', 'hero', 'feature-grid', 'footer'), readsOf)).toBe(1);
    expect(mainHeadingIndex(page('header', 'page-hero', 'post-detail', 'footer'), readsOf)).toBe(1);
    expect(mainHeadingIndex(page('header', 'content-block', 'tag-detail', 'page-hero'), readsOf)).toBe(2);
  });

  it('is no section on a page without a title section, or of a type the registry does not know', () => {
    expect(mainHeadingIndex(page('header', 'content-block', 'footer'), readsOf)).toBe(-1);
    expect(mainHeadingIndex(page('no-such-type'), readsOf)).toBe(-1);
    expect(mainHeadingIndex([], readsOf)).toBe(-1);
  });

  it('is declared by exactly the sections that open a page with its title', () => {
    const declared = [...sectionRegistry.values()].filter((definition) => definition.viewReads.mainHeading).map((definition) => definition.type);
    expect(declared.sort()).toEqual(['hero', 'page-hero', 'post-detail', 'tag-detail']);
  });
});
