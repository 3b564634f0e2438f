/**
 * Discovery in a real build (SITE_URL set): the sitemap lists exactly the
 * public pages with lastmod, the RSS feed has every post, robots.txt names the
 * sitemap, every page links the feed and carries valid JSON-LD, and per-page
 * noindex and canonical overrides reach the head and the sitemap. The copy's
 * content gets a noindex page, a canonical override, a moved page and a post
 * whose title tries to close the JSON-LD script. A build without SITE_URL:
 * discovery-no-site-url.test.ts.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsSnapshotLoader } from '../../src/engine/fs-snapshot';
import type { Bundle, PageRoute } from '../../src/engine/resolver';
import { NOT_FOUND_SLUG, pathForSlug } from '../../src/engine/slug';
import { FEED_ITEMS } from '../../src/lib/seo/discovery-files';
import { ASTRO_CLI, copyProject, type ProjectCopy } from '../helpers/project-copy';
import { resolverFor } from '../helpers/registry';
import { userEnv } from '../helpers/servers';
import { jsonLdBlocks, schemaOrgProblems } from '../helpers/schema-org';
import { child, childText, parseXml } from '../helpers/xml';

const SITE = 'https://northwind.example';
const HOSTILE_TITLE = 'Closing tags </script> & <!-- comments --> "quoted"';
/** A text with a link to an image no one uploaded, one written relative to the page, and one to no page. */
const COVER_REMOVED_BODY = 'See [the plan](/assets/images/plan-removed.png), [the chart](../assets/images/chart.png) and [the team](/teem/).';

let project: ProjectCopy;
let buildOutput: string;
let routes: PageRoute[];
const bundles = new Map<string, Bundle>();
const html = new Map<string, string>();
const client = (...parts: string[]) => join(project.root, 'dist', 'client', ...parts);
const fileOf = (slug: string) => (slug === 'home' ? 'index.html' : `${slug}/index.html`);
const pageUrl = (slug: string) => `${SITE}${pathForSlug(slug)}`;

