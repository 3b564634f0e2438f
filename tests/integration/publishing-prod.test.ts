/**
 * Live publishing, end to end over HTTP: one build of a project copy, a bare
 * repository made by the test as the git host, and a real production server
 * (`server/index.mjs`) with its own clone. Saves go through the editor's API
 * as a signed-in user; what visitors get is read from the same server.
 */
import { cp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BareRemote } from '../helpers/git-remote';
import { startGitSite, type GitSite } from '../helpers/git-site';
import { raw } from '../helpers/http';
import type { ProjectCopy } from '../helpers/project-copy';
import { buildProject, type RunningServer } from '../helpers/servers';
import { childText, parseXml } from '../helpers/xml';
import { signIn, type Session } from '../helpers/sessions';
import { hasDotSegment } from './attacks';
import { editorState, newPage, retitled, untilLive, WEBHOOK_SECRET } from '../helpers/editing';

const PASSWORD = 'correct horse battery staple';

let site: GitSite;
let project: ProjectCopy;
let remote: BareRemote;
let server: RunningServer;
let alice: Session;

beforeAll(async () => {
  // Two render workers whatever the machine's cores, so a change every page shows renders on them.
  site = await startGitSite('publishing-prod', { name: 'alice', role: 'admin', password: PASSWORD }, { CONTENT_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLISH_WORKERS: '2' });
  ({ project, remote, server } = site);
  alice = await signIn(server, 'alice', PASSWORD);
});

afterAll(async () => {
  await site?.remove();
});

const get = (path: string) => raw(server.origin, { path });
const titleIn = (html: string) => html.slice(html.indexOf('<title>') + 7, html.indexOf('</title>'));

const state = () => editorState(alice);

const docOf = async (file: string) => (await state()).docs.find((doc) => doc.file === file)!;

/** Saves `changes` and waits until the server says they are live; returns the save's answer. */
const saveAndPublish = async (changes: unknown[]) => untilLive(alice, await alice.post('/api/content/changes', { changes }));

const retitle = (file: string, title: string) => retitled(alice, file, title);

