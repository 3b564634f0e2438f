import { describe, expect, it } from 'vitest';
import { hrefOf, IMAGE_GROUP, imageTargets, isPageSearch, shownAddress, linkTargets, matchingTargets, movedLink, pageLinkVerdict, siteAddressesOf, sitePathOf, suggestedLink, targetOf, type LinkTarget } from '../../src/editor/lib/link-targets';
import { linksLeadingNowhere } from '../../src/engine/links-nowhere';
import { linkPointers } from '../../src/engine/markdown-fields';
import { snapshotFromEntries } from '../../src/engine/snapshot';
import { publicationReach } from '../../src/editor/lib/publication';
import type { Docs, EditorDoc } from '../../src/editor/lib/model';

const doc = (file: string, kind: EditorDoc['kind'], saveSlug: string, data: unknown): [string, EditorDoc] => [file, { file, kind, saveSlug, data, savedJson: '', version: null }];
const docs: Docs = Object.fromEntries([
  doc('pages/home.json', 'page', 'home', { id: 'home', slug: 'home', meta: { title: 'Northwind' }, sections: [] }),
  doc('pages/about.json', 'page', 'about', { id: 'about', slug: 'about', meta: { title: 'About us' }, sections: [] }),
  doc('pages/docs/start.json', 'page', 'docs/start', { id: 'start', slug: 'docs/start', meta: {}, sections: [] }),
  doc('pages/posts/[slug].json', 'page', 'posts/[slug]', { id: 'post', slug: 'posts/[slug]', meta: {}, template: { collection: 'posts' }, sections: [] }),
  doc('collections/posts/hello.json', 'entry', 'posts/hello', { title: 'Hello world' }),
  doc('collections/posts/second.json', 'entry', 'posts/second', { title: '' }),
  doc('collections/tags/css.json', 'entry', 'tags/css', { name: 'CSS' }),
]);

describe('link targets', () => {
  it('lists pages by path (home is /), and a template page once per entry of its collection', () => {
    expect(linkTargets(docs)).toEqual([
      { path: '/', title: 'Home', seoTitle: 'Northwind', group: 'page' },
      { path: '/about', title: 'About us', group: 'page' },
      { path: '/docs/start', title: 'docs/start', group: 'page' },
      { path: '/posts/hello', title: 'Hello world', group: 'posts' },
      { path: '/posts/second', title: 'second', group: 'posts' },
    ]);
  });

  it('offers no entry of a collection without a template page', () => {
    expect(linkTargets(docs).some((target) => target.path.includes('css'))).toBe(false);
  });

  it('matches the title or the path, ignoring case', () => {
    const targets = linkTargets(docs);
    expect(matchingTargets(targets, 'HELLO').map((t) => t.path)).toEqual(['/posts/hello']);
    expect(matchingTargets(targets, '/ab').map((t) => t.path)).toEqual(['/about']);
    expect(matchingTargets(targets, '  ')).toHaveLength(5);
    // The address a picked link stores, as the field then shows it, still finds its target.
    expect(matchingTargets(targets, '/about/').map((t) => t.path)).toEqual(['/about']);
  });

  it('shows a template page’s address as its entries’ pages share it, never its file’s [slug]', () => {
    expect(['home', 'about', 'posts/[slug]', 'guides/[slug]'].map(shownAddress)).toEqual(['/', '/about', '/posts/…', '/guides/…']);
  });

  it('stores a link to a page at the address the page is served at, with its trailing slash', () => {
    const hrefs = Object.fromEntries(linkTargets(docs).map((target) => [target.path, hrefOf(target)]));
    expect(hrefs).toMatchObject({ '/': '/', '/about': '/about/', '/posts/hello': '/posts/hello/' });
    for (const [path, href] of Object.entries(hrefs)) expect(targetOf(linkTargets(docs), href)?.path, href).toBe(path);
  });

  it('names pages as the page list does ("Home"), and finds them by that name or by their SEO title', () => {
    const titled = withData('pages/about.json', { meta: { title: 'About us — Northwind' } });
    const targets = linkTargets(titled);
    expect(targets.find((target) => target.path === '/about')).toMatchObject({ title: 'About us', seoTitle: 'About us — Northwind' });
    expect(matchingTargets(targets, 'home').map((t) => t.path)).toEqual(['/']);
    expect(matchingTargets(targets, 'northwind').map((t) => t.path)).toEqual(['/', '/about']);
  });

  it('takes words for a search, and a path, an anchor, a query or a scheme for an address', () => {
    for (const words of ['Home', 'cont', 'www.example.com', ' about us ']) expect(isPageSearch(words), words).toBe(true);
    for (const address of ['', ' ', '/pricing-old', '#team', '?q=1', 'https://example.com', 'mailto:a@b.c', 'javascript:alert(1)']) expect(isPageSearch(address), address).toBe(false);
  });
});

