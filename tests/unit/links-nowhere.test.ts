/** The links of a site that lead nowhere (src/engine/links-nowhere.ts): found by the schemas' link and Markdown fields, judged by the site's routes. */
import { describe, expect, it } from 'vitest';
import { linkDestination } from '../../src/engine/link-destination';
import { linkPointers } from '../../src/engine/markdown-fields';
import { linksLeadingNowhere, type LinkReading } from '../../src/engine/links-nowhere';
import { siteMarkdown } from '../../src/engine/site-markdown';
import { contentLeadingNowhere, leadingNowhereWarning } from '../../src/lib/links-nowhere-warning';
import { snapshotFromEntries } from '../../src/engine/snapshot';

const page = (slug: string, sections: unknown[] = [], extra: Record<string, unknown> = {}) => ({ id: slug.replaceAll('/', '-'), slug, meta: { title: 'T', description: 'D' }, sections, ...extra });
const header = (hrefs: string[]) => ({ id: 'site-header', type: 'header', data: { logoText: 'Northwind', logoHref: '/', menu: hrefs.map((href, index) => ({ label: `Item ${index}`, href })) } });
const cta = (href: string) => ({ id: 'cta', type: 'cta-banner', data: { title: 'Ready?', ctas: [{ id: 'go', label: 'Contact us', href, variant: 'primary' }] } });
const text = (body: string) => ({ id: 'story', type: 'content-block', data: { title: '[x](/nowhere-in-a-title/)', body } });
const post = (body: string) => ({ title: 'P', excerpt: 'E', date: '2026-01-01', author: 'Ann', tags: [], body });
const template = { id: 'post', slug: 'posts/[slug]', template: { collection: 'posts' }, meta: { title: 'T', description: 'D' }, sections: [] };

/** A small site: home, about, a draft pricing page, one post with its template, and the shared header; `refused`, the files that cannot be read. */
function site(files: Record<string, unknown> = {}, refused?: ReadonlyMap<string, string>) {
  return snapshotFromEntries(
    Object.entries({
      'pages/home.json': page('home'),
      'pages/about.json': page('about'),
      'pages/pricing.json': page('pricing', [], { status: 'draft' }),
      'pages/404.json': page('404'),
      'pages/posts/[slug].json': template,
      'collections/posts/hello.json': post('Hello.'),
      'shared/header.json': header(['/about/', '/posts/hello/']),
      ...files,
    }),
    refused,
  );
}

const reading: LinkReading = { linkFields: linkPointers, markdown: siteMarkdown, uploads: new Set(['plan.png']) };
const nowhere = (files: Record<string, unknown>, with_: Partial<LinkReading> = {}) => linksLeadingNowhere(site(files), { ...reading, ...with_ });