describe('a saved change goes live', () => {
  it('in the HTML, the page API and the sitemap, without a restart', async () => {
    await saveAndPublish([await retitle('pages/about.json', 'About, published live'), await newPage(alice, 'live-news', {}, 'Live news')]);
    const page = await get('/about/');
    expect(page.status).toBe(200);
    expect(titleIn(page.text)).toBe('About, published live');
    expect((await get('/api/public-page/about')).json<{ meta: { title: string } }>().meta.title).toBe('About, published live');
    expect((await get('/live-news/')).status).toBe(200);
    expect((await get('/api/public-page/live-news')).status).toBe(200);
    expect((await get('/sitemap-0.xml')).text).toContain('/live-news/</loc>');
  });

  it('renders again only the pages whose bundle changed', async () => {
    const before = server.output().length;
    await saveAndPublish([await retitle('pages/about.json', 'About, once more')]);
    expect(server.output().slice(before)).toMatch(/: 1 of \d+ pages changed, 1 rendered again on the server's thread and 0 made from their kept pieces/);
  });

  it('reaches every page that shows a shared document, and only those', async () => {
    const header = await docOf('shared/header.json');
    const before = server.output().length;
    await saveAndPublish([{ op: 'put', file: 'shared/header.json', content: { ...header.data, data: { ...header.data.data, logoText: 'Northwind Live' } }, baseVersion: header.version }]);
    const pages = (await state()).docs.filter((doc) => doc.file.startsWith('pages/') && !doc.file.includes('[') && doc.file !== 'pages/404.json');
    for (const page of pages) {
      const path = page.data.slug === 'home' ? '/' : `/${page.data.slug}/`;
      const html = (await get(path)).text;
      expect(html, path).toContain('Northwind Live');
      expect((await get(`/api/public-page/${page.data.slug}`)).text, path).toContain('Northwind Live');
    }
    expect((await get('/posts/accessible-by-construction/')).text).toContain('Northwind Live');
    // Every page changed; the build said where each page's views are, so most are made from their pieces.
    expect(server.output().slice(before)).toMatch(/: (\d+) of \1 pages changed, \d+ rendered again .* and [1-9]\d* made from their kept pieces/);
  });

  it('makes a page whose shared views alone changed from its kept pieces, without rendering it', async () => {
    const header = await docOf('shared/header.json');
    const before = server.output().length;
    await saveAndPublish([{ op: 'put', file: 'shared/header.json', content: { ...header.data, data: { ...header.data.data, logoText: 'Northwind, pieced' } }, baseVersion: header.version }]);
    const [, changed, pages, rendered, pieced] = /: (\d+) of (\d+) pages changed, (\d+) rendered again .* and (\d+) made from their kept pieces/.exec(server.output().slice(before))!.map(Number);
    expect(changed).toBe(pages);
    // Those whose header marks their own menu item as current are rendered; the others are made from pieces.
    expect(pieced).toBeGreaterThan(pages! / 2);
    expect(rendered! + pieced!).toBe(changed);
    for (const path of ['/', '/about/', '/posts/accessible-by-construction/', '/404.html']) {
      const html = (await get(path)).text;
      expect(html, path).toContain('Northwind, pieced');
      expect(html, path).not.toContain('Northwind Live');
    }
  });

  it('answers the publishing status only for tickets it gave', async () => {
    expect((await alice.get('/api/content/publishing?ticket=999999')).status).toBe(400);
    expect((await alice.get('/api/content/publishing?ticket=abc')).status).toBe(400);
    expect((await get('/api/content/publishing?ticket=1')).status).toBe(401);
  });

  it('keeps its private render route away from visitors', async () => {
    for (const path of ['/_live/render/about/', '/_live/publish', '/%5Flive/render/about/', '/x/../_live/render/']) {
      const response = await get(path);
      expect(response.status, path).toBe(hasDotSegment(path) ? 400 : 404);
      expect(response.text).not.toContain('<html');
    }
  });
});

describe('while 20 changes are published', () => {
  it('every request succeeds, and a page and its bundle always agree', async () => {
    let publishing = true;
    const seen = new Set<string>();
    const problems: string[] = [];
    const reader = async () => {
      while (publishing) {
        const [html, api] = await Promise.all([get('/about/'), get('/api/public-page/about')]);
        if (html.status !== 200 || api.status !== 200) problems.push(`status ${html.status}/${api.status}`);
        if (!html.text.trimEnd().endsWith('</html>')) problems.push('a truncated page');
        const [htmlVersion, apiVersion] = [html.headers['x-content-version'], api.headers['x-content-version']];
        seen.add(String(htmlVersion));
        if (htmlVersion === apiVersion && titleIn(html.text) !== api.json<{ meta: { title: string } }>().meta.title) {
          problems.push(`version ${htmlVersion}: HTML "${titleIn(html.text)}", API "${api.json<{ meta: { title: string } }>().meta.title}"`);
        }
      }
    };
    const readers = [reader(), reader(), reader()];
    for (let round = 1; round <= 20; round += 1) await saveAndPublish([await retitle('pages/about.json', `About, round ${round}`)]);
    publishing = false;
    await Promise.all(readers);
    expect(problems).toEqual([]);
    expect(seen.size).toBeGreaterThan(5);
    expect(titleIn((await get('/about/')).text)).toBe('About, round 20');
  });
});

describe('drafts and schedules', () => {
  it('keep a draft page and a draft post off every public surface', async () => {
    const post = (await docOf('collections/posts/accessible-by-construction.json')).data;
    const versionBefore = (await get('/')).headers['x-content-version'];
    await saveAndPublish([
      await newPage(alice, 'secret-plans', { status: 'draft' }, 'Secret plans'),
      { op: 'put', file: 'collections/posts/unreleased.json', content: { ...post, title: 'Unreleased post', status: 'draft' }, baseVersion: null },
    ]);
    expect((await get('/secret-plans/')).status).toBe(404);
    expect((await get('/api/public-page/secret-plans')).status).toBe(404);
    expect((await get('/posts/unreleased/')).status).toBe(404);
    expect((await get('/api/public-page/posts/unreleased')).status).toBe(404);
    for (const path of ['/sitemap-0.xml', '/rss.xml', '/journal/', '/']) {
      const text = (await get(path)).text;
      expect(text, path).not.toContain('secret-plans');
      expect(text, path).not.toContain('Unreleased post');
    }
    // Nor does the content version tell visitors that unpublished work was saved.
    expect((await get('/')).headers['x-content-version']).toBe(versionBefore);
    expect((await get('/api/public-page/home')).headers['x-content-version']).toBe(versionBefore);
  });

  it('publish an edit of a draft that a published page includes through a $ref (it once kept the old words until another change)', async () => {
    type Page = { sections: { id?: string; type?: string; data?: { body?: string } }[] };
    const about = (await docOf('pages/about.json')).data as Page;
    const story = about.sections.findIndex((section) => section.type === 'content-block');
    const withBody = (body: string) => ({ ...about, sections: about.sections.map((section, index) => (index === story ? { ...section, data: { ...section.data, body } } : section)) });
    const snippet = await newPage(alice, 'snippet-draft', { status: 'draft' });
    // With the shared header, as every page has it (a later test changes the header on every page).
    const including = await newPage(alice, 'includes-a-draft', { sections: [about.sections[0], { $ref: `snippet-draft.json#/sections/${story}` }] }, 'Includes a draft');
    await saveAndPublish([{ ...snippet, content: { ...snippet.content, sections: withBody('Words from a draft, first version.').sections } }, including]);
    expect((await get('/includes-a-draft/')).text).toContain('Words from a draft, first version.');
    const before = (await get('/includes-a-draft/')).headers['x-content-version'];

    const draft = await docOf('pages/snippet-draft.json');
    await saveAndPublish([{ op: 'put', file: draft.file, content: { ...(draft.data as object), sections: withBody('Words from a draft, second version.').sections }, baseVersion: draft.version }]);
    const page = await get('/includes-a-draft/');
    expect(page.text).toContain('Words from a draft, second version.');
    expect(JSON.stringify((await get('/api/public-page/includes-a-draft')).json())).toContain('Words from a draft, second version.');
    // Two public outputs never share a content version.
    expect(page.headers['x-content-version']).not.toBe(before);
    expect((await get('/snippet-draft/')).status).toBe(404);
  });

  it('publish a page scheduled 3 seconds ahead after its time', async () => {
    const publishAt = new Date(Date.now() + 3_000).toISOString();
    await saveAndPublish([await newPage(alice, 'coming-soon', { publishAt }, 'Coming soon')]);
    expect((await get('/coming-soon/')).status).toBe(404);
    await expect.poll(async () => (await get('/coming-soon/')).status, { timeout: 30_000, interval: 250 }).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(publishAt));
    expect((await get('/sitemap-0.xml')).text).toContain('/coming-soon/</loc>');
  });
});