const now = new Date('2026-06-01T12:00:00Z');
const withData = (file: string, data: object, base: Docs = docs): Docs => ({ ...base, [file]: { ...base[file]!, data: { ...(base[file]!.data as object), ...data } } });
const TEMPLATE = 'pages/posts/[slug].json';

describe('link targets visitors cannot follow yet', () => {
  it('are offered, marked draft or scheduled; an entry is as public as the less public of itself and its template page', () => {
    const site = withData('collections/posts/hello.json', { publishAt: '2026-07-01T00:00:00Z' }, withData('pages/about.json', { status: 'draft' }));
    expect(linkTargets(site, now).map(({ path, state }) => [path, state])).toEqual([
      ['/', undefined],
      ['/about', 'draft'],
      ['/docs/start', undefined],
      ['/posts/hello', 'scheduled'],
      ['/posts/second', undefined],
    ]);
    const hiddenTemplate = withData(TEMPLATE, { status: 'draft' }, site);
    expect(linkTargets(hiddenTemplate, now).filter((target) => target.group === 'posts').map((target) => target.state)).toEqual(['draft', 'draft']);
  });
});

describe('publicationReach', () => {
  const format = (at: Date) => at.toISOString();
  it("says that a template page's status is that of every entry's page", () => {
    expect(publicationReach(docs, TEMPLATE, now, format)).toBe('This page shows each of the 2 posts: unpublishing it hides them all.');
    expect(publicationReach(withData(TEMPLATE, { status: 'draft' }), TEMPLATE, now, format)).toBe('This page shows each of the 2 posts: while it is a draft, visitors see none of them.');
    expect(publicationReach(withData(TEMPLATE, { publishAt: '2026-07-01T00:00:00Z' }), TEMPLATE, now, format)).toBe(
      'This page shows each of the 2 posts: visitors see none of them before 2026-07-01T00:00:00.000Z.',
    );
  });

  it('warns on an entry whose template page is not public, and says nothing otherwise', () => {
    expect(publicationReach(withData(TEMPLATE, { status: 'draft' }), 'collections/posts/hello.json', now, format)).toBe(
      'The page every post is shown on is a draft: visitors see this post only once that page is published.',
    );
    expect(publicationReach(withData(TEMPLATE, { publishAt: '2026-07-01T00:00:00Z' }), 'collections/posts/hello.json', now, format)).toMatch(/scheduled: visitors see this post from 2026-07-01T00:00:00.000Z at the earliest/);
    expect(publicationReach(docs, 'collections/posts/hello.json', now, format)).toBeUndefined();
    expect(publicationReach(docs, 'collections/tags/css.json', now, format)).toBeUndefined();
    expect(publicationReach(docs, 'pages/about.json', now, format)).toBeUndefined();
  });
});

