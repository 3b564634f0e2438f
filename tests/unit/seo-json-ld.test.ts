import { describe, expect, it } from 'vitest';
import { article, breadcrumbList, jsonLdText, organization, website, type SiteDetails } from '../../src/lib/seo/json-ld';
import { jsonLdBlocks, schemaOrgProblems } from '../helpers/schema-org';

const site: SiteDetails = { name: 'Northwind', url: 'https://northwind.example/', description: 'A studio journal.', email: 'hello@northwind.example' };
const post = {
  url: 'https://northwind.example/posts/a/',
  headline: 'A post',
  description: 'Its excerpt.',
  authorName: 'Maya Lindqvist',
  datePublished: '2026-10-28',
  images: ['https://northwind.example/assets/images/a.webp'],
};

describe('JSON-LD builders', () => {
  it('describe the site as an Organization and a WebSite that name each other', () => {
    const org = organization(site);
    const web = website(site);
    expect(schemaOrgProblems(org)).toEqual([]);
    expect(schemaOrgProblems(web)).toEqual([]);
    expect(org).toMatchObject({ '@type': 'Organization', name: 'Northwind', url: 'https://northwind.example/', email: 'hello@northwind.example' });
    expect(web.publisher).toEqual({ '@id': org['@id'] });
  });

  it('leave out what the site does not have', () => {
    const bare = { name: 'Bare', url: 'https://bare.example/' };
    expect(organization(bare)).not.toHaveProperty('email');
    expect(website(bare)).not.toHaveProperty('description');
  });

  it('describe a post as an Article with its author as a Person, its dates, image and publisher', () => {
    const block = article(post, site);
    expect(schemaOrgProblems(block)).toEqual([]);
    expect(block).toMatchObject({
      '@type': 'Article',
      headline: 'A post',
      author: { '@type': 'Person', name: 'Maya Lindqvist' },
      datePublished: '2026-10-28',
      image: ['https://northwind.example/assets/images/a.webp'],
      publisher: { '@type': 'Organization', name: 'Northwind', url: 'https://northwind.example/' },
      mainEntityOfPage: 'https://northwind.example/posts/a/',
    });
    // Not known, so not said.
    expect(block).not.toHaveProperty('dateModified');
    expect(article({ ...post, dateModified: '2026-11-02' }, site).dateModified).toBe('2026-11-02');
    expect(article({ ...post, images: [] }, site)).not.toHaveProperty('image');
  });

  it('number a breadcrumb trail from 1, every crumb with a name and a URL', () => {
    const block = breadcrumbList([
      { name: 'Home', url: 'https://northwind.example/' },
      { name: 'Journal', url: 'https://northwind.example/journal/' },
      { name: 'A post', url: 'https://northwind.example/posts/a/' },
    ]);
    expect(schemaOrgProblems(block)).toEqual([]);
    expect((block.itemListElement as { position: number }[]).map((item) => item.position)).toEqual([1, 2, 3]);
  });
});

describe('the schema.org expectations themselves', () => {
  it('catch what Google asks for and a block lacks', () => {
    expect(schemaOrgProblems({ ...article(post, site), headline: '' })).toContain('Article: headline is missing');
    expect(schemaOrgProblems({ ...article(post, site), author: { '@type': 'Person' } })).toContain('Article: author 0 has no name');
    expect(schemaOrgProblems({ ...article(post, site), datePublished: '28/10/2026' })[0]).toMatch(/datePublished/);
    expect(schemaOrgProblems({ ...article(post, site), image: ['/relative.webp'] })[0]).toMatch(/image/);
    expect(schemaOrgProblems(breadcrumbList([{ name: 'Home', url: '/' }, { name: 'B', url: 'https://x.example/b/' }]))[0]).toMatch(/element 0 has no absolute item URL/);
    expect(schemaOrgProblems({ ...website(site), '@context': 'http://schema.org' })[0]).toMatch(/@context/);
    expect(schemaOrgProblems({ '@context': 'https://schema.org', '@type': 'Recipe' })).toEqual(['no expectations are written for @type Recipe']);
  });
});

describe('jsonLdText', () => {
  it('is JSON that no content can break out of', () => {
    const hostile = article({ ...post, headline: '</script><script>alert(1)</script> & <!-- <b>' }, site);
    const textOut = jsonLdText(hostile);
    expect(textOut).not.toMatch(/[<>&]/);
    expect(JSON.parse(textOut)).toEqual(hostile);
    // Inside a page, the element still holds exactly one block, which parses back to the same data.
    const page = `<head><script type="application/ld+json">${textOut}</script></head>`;
    expect(jsonLdBlocks(page).map((block) => JSON.parse(block))).toEqual([hostile]);
  });

  it('escapes the line and paragraph separators', () => {
    const textOut = jsonLdText({ '@type': 'Thing', name: 'a\u2028b\u2029c' });
    expect(textOut).toContain('\\u2028');
    expect(textOut).toContain('\\u2029');
    expect(JSON.parse(textOut).name).toBe('a\u2028b\u2029c');
  });
});
