/**
 * Drafts and schedules in a real build: a draft page, a draft post, a post
 * scheduled in the future and a draft tag are on no public surface of dist
 * (their HTML, the page bundles, every list of posts and tags, the sitemap,
 * the feed), a post scheduled in the past is, and a published post tagged
 * with the draft tag is built without it.
 */
import { execFile } from 'node:child_process';
import { access, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASTRO_CLI, copyProject, type ProjectCopy } from '../helpers/project-copy';
import { userEnv } from '../helpers/servers';

const SITE = 'https://northwind.example';
const HIDDEN = {
  'draft-page': 'Draft page marker',
  'posts/draft-post': 'Draft post marker',
  'posts/future-post': 'Future post marker',
  'tags/secret-tag': 'Secret tag marker',
};
const PAST = { slug: 'posts/past-post', title: 'Past scheduled marker' };

let project: ProjectCopy;
const dist = (...parts: string[]) => join(project.root, 'dist', ...parts);
const exists = (path: string) => access(path).then(() => true, () => false);

async function readJson(file: string) {
  return JSON.parse(await readFile(join(project.dataRoot, file), 'utf8')) as Record<string, unknown>;
}
async function writeJson(file: string, value: unknown) {
  await writeFile(join(project.dataRoot, file), `${JSON.stringify(value, null, 2)}\n`);
}
const post = (title: string, extra: object) => ({ title, excerpt: `${title} excerpt.`, date: '2026-11-01', author: 'Ann', tags: ['editorial'], body: 'Text.', ...extra });

/** Every file under `dir`, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

beforeAll(async () => {
  project = await copyProject('publication');
  const about = await readJson('pages/about.json');
  await writeJson('pages/draft-page.json', { ...about, id: 'draft-page', slug: 'draft-page', status: 'draft', meta: { ...(about.meta as object), title: HIDDEN['draft-page'] } });
  await writeJson('collections/posts/draft-post.json', post(HIDDEN['posts/draft-post'], { status: 'draft' }));
  await writeJson('collections/posts/future-post.json', post(HIDDEN['posts/future-post'], { publishAt: '2099-01-01T00:00:00Z' }));
  await writeJson('collections/posts/past-post.json', post(PAST.title, { status: 'published', publishAt: '2020-01-01T09:00:00+01:00' }));
  await writeJson('collections/tags/secret-tag.json', { name: HIDDEN['tags/secret-tag'], description: 'Not yet.', accent: '#123456', status: 'draft' });
  const tagged = await readJson('collections/posts/editing-without-fear.json');
  await writeJson('collections/posts/editing-without-fear.json', { ...tagged, tags: [...(tagged.tags as string[]), 'secret-tag'] });
  await promisify(execFile)(process.execPath, [ASTRO_CLI, 'build'], {
    cwd: project.root,
    env: { ...userEnv(), ASTRO_TELEMETRY_DISABLED: '1', SITE_URL: SITE },
    maxBuffer: 64 * 1024 * 1024,
  });
});

afterAll(() => project?.remove());

describe('a build with drafts and schedules', () => {
  it('writes no page for a draft or a document scheduled later, and one for a post whose time has come', async () => {
    for (const slug of Object.keys(HIDDEN)) expect(await exists(dist('client', slug, 'index.html')), slug).toBe(false);
    expect(await readFile(dist('client', PAST.slug, 'index.html'), 'utf8')).toContain(PAST.title);
  });

  it('names them in no public file: no list, tag, sitemap entry or feed item', async () => {
    const files = (await filesUnder(dist('client'))).filter((file) => /\.(html|xml|json|txt)$/.test(file));
    expect(files).toEqual(expect.arrayContaining(['index.html', 'journal/index.html', 'rss.xml', 'sitemap-0.xml']));
    for (const file of files) {
      const text = await readFile(dist('client', file), 'utf8');
      for (const [slug, marker] of Object.entries(HIDDEN)) {
        expect(text, `${file} names ${slug}`).not.toContain(marker);
        expect(text, `${file} links ${slug}`).not.toContain(`/${slug}/`);
      }
    }
    expect(await readFile(dist('client', 'journal', 'index.html'), 'utf8')).toContain(PAST.title);
    expect(await readFile(dist('client', 'rss.xml'), 'utf8')).toContain(PAST.title);
    expect(await readFile(dist('client', 'sitemap-0.xml'), 'utf8')).toContain(`${SITE}/${PAST.slug}/`);
  });

  it('leaves them out of the page bundles the server answers the page API from', async () => {
    const bundles = await readFile(dist('server', 'page-bundles.json'), 'utf8');
    for (const [slug, marker] of Object.entries(HIDDEN)) {
      expect(bundles).not.toContain(marker);
      expect(bundles).not.toContain(`"${slug}"`);
    }
    expect(bundles).toContain(`"${PAST.slug}"`);
  });

  it('builds a published post tagged with a draft tag, without that tag', async () => {
    const html = await readFile(dist('client', 'posts', 'editing-without-fear', 'index.html'), 'utf8');
    expect(html).toContain('/tags/editorial/');
    expect(html).not.toContain('secret-tag');
  });
});

describe('the page layouts a build hands the server', () => {
  it('say where each section’s view and each style is in each page’s file', async () => {
    const { pages } = JSON.parse(await readFile(dist('server', 'page-bundles.json'), 'utf8')) as {
      pages: { path: string; body: string; layout?: { keys: { frame: string; views: string[] }; size: number; views: number[]; styles: { from: number; to: number; key: string }[] } }[];
    };
    expect(pages.length).toBeGreaterThan(16);
    for (const { path, body, layout } of pages) {
      // Rendered on the render workers, as a build of more than 16 pages is: every page has its layout.
      expect(layout, path).toBeDefined();
      const { sections } = JSON.parse(body) as { sections: { id: string; type: string }[] };
      expect(layout!.keys.views).toHaveLength(sections.length);
      expect(layout!.views).toHaveLength(sections.length * 2);
      const file = (await readFile(dist('client', path === '/' ? 'index.html' : path.endsWith('.html') ? path : `${path}/index.html`))).toString('latin1');
      expect(layout!.size, path).toBe(file.length);
      sections.forEach((section, index) => {
        const [from, to] = [layout!.views[index * 2]!, layout!.views[index * 2 + 1]!];
        const before = file.slice(file.lastIndexOf('<', from - 1), from);
        expect(before, `${path} ${section.id}`).toMatch(new RegExp(`^<(header|footer|section) id="${section.id}"[^<]* data-section-type="${section.type}"[^<]*>$`));
        expect(file.slice(to), `${path} ${section.id}`).toMatch(new RegExp(`^</${before.slice(1, before.indexOf(' '))}>`));
        expect(layout!.keys.views[index]!.startsWith(`${section.type}:`)).toBe(true);
      });
      // And where the styles it was given are, each a whole `<style>` element the server can share with other pages.
      expect(layout!.styles.length, path).toBeGreaterThan(0);
      for (const { from, to, key } of layout!.styles) {
        const style = file.slice(from, to);
        expect(style.startsWith('<style>') && style.indexOf('</style>') === style.length - '</style>'.length, `${path} ${key}`).toBe(true);
        // The stylesheets it holds, linked one after the other, then the scopes the page uses.
        expect(key).toMatch(/^[\w.-]+\.css(?:\+[\w.-]+\.css)*:[\w,-]*$/);
      }
      // Stylesheets linked one after the other are one `<style>` (each lazily loaded view's is linked apart).
      layout!.styles.slice(1).forEach(({ from }, index) => expect(from, path).not.toBe(layout!.styles[index]!.to));
    }
  });
});