describe('where a typed link leads', () => {
  const targets = linkTargets(docs);
  const site = (check: Parameters<typeof siteAddressesOf>[2] = { problems: [] }, on: readonly LinkTarget[] = targets) => siteAddressesOf(docs, on, check);
  const leadsNowhere = (on: readonly LinkTarget[], link: string, check?: Parameters<typeof siteAddressesOf>[2]) => {
    const verdict = pageLinkVerdict(site(check, on), link);
    return verdict !== undefined && 'nowhere' in verdict;
  };

  it('finds the page or entry whatever the trailing slash, query or fragment', () => {
    expect(targetOf(targets, '/about/')?.title).toBe('About us');
    expect(targetOf(targets, '/about#team')?.title).toBe('About us');
    expect(targetOf(targets, '/posts/hello/?ref=home')?.title).toBe('Hello world');
    expect(targetOf(targets, '/')?.title).toBe('Home');
    expect(targetOf(targets, 'https://example.com/about/')).toBeUndefined();
  });

  it('says when a page address on this site has no page or entry', () => {
    for (const link of ['/contact-us', '/contact-us/', '/posts/no-such-post/', '/docs']) expect(leadsNowhere(targets, link), link).toBe(true);
  });

  it('judges neither other sites, files, the server’s own addresses, nor anything without targets', () => {
    for (const link of ['/about/', '/', 'https://example.com/x/', 'mailto:a@example.com', '#top', '//cdn.example.com/x', '/rss.xml', '/assets/images/a.png', '/_img/a.png/x-w320.avif', '/api/public-page/about', '/editor/about']) {
      expect(leadsNowhere(targets, link), link).toBe(false);
    }
    expect(leadsNowhere([], '/contact-us/')).toBe(false);
  });

  it('takes a moved page’s old address as leading to it, and offers the new address with the query and fragment kept', () => {
    const redirects = [{ from: '/company/', to: '/about/' }, { from: '/old-team/', to: '/team/' }];
    expect(pageLinkVerdict(site({ problems: [], redirects }), '/company/#history')).toEqual({ movedTo: '/about/' });
    expect(movedLink('/company/#history', '/about/')).toBe('/about/#history');
    expect(movedLink('/company?ref=menu', '/about/')).toBe('/about/?ref=menu');
    // A redirect to no page is never followed.
    expect(leadsNowhere(targets, '/old-team/', { problems: [], redirects })).toBe(true);
  });

  it('does not judge a page that a file which cannot be read may be: its page file, its entry file, or a folder of them', () => {
    const unreadable = (...files: string[]) => ({ problems: files.map((file) => ({ file, message: 'is not valid JSON' })) });
    expect(leadsNowhere(targets, '/pricing/', unreadable('pages/pricing.json'))).toBe(false);
    expect(leadsNowhere(targets, '/posts/broken/', unreadable('collections/posts/broken.json'))).toBe(false);
    expect(leadsNowhere(targets, '/docs/intro/', unreadable('pages/docs'))).toBe(false);
    expect(leadsNowhere(targets, '/posts/anything/', unreadable('collections/posts'))).toBe(false);
    // A file saved with another extension is not read either: the page it would be.
    expect(leadsNowhere(targets, '/posts/shouting/', unreadable('collections/posts/shouting.JSON'))).toBe(false);
    expect(leadsNowhere(targets, '/team/', unreadable('pages/team.JSON'))).toBe(false);
    expect(leadsNowhere(targets, '/posts/other/', unreadable('collections/posts/notes.md'))).toBe(true);
    // A template that cannot be read: every address it may give its entries.
    expect(leadsNowhere(targets, '/news/anything/', unreadable('pages/news/[slug].json'))).toBe(false);
    // Without the redirects, no old address can be known.
    expect(leadsNowhere(targets, '/company/', unreadable('redirects.json'))).toBe(false);
    // Anything else is still judged.
    for (const link of ['/pricing-old/', '/posts/broken/extra/', '/news/']) expect(leadsNowhere(targets, link, unreadable('pages/pricing.json', 'collections/posts/broken.json', 'pages/news/[slug].json')), link).toBe(true);
    expect(leadsNowhere(targets, '/tags/css/', unreadable('collections/tags/css.json'))).toBe(true);
  });

  it('judges as the site’s check of links does (one function): the same site, the same verdicts', () => {
    // The editor's documents as the content on disk, with a redirect, a post that cannot be read and a menu of links.
    const links = ['/company/', '/posts/broken/', '/posts/gone/', '/about/', '/contcat/', '/404/'];
    const header = { id: 'site-header', type: 'header', data: { logoText: 'N', logoHref: '/', menu: links.map((href, index) => ({ label: `Item ${index}`, href })) } };
    const redirects = [{ from: '/company/', to: '/about/' }];
    const files = [...Object.values(docs).map((d) => [d.file, d.data] as const), ['pages/404.json', {}] as const, ['redirects.json', { redirects }] as const, ['shared/header.json', header] as const];
    const snapshot = snapshotFromEntries(files, new Map([['collections/posts/broken.json', 'is not valid JSON']]));
    const panel = linksLeadingNowhere(snapshot, { linkFields: linkPointers, uploads: new Set() });
    const check = { problems: [{ file: 'collections/posts/broken.json', message: 'is not valid JSON' }], redirects };
    expect(panel.map(({ link }) => link)).toEqual(['/posts/gone/', '/contcat/', '/404/']);
    const withNotFound = linkTargets({ ...docs, 'pages/404.json': { file: 'pages/404.json', kind: 'page', saveSlug: '404', data: {}, savedJson: '', version: null } });
    expect(links.filter((link) => leadsNowhere(withNotFound, link, check))).toEqual(['/posts/gone/', '/contcat/', '/404/']);
    // Nor does the picker offer it: it would store a link that leads nowhere.
    expect(withNotFound.map((target) => target.path)).not.toContain('/404');
  });

  it('takes half-typed text that is no URL, or a backslash that makes it another host, for no page, and never throws', () => {
    // Typed into a link field on every keystroke: a throw here blanked the whole editor.
    for (const link of ['/\\', '/\\/', '/\\?a', '/\\#', '/\\x', '/\\evil.com', '/\\about', '/\\site.invalid/about', '/\t/site.invalid/about', '/a/..//about']) {
      expect(() => sitePathOf(link), link).not.toThrow();
      expect(sitePathOf(link), link).toBeUndefined();
      expect(targetOf(targets, link), link).toBeUndefined();
      expect(leadsNowhere(targets, link), link).toBe(false);
    }
  });
});

