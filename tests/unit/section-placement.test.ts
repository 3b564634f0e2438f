import { describe, expect, it } from 'vitest';
import { allowedOnPage } from '../../src/engine/schema/define-section';
import { sectionDefinitions } from '../../src/sections/registry';

const offered = (page: Parameters<typeof allowedOnPage>[1]) => sectionDefinitions.filter((definition) => allowedOnPage(definition, page)).map((definition) => definition.type);

describe('which section types a page may take', () => {
  it('offers template-only types only on their collection’s template page', () => {
    const plain = offered({ types: [] });
    for (const type of ['post-detail', 'related-tags', 'tag-detail', 'tag-posts']) expect(plain).not.toContain(type);
    expect(plain).toEqual(expect.arrayContaining(['hero', 'content-block', 'posts-list', 'tags-list']));
    expect(offered({ template: { collection: 'posts' }, types: [] })).toEqual(expect.arrayContaining(['post-detail', 'related-tags']));
    expect(offered({ template: { collection: 'posts' }, types: [] })).not.toContain('tag-posts');
    expect(offered({ template: { collection: 'tags' }, types: [] })).toEqual(expect.arrayContaining(['tag-detail', 'tag-posts']));
  });

  it('offers a first-only type (the hero) only while the page has none', () => {
    expect(offered({ types: ['header'] })).toContain('hero');
    expect(offered({ types: ['header', 'hero'] })).not.toContain('hero');
  });

  it('offers a once-only type (the header, the footer) only while the page has none, its shared one included', () => {
    expect(offered({ types: ['hero'] })).toEqual(expect.arrayContaining(['header', 'footer']));
    expect(offered({ types: ['header', 'hero', 'footer'] })).not.toContain('header');
    expect(offered({ types: ['header', 'hero', 'footer'] })).not.toContain('footer');
    expect(offered({ types: ['header', 'content-block', 'content-block'] })).toContain('content-block');
  });

  it('declares a template need only with a collection that has a template binding', () => {
    for (const definition of sectionDefinitions) if (definition.template !== undefined) expect(['posts', 'tags']).toContain(definition.template);
  });
});
