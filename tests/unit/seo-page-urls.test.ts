import { describe, expect, it } from 'vitest';
import { breadcrumbTrail, canonicalUrl, crumbName, isListed, lastmodOf } from '../../src/lib/seo/page-urls';
import { FEED_PATH, robotsTxt, SITEMAP_INDEX_PATH } from '../../src/lib/seo/discovery-files';
import { CANONICAL_RULE, PageMetaSchema } from '../../src/engine/schema/page';
import { inputJsonSchema } from '../../src/engine/schema/json-schema';
import { fieldsOf } from '../../src/editor/lib/form';
import { MAX_HEADING_LENGTH, MAX_PARAGRAPH_LENGTH } from '../../src/engine/schema/primitives';
import { CREDENTIALS_RULE } from '../../src/engine/schema/urls';

const site = new URL('https://northwind.example');

describe('canonical URLs', () => {
  it('are the page\'s own address unless the meta names another', () => {
    expect(canonicalUrl({}, '/about/', site).href).toBe('https://northwind.example/about/');
    expect(canonicalUrl({ canonical: '/company/' }, '/about/', site).href).toBe('https://northwind.example/company/');
    expect(canonicalUrl({ canonical: 'https://other.example/original/' }, '/about/', site).href).toBe('https://other.example/original/');
  });

  it('accept site paths and http(s) URLs, and nothing else', () => {
    const canonical = (value: string) => PageMetaSchema.safeParse({ title: 'T', description: 'D', canonical: value });
    for (const good of ['/about/', '/', 'https://other.example/a/', 'http://other.example/']) expect(canonical(good).success, good).toBe(true);
    for (const bad of ['about/', '//evil.example/', 'javascript:alert(1)', 'mailto:a@b.example', 'ftp://x.example/', '/a b/', '']) {
      const result = canonical(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error!.issues[0]!.message, bad).toMatch(bad === '' ? /Required/ : bad === '/a b/' ? /may not contain spaces/ : new RegExp(CANONICAL_RULE.slice(0, 20)));
    }
    // A user name and password would be read by every visitor in the page's source; http:// stays (search engines only read it).
    expect(canonical('https://user:secret@other.example/a/').error!.issues[0]!.message).toBe(CREDENTIALS_RULE);
    expect(canonical('/about/#team').error!.issues[0]!.message).toMatch(/#fragment/);
    expect(PageMetaSchema.safeParse({ title: 'T', description: 'D', noindex: 'yes' }).success).toBe(false);
    expect(PageMetaSchema.parse({ title: 'T', description: 'D', noindex: true, canonical: '/a/' })).toEqual({ title: 'T', description: 'D', noindex: true, canonical: '/a/' });
  });

  it('are offered in the editor\'s page settings, labelled and explained', () => {
    const fields = fieldsOf(inputJsonSchema(PageMetaSchema));
    const noindex = fields.find((field) => field.key === 'noindex')!;
    const canonical = fields.find((field) => field.key === 'canonical')!;
    expect(noindex).toMatchObject({ kind: 'checkbox', label: 'Hide from search engines', required: false });
    expect(noindex.description).toMatch(/sitemap/);
    expect(canonical).toMatchObject({ kind: 'link', label: 'Canonical URL', required: false });
    expect(canonical.description).toMatch(/original/);
    // The title and description count against what search results show (a soft length, not a rule).
    expect(fields.find((field) => field.key === 'title')!.shownUpTo).toMatchObject({ length: 60 });
    expect(fields.find((field) => field.key === 'description')!.shownUpTo).toMatchObject({ length: 160 });
    // Past what is shown is advice; past the hard limit of a title (and of a paragraph) is refused.
    expect(PageMetaSchema.safeParse({ title: 'T'.repeat(MAX_HEADING_LENGTH), description: 'D'.repeat(400) }).success).toBe(true);
    expect(PageMetaSchema.safeParse({ title: 'T'.repeat(MAX_HEADING_LENGTH + 1), description: 'D' }).error!.issues).toMatchObject([{ path: ['title'], message: `Use at most ${MAX_HEADING_LENGTH} characters` }]);
    expect(PageMetaSchema.safeParse({ title: 'T', description: 'D'.repeat(MAX_PARAGRAPH_LENGTH + 1) }).error!.issues).toMatchObject([{ path: ['description'], message: 'Use at most 1,000 characters' }]);
    expect(fields.find((field) => field.key === 'title')!.maxLength).toBe(MAX_HEADING_LENGTH);
  });
});

describe('which pages the sitemap lists', () => {
  it('every page that is its own canonical page and may be indexed', () => {
    expect(isListed('home', {}, site)).toBe(true);
    expect(isListed('docs/intro', { noindex: false }, site)).toBe(true);
    expect(isListed('about', { canonical: '/about/' }, site)).toBe(true);
    expect(isListed('about', { canonical: 'https://northwind.example/about/' }, site)).toBe(true);
  });

  it('not a noindex page, a duplicate of another page, or a status page', () => {
    expect(isListed('about', { noindex: true }, site)).toBe(false);
    expect(isListed('about', { canonical: '/company/' }, site)).toBe(false);
    expect(isListed('about', { canonical: 'https://other.example/about/' }, site)).toBe(false);
    expect(isListed('404', {}, site)).toBe(false);
    expect(isListed('500', {}, site)).toBe(false);
  });
});

describe('lastmod', () => {
  const files = [new Date('2026-01-02T03:04:05Z'), new Date('2026-02-01T00:00:00Z')];
  it('is a post\'s own date, whatever its files say', () => {
    expect(lastmodOf({ ownDate: '2025-05-06', fileTimes: files })?.toISOString()).toBe('2025-05-06T00:00:00.000Z');
  });
  it('is otherwise the newest of the data files and the listed posts', () => {
    expect(lastmodOf({ fileTimes: files })?.toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(lastmodOf({ listedDate: '2026-03-01', fileTimes: files })?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(lastmodOf({ fileTimes: [] })).toBeUndefined();
  });
});

describe('breadcrumb trails', () => {
  const names = new Map([['docs', 'Docs'], ['journal', 'Journal']]);
  it('go from home through the ancestors that are pages', () => {
    expect(breadcrumbTrail({ slug: 'docs/intro', name: 'Intro' }, names, undefined, 'Home', site)).toEqual([
      { name: 'Home', url: 'https://northwind.example/' },
      { name: 'Docs', url: 'https://northwind.example/docs/' },
      { name: 'Intro', url: 'https://northwind.example/docs/intro/' },
    ]);
    // An ancestor that is no page is skipped rather than linked to a 404.
    expect(breadcrumbTrail({ slug: 'guides/setup', name: 'Setup' }, names, undefined, 'Home', site)!.map((crumb) => crumb.name)).toEqual(['Home', 'Setup']);
  });

  it('pass through the collection\'s index page for an entry with no page above it', () => {
    expect(breadcrumbTrail({ slug: 'posts/a', name: 'A post', collection: 'posts' }, names, 'journal', 'Home', site)!.map((crumb) => crumb.name)).toEqual(['Home', 'Journal', 'A post']);
    // The home page as index adds nothing.
    expect(breadcrumbTrail({ slug: 'tags/b', name: 'B', collection: 'tags' }, names, 'home', 'Home', site)!.map((crumb) => crumb.name)).toEqual(['Home', 'B']);
  });

  it('are not given to the home page or other top-level pages', () => {
    expect(breadcrumbTrail({ slug: 'home', name: 'Home' }, names, undefined, 'Home', site)).toBeUndefined();
    expect(breadcrumbTrail({ slug: 'about', name: 'About' }, names, undefined, 'Home', site)).toBeUndefined();
  });

  it('name a page by its title without the site suffix', () => {
    expect(crumbName('Getting started — Northwind docs')).toBe('Getting started');
    expect(crumbName('Journal | Northwind')).toBe('Journal');
    expect(crumbName('A — B — Northwind')).toBe('A — B');
    expect(crumbName('About us')).toBe('About us');
    expect(crumbName(' — Northwind')).toBe('— Northwind');
  });
});

describe('robots.txt', () => {
  it('allows crawling and names the sitemap by its absolute URL', () => {
    const text = robotsTxt(site);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toContain(`Sitemap: https://northwind.example${SITEMAP_INDEX_PATH}\n`);
    expect(text).toMatch(/^Disallow: \/editor\/$/m);
    expect(FEED_PATH).toBe('/rss.xml');
  });
});
