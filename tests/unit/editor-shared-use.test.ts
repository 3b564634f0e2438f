import { describe, expect, it } from 'vitest';
import { docsFromPayload } from '../../src/editor/lib/model';
import { describeSharedUse, sharedUse } from '../../src/editor/lib/shared-use';

const page = (slug: string, sections: unknown[], template?: string) => ({
  file: `pages/${slug}.json`, kind: 'page' as const, saveSlug: slug, version: `v-${slug}`,
  data: { id: slug, slug, meta: { title: slug }, sections, ...(template ? { template: { collection: template } } : {}) },
});
const docs = docsFromPayload({
  docs: [
    page('home', [{ $ref: '../shared/header.json' }, { $ref: '../shared/footer.json' }]),
    page('about', [{ $ref: '../shared/header.json' }]),
    page('docs/guide', [{ $ref: '../../shared/header.json' }, { $ref: '../../shared/banner.json' }]),
    page('posts/[slug]', [{ $ref: '../../shared/header.json' }, { $ref: '../../shared/banner.json' }], 'posts'),
    page('tags/[slug]', [{ $ref: '../../shared/header.json' }], 'tags'),
    { file: 'shared/header.json', kind: 'shared', saveSlug: 'shared/header', version: 'h', data: { id: 'site-header', type: 'header', data: {} } },
    { file: 'shared/footer.json', kind: 'shared', saveSlug: 'shared/footer', version: 'f', data: { id: 'site-footer', type: 'footer', data: {} } },
    { file: 'shared/banner.json', kind: 'shared', saveSlug: 'shared/banner', version: 'b', data: { id: 'banner', type: 'cta-banner', data: {} } },
    { file: 'shared/unused.json', kind: 'shared', saveSlug: 'shared/unused', version: 'u', data: { id: 'unused', type: 'cta-banner', data: {} } },
  ],
});

describe('where a shared section shows, in the pages’ terms', () => {
  it('counts the pages that link to it, from any folder, and names the templates’ entries apart', () => {
    expect(sharedUse(docs, 'shared/header.json')).toEqual({ pages: 3, everyEntryOf: ['post', 'tag'] });
    expect(sharedUse(docs, 'shared/footer.json')).toEqual({ pages: 1, everyEntryOf: [] });
    expect(sharedUse(docs, 'shared/unused.json')).toEqual({ pages: 0, everyEntryOf: [] });
  });

  it('says so in a phrase', () => {
    expect(describeSharedUse(sharedUse(docs, 'shared/header.json'))).toBe('3 pages, every post’s page and every tag’s page');
    expect(describeSharedUse(sharedUse(docs, 'shared/banner.json'))).toBe('1 page and every post’s page');
    expect(describeSharedUse(sharedUse(docs, 'shared/footer.json'))).toBe('1 page');
    expect(describeSharedUse(sharedUse(docs, 'shared/unused.json'))).toBe('0 pages');
    expect(describeSharedUse({ pages: 0, everyEntryOf: ['post'] })).toBe('every post’s page');
  });
});