describe('links that lead nowhere', () => {
  it('finds none on a site whose links all lead to its pages, entries and home', () => {
    expect(nowhere({ 'pages/contact.json': page('contact', [cta('/')]) })).toEqual([]);
  });

  it('names a menu item left leading to a page deleted since, by file, field and address', () => {
    expect(nowhere({ 'shared/header.json': header(['/about/', '/team/']) })).toEqual([{ file: 'shared/header.json', pointer: '/data/menu/1/href', link: '/team/' }]);
  });

  it('names a typo in a button', () => {
    expect(nowhere({ 'pages/contact.json': page('contact', [cta('/contcat')]) })).toEqual([{ file: 'pages/contact.json', pointer: '/sections/0/data/ctas/0/href', link: '/contcat' }]);
  });

  it('reads Markdown texts for the links they render, with the site’s parser, and never plain text that reads like a link', () => {
    const found = nowhere({
      'pages/story.json': page('story', [text('See [our team](/team/), [us](/about/) and `[code](/in-code/)`.\n\n[ref]: /unused/')]),
      'collections/posts/second.json': post('Read [the first][1].\n\n[1]: /posts/helo/'),
    });
    expect(found).toEqual([
      { file: 'collections/posts/second.json', pointer: '/body', link: '/posts/helo/' },
      { file: 'pages/story.json', pointer: '/sections/0/data/body', link: '/team/' },
    ]);
  });

  it('leaves Markdown unchecked without a reader', () => {
    expect(nowhere({ 'pages/story.json': page('story', [text('[team](/team/)')]) }, { markdown: undefined })).toEqual([]);
  });

  it('judges a link by its path alone: a fragment or a query leaves it leading to its page', () => {
    expect(nowhere({ 'shared/header.json': header(['/about/#team', '/about?ref=menu', '/#top', '/posts/hello/?a=1#b', '/%61bout/', '/team/#x']) })).toEqual([{ file: 'shared/header.json', pointer: '/data/menu/5/href', link: '/team/#x' }]);
  });

  it('never judges other sites, e-mail and phone links, fragments, files or the server’s own addresses', () => {
    const links = ['https://example.com/nowhere/', 'mailto:a@example.com', 'tel:+441234', '#top', '?page=2', '/rss.xml', '/sitemap-index.xml', '/robots.txt', '/api/public-page/x', '/editor/'];
    expect(nowhere({ 'shared/header.json': header(links) })).toEqual([]);
  });

  it('counts the old address of a moved page as leading somewhere, while its redirect leads to a page', () => {
    const redirects = { redirects: [{ from: '/company/', to: '/about/', madeByMove: true }, { from: '/old-team/', to: '/team/' }] };
    expect(nowhere({ 'redirects.json': redirects, 'shared/header.json': header(['/company/', '/old-team/']) })).toEqual([{ file: 'shared/header.json', pointer: '/data/menu/1/href', link: '/old-team/' }]);
  });

  it('does not judge a link to a page or post whose file cannot be read (that file’s own error says so), nor, without the redirects, a moved page’s old address', () => {
    const broken = (...files: string[]) => new Map(files.map((file) => [file, 'is not valid JSON']));
    const menu = { 'shared/header.json': header(['/posts/broken/', '/team/', '/company/', '/posts/other/']) };
    const judged = (refused: ReadonlyMap<string, string>) => linksLeadingNowhere(site(menu, refused), reading).map(({ link }) => link);
    expect(judged(broken('collections/posts/broken.json', 'pages/team.json'))).toEqual(['/company/', '/posts/other/']);
    // A folder of posts (a link, say): any post's page.
    expect(judged(broken('collections/posts'))).toEqual(['/team/', '/company/']);
    // The template, whose collection is in it: every address it may give.
    expect(judged(broken('pages/posts/[slug].json'))).toEqual(['/team/', '/company/']);
    expect(judged(broken('redirects.json'))).toEqual([]);
  });

  it('counts a draft page as leading somewhere (it will once published; the editor warns of it elsewhere), and the 404 page’s document as no page', () => {
    expect(nowhere({ 'shared/header.json': header(['/pricing/', '/404/']) })).toEqual([{ file: 'shared/header.json', pointer: '/data/menu/1/href', link: '/404/' }]);
  });

  it('knows an uploaded image from one that is not there, in a link field or a text', () => {
    const found = nowhere({
      'shared/header.json': header(['/assets/images/plan.png', '/assets/images/plan.png?v=2', '/assets/images/gone.pdf']),
      'pages/story.json': page('story', [text('[plan](/assets/images/plan.png) [old](/assets/images/old.png)')]),
    });
    expect(found).toEqual([
      { file: 'pages/story.json', pointer: '/sections/0/data/body', link: '/assets/images/old.png' },
      { file: 'shared/header.json', pointer: '/data/menu/2/href', link: '/assets/images/gone.pdf' },
    ]);
  });
});

describe('a relative link to an image in a text', () => {
  it('is named, uploaded or not, since it shows the image only from pages at one depth and from none after a move; other relative links are not judged', () => {
    const found = nowhere({ 'collections/posts/second.json': post('[plan](../assets/images/plan.png), [chart](assets/images/chart.png), [intro](../intro/) and [team](/about/)') });
    expect(found).toEqual([
      { file: 'collections/posts/second.json', pointer: '/body', link: '../assets/images/plan.png' },
      { file: 'collections/posts/second.json', pointer: '/body', link: 'assets/images/chart.png' },
    ]);
  });
});