async function editJson(file: string, edit: (value: Record<string, unknown>) => void) {
  const path = join(project.dataRoot, file);
  const value = JSON.parse(await readFile(path, 'utf8'));
  edit(value);
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`);
}

beforeAll(async () => {
  project = await copyProject('discovery');
  await editJson('pages/about.json', (page) => Object.assign(page.meta as object, { noindex: true }));
  await editJson('pages/docs/getting-started.json', (page) => Object.assign(page.meta as object, { canonical: '/journal/' }));
  await writeFile(join(project.dataRoot, 'redirects.json'), `${JSON.stringify({ redirects: [{ from: '/old-journal/', to: '/journal/' }] }, null, 2)}\n`);
  await writeFile(
    join(project.dataRoot, 'collections', 'posts', 'closing-tags.json'),
    `${JSON.stringify({ title: HOSTILE_TITLE, excerpt: 'An excerpt with </script> in it.', date: '2020-01-02', author: 'Ann </script> Author', tags: [], body: 'Text.' }, null, 2)}\n`,
  );
  // A post whose cover was deleted by hand, outside the editor: its pages show a broken image.
  await writeFile(
    join(project.dataRoot, 'collections', 'posts', 'cover-removed.json'),
    `${JSON.stringify({ title: 'Cover removed', excerpt: 'Its cover is gone.', date: '2020-01-03', author: 'Ann', tags: [], body: COVER_REMOVED_BODY, cover: { url: '/assets/images/removed-by-hand.webp', alt: 'Gone' } }, null, 2)}\n`,
  );
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [ASTRO_CLI, 'build'], {
    cwd: project.root,
    env: { ...userEnv(), ASTRO_TELEMETRY_DISABLED: '1', SITE_URL: SITE },
    maxBuffer: 64 * 1024 * 1024,
  });
  buildOutput = stdout + stderr;
  const resolver = resolverFor((await createFsSnapshotLoader(project.dataRoot)()).snapshot);
  // The 404 page's document is 404.html, not a page at /404/: tests/build/status-pages.test.ts checks it.
  routes = resolver.listPages().filter((route) => route.slug !== NOT_FOUND_SLUG);
  for (const route of routes) {
    bundles.set(route.slug, resolver.resolvePage(route.slug));
    html.set(route.slug, await readFile(client(fileOf(route.slug)), 'utf8'));
  }
});

afterAll(() => project?.remove());

/** The public, indexable pages: every page but the noindex one and the one whose canonical is another page. */
const listedSlugs = () => routes.map((route) => route.slug).filter((slug) => slug !== 'about' && slug !== 'docs/getting-started');
const posts = () => routes.filter((route) => route.entry?.collection === 'posts');
const postOf = (route: PageRoute) => (bundles.get(route.slug)!.sections.find((section) => section.type === 'post-detail')!.data as { post: { title: string; date: string; excerpt: string; author: string } }).post;

describe('the sitemap', () => {
  let entries: { loc: string; lastmod: string | undefined }[];

  beforeAll(async () => {
    const index = parseXml(await readFile(client('sitemap-index.xml'), 'utf8'));
    expect(index.name).toBe('sitemapindex');
    expect(index.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    entries = [];
    for (const sitemap of index.children.filter((element) => element.name === 'sitemap')) {
      const loc = childText(sitemap, 'loc')!;
      expect(loc.startsWith(`${SITE}/`)).toBe(true);
      const urlset = parseXml(await readFile(client(new URL(loc).pathname), 'utf8'));
      expect(urlset.name).toBe('urlset');
      expect(urlset.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      for (const url of urlset.children.filter((element) => element.name === 'url')) entries.push({ loc: childText(url, 'loc')!, lastmod: childText(url, 'lastmod') });
    }
  });

  it('lists exactly the public pages: no noindex page, duplicate, redirect page, 404 or editor route', async () => {
    expect(entries.map((entry) => entry.loc).sort()).toEqual(listedSlugs().map(pageUrl).sort());
    // The moved page's redirect page was built, and is not listed.
    expect(await readFile(client('old-journal', 'index.html'), 'utf8')).toContain('/journal/');
    expect(entries.map((entry) => entry.loc).filter((loc) => /old-journal|404|\/editor\/|\.json|\.xml|\.txt/.test(loc))).toEqual([]);
  });

  it('gives every page a lastmod: a post its date, any other page its newest data file or listed post', async () => {
    const byLoc = new Map(entries.map((entry) => [entry.loc, entry.lastmod]));
    for (const route of posts()) expect(byLoc.get(pageUrl(route.slug)), route.slug).toBe(`${postOf(route).date}T00:00:00.000Z`);
    for (const route of routes.filter((candidate) => !candidate.entry && listedSlugs().includes(candidate.slug))) {
      const lastmod = byLoc.get(pageUrl(route.slug))!;
      expect(lastmod, route.slug).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Date.parse(lastmod), route.slug).toBeGreaterThanOrEqual((await stat(join(project.dataRoot, route.file))).mtime.getTime());
    }
  });

  it('leaves no hand-over file behind', async () => {
    const files = (await readdir(join(project.root, 'dist'), { recursive: true })).map(String);
    expect(files.filter((file) => file.includes('sitemap-pages'))).toEqual([]);
  });
});

describe('the RSS feed', () => {
  it('is RSS 2.0 with the newest posts (up to FEED_ITEMS), newest first, each with its title, link, date and excerpt', async () => {
    const rss = parseXml(await readFile(client('rss.xml'), 'utf8'));
    expect(rss.name).toBe('rss');
    expect(rss.attributes.version).toBe('2.0');
    const channel = child(rss, 'channel')!;
    expect(childText(channel, 'title')).toBe('Northwind');
    expect(childText(channel, 'link')).toBe(`${SITE}/`);
    expect(childText(channel, 'description')).toBeTruthy();
    expect(child(channel, 'atom:link')?.attributes).toMatchObject({ href: `${SITE}/rss.xml`, rel: 'self', type: 'application/rss+xml' });
    const items = channel.children.filter((element) => element.name === 'item');
    const expected = posts()
      .map((route) => ({ route, post: postOf(route) }))
      .sort((a, b) => (a.post.date === b.post.date ? (a.route.slug < b.route.slug ? -1 : 1) : a.post.date < b.post.date ? 1 : -1))
      .slice(0, FEED_ITEMS);
    expect(items).toHaveLength(expected.length);
    items.forEach((item, index) => {
      const { route, post } = expected[index]!;
      expect(childText(item, 'title')).toBe(post.title);
      expect(childText(item, 'link')).toBe(pageUrl(route.slug));
      expect(childText(item, 'guid')).toBe(pageUrl(route.slug));
      // Escaped as HTML inside the XML: readers take a description as HTML, and an excerpt is text.
      expect(childText(item, 'description')).toBe(post.excerpt.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'));
      expect(childText(item, 'dc:creator')).toBe(post.author);
      const pubDate = childText(item, 'pubDate')!;
      expect(pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(new Date(pubDate).toISOString().slice(0, 10)).toBe(post.date);
    });
  });

  it('is linked from every page\'s head', () => {
    for (const [slug, page] of html) expect(page, slug).toMatch(new RegExp(`<link rel="alternate" type="application/rss\\+xml" title="Northwind" href="${SITE}/rss.xml">`));
  });
});

describe('robots.txt', () => {
  it('names the sitemap by its absolute URL on SITE_URL', async () => {
    const robots = await readFile(client('robots.txt'), 'utf8');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(new RegExp(`^Sitemap: ${SITE}/sitemap-index\\.xml$`, 'm'));
  });
});

describe('structured data', () => {
  const blocksOf = (slug: string) => jsonLdBlocks(html.get(slug)!).map((text) => JSON.parse(text) as Record<string, unknown>);
  const ofType = (slug: string, type: string) => blocksOf(slug).filter((block) => block['@type'] === type);

  it('parses, and every block carries its type\'s required and recommended properties', async () => {
    const pages = (await readdir(client(), { recursive: true })).map(String).filter((file) => file.endsWith('.html'));
    let blocks = 0;
    for (const file of pages) {
      for (const text of jsonLdBlocks(await readFile(client(file), 'utf8'))) {
        blocks += 1;
        expect(schemaOrgProblems(JSON.parse(text)), file).toEqual([]);
      }
    }
    expect(blocks).toBeGreaterThan(posts().length * 2);
  });

  it('describes the site on the home page', () => {
    expect(ofType('home', 'Organization')).toEqual([expect.objectContaining({ name: 'Northwind', url: `${SITE}/` })]);
    expect(ofType('home', 'WebSite')).toEqual([expect.objectContaining({ name: 'Northwind', url: `${SITE}/` })]);
  });

  it('gives every post an Article and a trail through the Journal', async () => {
    for (const route of posts()) {
      const post = postOf(route);
      const [article] = ofType(route.slug, 'Article');
      expect(article, route.slug).toMatchObject({ headline: post.title, author: { '@type': 'Person', name: post.author }, datePublished: post.date, mainEntityOfPage: pageUrl(route.slug) });
      const [trail] = ofType(route.slug, 'BreadcrumbList');
      expect((trail!.itemListElement as { name: string; item: string }[]).map((crumb) => [crumb.name, crumb.item])).toEqual([
        ['Home', `${SITE}/`],
        ['Journal', `${SITE}/journal/`],
        [post.title, pageUrl(route.slug)],
      ]);
    }
    const withCover = posts().find((route) => bundles.get(route.slug)!.meta.ogImage)!;
    // A copy of the upload (no EXIF, no GPS), which the build made, never the original (src/lib/images/shared-image.ts).
    const name = bundles.get(withCover.slug)!.meta.ogImage!.url.replace('/assets/images/', '');
    const [image] = ofType(withCover.slug, 'Article')[0]!.image as string[];
    expect(image).toMatch(new RegExp(`^${SITE.replaceAll('.', '\\.')}/_img/${name.replaceAll('.', '\\.')}/[0-9a-f]{16}-w\\d+\\.(?:jpg|png)$`));
    expect((await stat(client(new URL(image!).pathname))).isFile()).toBe(true);
  });

  it('gives nested pages and tag pages a trail, and top-level pages none', () => {
    expect(ofType('docs/getting-started', 'BreadcrumbList')).toHaveLength(1);
    for (const route of routes.filter((candidate) => candidate.entry?.collection === 'tags')) expect(ofType(route.slug, 'BreadcrumbList'), route.slug).toHaveLength(1);
    expect(ofType('journal', 'BreadcrumbList')).toEqual([]);
  });

  it('cannot be closed by content', () => {
    const route = posts().find((candidate) => candidate.entry!.slug === 'closing-tags')!;
    // Each block is read up to the first </script>: had the title closed the element, it would not parse.
    expect(ofType(route.slug, 'Article')[0]).toMatchObject({ headline: HOSTILE_TITLE, author: { name: 'Ann </script> Author' } });
    for (const text of jsonLdBlocks(html.get(route.slug)!)) expect(text).not.toMatch(/[<>]/);
  });
});

describe('per-page indexing', () => {
  it('writes noindex where the meta asks, and only there', () => {
    for (const [slug, page] of html) expect(page.includes('<meta name="robots" content="noindex">'), slug).toBe(slug === 'about');
  });

  it('writes the canonical override as canonical link and og:url', () => {
    const page = html.get('docs/getting-started')!;
    expect(page).toContain(`<link rel="canonical" href="${SITE}/journal/">`);
    expect(page).toContain(`<meta property="og:url" content="${SITE}/journal/">`);
    expect(html.get('journal')).toContain(`<link rel="canonical" href="${SITE}/journal/">`);
  });

  it('says nothing of SITE_URL when it is set', () => {
    expect(buildOutput).not.toContain('SITE_URL is not set');
  });

  it('names, in one warning, each field and link whose uploaded image is not there, each link to no page, and a relative link to an image, and still builds', () => {
    expect(buildOutput).toMatch(/\d+ links and images lead to nothing on the site: visitors get "page not found" for a link, or a broken image\./);
    for (const line of [
      'src/data/collections/posts/cover-removed.json#/body: /assets/images/plan-removed.png (no uploaded image there)',
      'src/data/collections/posts/cover-removed.json#/body: ../assets/images/chart.png (relative, and no uploaded image has that name: upload it, then write /assets/images/chart.png)',
      'src/data/collections/posts/cover-removed.json#/body: /teem/ (no page there)',
      'src/data/collections/posts/cover-removed.json#/cover/url: /assets/images/removed-by-hand.webp (no uploaded image there)',
    ]) {
      expect(buildOutput.split(line).length - 1, line).toBe(1);
    }
    // The build's config warned of missing images apart once, a Markdown text read whole.
    expect(buildOutput).not.toContain('no one has uploaded');
    expect(html.get('posts/cover-removed')).toContain('Cover removed');
  });
});
