/** Which section writes a page's h1 (src/engine/main-heading.ts), over the real registry's declarations. */
import { describe, expect, it } from 'vitest';
import { mainHeadingIndex } from '../../src/engine/main-heading';
import { renderMarkdown } from '../../src/engine/markdown';
import { sectionRegistry } from '../../src/sections/registry';

const readsOf = (type: string) => sectionRegistry.get(type)?.viewReads;
const page = (...types: string[]) => types.map((type) => ({ type, data: {} }));
const text = (body: string, title?: string) => ({ type: 'content-block', data: { body, ...(title && { title }) } });

describe('the main heading of a page', () => {
  it('is the first section that writes a title, past the header', () => {
    expect(mainHeadingIndex(page('header', 'hero', 'feature-grid', 'footer'), readsOf)).toBe(1);
    expect(mainHeadingIndex(page('header', 'page-hero', 'post-detail', 'footer'), readsOf)).toBe(1);
    expect(mainHeadingIndex([{ type: 'header', data: {} }, text('No heading here.'), ...page('tag-detail', 'page-hero')], readsOf)).toBe(2);
  });

  it('is rich text with a title, or with a `#` heading in its body, when nothing before it has a title: a page of text alone once had no h1', () => {
    expect(mainHeadingIndex([{ type: 'header', data: {} }, text('# Privacy policy\n\nWe keep little.'), text('# Another')], readsOf)).toBe(1);
    expect(mainHeadingIndex([{ type: 'header', data: {} }, text('Body only.', 'Privacy policy')], readsOf)).toBe(1);
    // `##` is no title, nor a `#` inside a code block, nor a blank title.
    expect(mainHeadingIndex([text('## Not a title\n\n```\n# not either\n```', '  '), ...page('page-hero')], readsOf)).toBe(1);
  });

  it('is no section on a page without a title section, or of a type the registry does not know', () => {
    expect(mainHeadingIndex([...page('header'), text('Plain text.'), ...page('footer')], readsOf)).toBe(-1);
    expect(mainHeadingIndex(page('no-such-type'), readsOf)).toBe(-1);
    expect(mainHeadingIndex([], readsOf)).toBe(-1);
  });

  it('is declared by exactly the sections that can open a page with its title', () => {
    const declared = [...sectionRegistry.values()].filter((definition) => definition.viewReads.mainHeading).map((definition) => definition.type);
    expect(declared.sort()).toEqual(['content-block', 'hero', 'page-hero', 'post-detail', 'tag-detail']);
  });
});

describe('a body that opens the page', () => {
  it('gives its first `#` heading as the h1, then goes on from h2; any other body has none', () => {
    expect(renderMarkdown('# Title\n\n# Second\n\n## Part', { mainHeading: true })).toBe('<h1>Title</h1>\n<h2>Second</h2>\n<h2>Part</h2>\n');
    expect(renderMarkdown('# Title\n\n### Part\n\n#### Detail', { mainHeading: true })).toBe('<h1>Title</h1>\n<h2>Part</h2>\n<h3>Detail</h3>\n');
    // With no `#` heading it has no title to give: its headings start at h2.
    expect(renderMarkdown('## Part', { mainHeading: true })).toBe('<h2>Part</h2>\n');
    expect(renderMarkdown('# Title\n\n## Part')).toBe('<h2>Title</h2>\n<h3>Part</h3>\n');
  });
});