describe('where a link leads (linkDestination)', () => {
  it('gives the page address or the uploaded image, whatever the slash, query, fragment or escapes', () => {
    expect(linkDestination('/about/#team')).toEqual({ page: '/about' });
    expect(linkDestination('/%61bout')).toEqual({ page: '/about' });
    expect(linkDestination('/?q=1')).toEqual({ page: '/' });
    expect(linkDestination('/assets//images/a.png?v=2')).toEqual({ upload: 'a.png' });
  });

  it('gives nothing for what it does not judge, and never throws on half-typed text', () => {
    for (const link of ['about/', '../intro', 'https://example.com/', '//cdn.example.com/x', '/\\evil.com', '/\\', '/a b', '/_img/a.png/x-w320.avif', '/api/x', '/500/']) {
      expect(linkDestination(link), link).toBeUndefined();
    }
  });
});

describe('the build’s warning', () => {
  it('names, once each, links to no page, fields and links naming an image not uploaded, and relative links to an image, with what is wrong', () => {
    const hero = { id: 'hero', type: 'hero', data: { title: 'Hi', image: { src: '/assets/images/gone-photo.jpg', alt: 'A photo' } } };
    const found = contentLeadingNowhere(
      site({
        'shared/header.json': header(['/team/', '/assets/images/gone.pdf']),
        'pages/story.json': page('story', [hero, text('[old](/assets/images/old.png) and [plan](../assets/images/plan.png)')]),
      }),
      new Set(['plan.png']),
    );
    expect(found).toEqual([
      { file: 'pages/story.json', pointer: '/sections/1/data/body', link: '/assets/images/old.png', why: 'upload' },
      { file: 'pages/story.json', pointer: '/sections/1/data/body', link: '../assets/images/plan.png', why: 'relative' },
      { file: 'pages/story.json', pointer: '/sections/0/data/image/src', link: '/assets/images/gone-photo.jpg', why: 'upload' },
      { file: 'shared/header.json', pointer: '/data/menu/0/href', link: '/team/', why: 'page' },
      // A link field to a missing image: once, though both checks find it.
      { file: 'shared/header.json', pointer: '/data/menu/1/href', link: '/assets/images/gone.pdf', why: 'upload' },
    ]);
    expect(leadingNowhereWarning(found).split('\n')).toEqual([
      '5 links and images lead to nothing on the site: visitors get "page not found" for a link, or a broken image.',
      '  src/data/pages/story.json#/sections/1/data/body: /assets/images/old.png (no uploaded image there)',
      '  src/data/pages/story.json#/sections/1/data/body: ../assets/images/plan.png (relative: write /assets/images/plan.png)',
      '  src/data/pages/story.json#/sections/0/data/image/src: /assets/images/gone-photo.jpg (no uploaded image there)',
      '  src/data/shared/header.json#/data/menu/0/href: /team/ (no page there)',
      '  src/data/shared/header.json#/data/menu/1/href: /assets/images/gone.pdf (no uploaded image there)',
      'Point each at a page that exists, upload the image again under that name or choose another, or remove each (the editor’s Problems panel opens each link).',
    ]);
    // A relative link to an image no one uploaded either: both are said, not only how to write it (a review).
    const neither = contentLeadingNowhere(site({ 'pages/story.json': page('story', [hero, text('[plan](../assets/images/plan.png)')]) }), new Set(['gone-photo.jpg']));
    expect(neither).toEqual([{ file: 'pages/story.json', pointer: '/sections/1/data/body', link: '../assets/images/plan.png', why: 'relative-upload' }]);
    expect(leadingNowhereWarning(neither)).toContain('../assets/images/plan.png (relative, and no uploaded image has that name: upload it, then write /assets/images/plan.png)');
  });

  it('counts those past the first few, and speaks of one as one', () => {
    const links = [1, 2, 3].map((n) => ({ file: 'shared/header.json', pointer: `/data/menu/${n}/href`, link: `/gone-${n}/`, why: 'page' as const }));
    expect(leadingNowhereWarning(links.slice(0, 1))).toBe(
      'A link or image leads to nothing on the site: visitors get "page not found" for a link, or a broken image.\n  src/data/shared/header.json#/data/menu/1/href: /gone-1/ (no page there)\nPoint it at a page that exists, upload the image again under that name or choose another, or remove it (the editor’s Problems panel opens each link).',
    );
    expect(leadingNowhereWarning(links, 2).split('\n').slice(1, -1)).toEqual(['  src/data/shared/header.json#/data/menu/1/href: /gone-1/ (no page there)', '  src/data/shared/header.json#/data/menu/2/href: /gone-2/ (no page there)', '  … and 1 more']);
  });
});