describe('npm run build of the same content', () => {
  it('writes byte for byte what the server publishes, rendered on the render workers or made from kept pieces', async () => {
    // The site's settings are in every page's frame: every page is rendered again, on the workers, from their copies of the content.
    const settings = await docOf('shared/site.json');
    let before = server.output().length;
    await saveAndPublish([{ op: 'put', file: 'shared/site.json', content: { ...settings.data, name: 'Northwind Works' }, baseVersion: settings.version }]);
    expect(server.output().slice(before)).toMatch(/: (\d+) of \1 pages changed, \1 rendered again on the render workers and 0 made from their kept pieces/);
    // Then the header, on every page: most pages are made from those pieces, with the header's new view in place.
    const header = await docOf('shared/header.json');
    before = server.output().length;
    await saveAndPublish([{ op: 'put', file: 'shared/header.json', content: { ...header.data, data: { ...header.data.data, logoText: 'Rendered on the render workers' } }, baseVersion: header.version }]);
    expect(server.output().slice(before)).toMatch(/: (\d+) of \1 pages changed, \d+ rendered again .* and [1-9]\d* made from their kept pieces/);
    const sitemap = parseXml((await get('/sitemap-0.xml')).text);
    const pagePaths = sitemap.children.map((url) => new URL(childText(url, 'loc')!).pathname);
    expect(pagePaths.length).toBeGreaterThan(16);
    const served = Object.fromEntries(
      await Promise.all([...pagePaths, '/coming-soon/', '/rss.xml', '/sitemap-0.xml', '/sitemap-index.xml', '/404.html'].map(async (path) => [path, (await get(path)).text] as const)),
    );
    expect(served['/about/']).toContain('Rendered on the render workers');
    await server.stop();
    // The clone's content, with its files' times (the sitemap's lastmod), is what the build reads.
    await rm(join(project.root, 'src', 'data'), { recursive: true });
    await cp(join(remote.scratch, 'clone', 'src', 'data'), join(project.root, 'src', 'data'), { recursive: true, preserveTimestamps: true });
    await buildProject(project);
    for (const [path, text] of Object.entries(served)) {
      const file = path.endsWith('/') ? join(path, 'index.html') : path;
      expect(await readFile(join(project.root, 'dist', 'client', file), 'utf8'), path).toBe(text);
    }
  });
});
