import { describe, expect, it } from 'vitest';
import { docsFromPayload } from '../../src/editor/lib/model';
import { sortedPages } from '../../src/editor/lib/page-order';

const page = (slug: string) => ({ file: `pages/${slug}.json`, kind: 'page' as const, saveSlug: slug, data: { id: slug.replaceAll('/', '-'), slug, meta: { title: slug, description: '' }, sections: [] }, version: 'v' });

describe('sortedPages', () => {
  it("puts home first and the 404 page last, the others by slug with each folder's pages after it", () => {
    const docs = docsFromPayload({
      docs: [page('pricing'), page('404'), page('docs-archive'), page('docs/b'), page('home'), page('docs'), page('about'), page('docs/a'), { file: 'shared/footer.json', kind: 'shared', saveSlug: 'shared/footer', data: {}, version: 'v' }],
    });
    expect(sortedPages(docs).map((doc) => doc.saveSlug)).toEqual(['home', 'about', 'docs', 'docs/a', 'docs/b', 'docs-archive', 'pricing', '404']);
  });
});