describe('suggestedLink (what a refused link most likely meant)', () => {
  it('offers https:// for a bare address and mailto: for an e-mail address', () => {
    expect(suggestedLink('www.example.com')).toBe('https://www.example.com');
    expect(suggestedLink(' example.org/pricing?plan=a ')).toBe('https://example.org/pricing?plan=a');
    expect(suggestedLink('hello@northwind.studio')).toBe('mailto:hello@northwind.studio');
  });

  it('offers nothing for a link already taken, for words, or for what would still be refused', () => {
    for (const typed of ['https://example.com', '/about', 'team', 'our team', 'a@b@c.com', 'javascript:alert(1)', '']) expect(suggestedLink(typed), typed).toBeUndefined();
  });
});

describe('uploaded images as link targets (QA: their addresses were typed by hand)', () => {
  const images = imageTargets(['/assets/images/team-photo.jpg', '/assets/images/chart.png']);

  it('names each by its file, sorted, and stores its URL as it is', () => {
    expect(images).toEqual([
      { path: '/assets/images/chart.png', title: 'chart.png', group: IMAGE_GROUP },
      { path: '/assets/images/team-photo.jpg', title: 'team-photo.jpg', group: IMAGE_GROUP },
    ]);
    // A file has no trailing slash, as a page's address has.
    expect(images.map(hrefOf)).toEqual(['/assets/images/chart.png', '/assets/images/team-photo.jpg']);
  });

  it('leaves out a file copied in by hand under a name no upload may have, whose link would be refused or lead elsewhere (a review)', () => {
    expect(imageTargets(['/assets/images/team%20photo.jpg', '/assets/images/a%23b.png', '/assets/images/caf%C3%A9.png', '/assets/images/ok.png']).map((target) => target.title)).toEqual(['ok.png']);
  });

  it('is found by its name or address, and known again from a link to it, so it never reads as "page not found"', () => {
    expect(matchingTargets(images, 'photo').map((target) => target.title)).toEqual(['team-photo.jpg']);
    expect(matchingTargets(images, '/assets/images/ch').map((target) => target.title)).toEqual(['chart.png']);
    expect(targetOf(images, '/assets/images/chart.png')?.title).toBe('chart.png');
    expect(pageLinkVerdict(siteAddressesOf(docs, [...linkTargets(docs), ...images], { problems: [] }), '/assets/images/chart.png')).toBeUndefined();
  });
});
