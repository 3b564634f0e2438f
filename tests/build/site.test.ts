import { existsSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { generate, parse, walk } from 'css-tree';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsSnapshotLoader } from '../../src/engine/fs-snapshot';
import type { Bundle } from '../../src/engine/resolver';
import { NOT_FOUND_SLUG } from '../../src/engine/slug';
import siteSettings from '../../src/data/shared/site.json';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { buildProject } from '../helpers/servers';
import { resolverFor } from '../helpers/registry';

let project: ProjectCopy;
let bundles: Bundle[];
const html = new Map<string, string>();

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => join(entry.parentPath, entry.name));
}

const fileOf = (slug: string) => (slug === 'home' ? 'index.html' : `${slug}/index.html`);
const withoutJsonLd = (page: string) => page.replace(/<script type="application\/ld\+json">[^<]*<\/script>/g, '');
const stylesOf = (page: string) => [...page.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) => css).join('\n');
const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

beforeAll(async () => {
  project = await copyProject('build');
  await buildProject(project);
  const resolver = resolverFor((await createFsSnapshotLoader(project.dataRoot)()).snapshot);
  // The 404 page's document is 404.html, not a page at /404/: tests/build/status-pages.test.ts checks it.
  bundles = resolver.listPages().filter((page) => page.slug !== NOT_FOUND_SLUG).map((page) => resolver.resolvePage(page.slug));
  for (const bundle of bundles) {
    html.set(bundle.slug, await readFile(join(project.root, 'dist', 'client', fileOf(bundle.slug)), 'utf8'));
  }
});

afterAll(() => project?.remove());

describe('the static build', () => {
  it('writes every page with brotli and gzip copies that decompress to it and are no older than it', async () => {
    // The server takes a copy older than its page for a stale one and sends the page uncompressed (server/files.mjs).
    const pages = await htmlFiles(join(project.root, 'dist', 'client'));
    expect(pages.length).toBeGreaterThan(bundles.length);
    for (const page of pages) {
      const [bytes, info] = await Promise.all([readFile(page), stat(page)]);
      for (const [suffix, decompress] of [['.br', brotliDecompressSync], ['.gz', gunzipSync]] as const) {
        expect(decompress(await readFile(page + suffix)).equals(bytes), page + suffix).toBe(true);
        expect((await stat(page + suffix)).mtimeMs, page + suffix).toBeGreaterThanOrEqual(info.mtimeMs);
      }
    }
  });

  it('compresses the sitemaps and the editor’s code at brotli 9, and the feed at 11 (server/precompress.mjs)', async () => {
    const client = join(project.root, 'dist', 'client');
    const brotliAt = (bytes: Buffer, quality: number) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    const scripts = (await readdir(join(client, '_astro'))).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const [file, quality] of [['sitemap-0.xml', 9], ['sitemap-index.xml', 9], [join('_astro', scripts[0]!), 9], ['rss.xml', 11]] as const) {
      const bytes = await readFile(join(client, file));
      const br = await readFile(join(client, `${file}.br`)).catch(() => undefined);
      // A tiny file's brotli form can be no smaller than the file, and is then not written.
      if (br || brotliAt(bytes, quality).length < bytes.length) expect(br?.equals(brotliAt(bytes, quality)), file).toBe(true);
    }
  });

  it('prerenders every page and every collection entry page', () => {
    expect(bundles.length).toBeGreaterThanOrEqual(4 + 6 + 4);
    expect([...html.keys()]).toEqual(bundles.map((bundle) => bundle.slug));
  });

  it('renders sections in bundle order, with their id and type on the root element', () => {
    for (const bundle of bundles) {
      const page = html.get(bundle.slug)!;
      const rendered = [...page.matchAll(/<(?:section|header|footer)\b[^>]*\bdata-section-id="([^"]+)"[^>]*\bdata-section-type="([^"]+)"/g)].map(
        ([, id, type]) => `${id}:${type}`,
      );
      expect(rendered, bundle.slug).toEqual(bundle.sections.map((section) => `${section.id}:${section.type}`));
    }
  });

  it('puts content in one <main> between the header and the footer, where the skip link lands', () => {
    for (const [slug, page] of html) {
      expect(page.match(/<main\b/g), slug).toHaveLength(1);
      expect(page).toContain('<a class="skip-link" href="#main">');
      const main = page.indexOf('<main id="main"');
      expect(main, slug).toBeGreaterThan(page.indexOf('data-section-type="header"'));
      expect(main, slug).toBeLessThan(page.indexOf('data-section-type="footer"'));
      expect(page.match(/<h1\b/g), slug).toHaveLength(1);
    }
  });

  it('ships no client JavaScript', async () => {
    // React is registered for the dev-only editor; no built page may load it or any other script.
    // Structured data (<script type="application/ld+json">) is data that browsers never run: it is left out of the check.
    for (const file of await htmlFiles(join(project.root, 'dist', 'client'))) {
      const page = withoutJsonLd(await readFile(file, 'utf8'));
      expect(page, file).not.toMatch(/<script\b/i);
      expect(page, file).not.toMatch(/\.m?js(\?[^"']*)?["']/);
      expect(page, file).not.toMatch(/\son[a-z]+=/i);
    }
  });

  it('keeps the editor out of visitor pages: no prerendered editor page, no script, no edit link', async () => {
    const client = await readdir(join(project.root, 'dist', 'client'), { recursive: true });
    // The editor renders on demand, behind sign-in; nothing of it is prerendered.
    expect(client.filter((name) => /(^|\/)editor(\/|$)/.test(String(name)))).toEqual([]);
    for (const [slug, page] of html) {
      expect(withoutJsonLd(page), slug).not.toMatch(/<script|EditorApp|astro-island/);
      expect(page, slug).not.toContain('Edit this page');
      // Nor its look: every editor stylesheet works through the editor's own --ed- variables.
      expect(stylesOf(page), slug).not.toContain('--ed-');
    }
    // Its island is built for the server's editor page only.
    expect(client.some((name) => /^_astro\/EditorApp\.[\w-]+\.js$/.test(String(name)))).toBe(true);
  });

  it('styles pages with logical directions, so a right-to-left site mirrors (each page styles parsed with css-tree)', () => {
    const physical = new Set(['margin-left', 'margin-right', 'padding-left', 'padding-right', 'border-left', 'border-right', 'border-left-width', 'border-right-width', 'border-left-color', 'border-right-color', 'border-left-style', 'border-right-style']);
    const found = new Set<string>();
    for (const [slug, page] of html) {
      walk(parse(stylesOf(page)), {
        visit: 'Declaration',
        enter(declaration) {
          const property = declaration.property.toLowerCase();
          const value = generate(declaration.value).toLowerCase();
          const parts = declaration.value.type === 'Value' ? declaration.value.children.toArray().filter((part) => part.type !== 'WhiteSpace') : [];
          // A box of four sides whose left and right differ; `left`/`right` alone (a symmetric pair, or 50 % to centre, is fine).
          const lopsided = ['margin', 'padding', 'inset', 'border-width'].includes(property) && parts.length === 4 && generate(parts[1]!) !== generate(parts[3]!);
          const oneSided = (property === 'left' || property === 'right') && !['0', '50%', 'auto'].includes(value);
          if (physical.has(property) || lopsided || oneSided || (['text-align', 'float', 'clear'].includes(property) && /^(left|right)$/.test(value))) found.add(`${slug}: ${property}: ${value}`);
        },
      });
    }
    expect([...found]).toEqual([]);
  });

  it('writes the SEO tags of each bundle', () => {
    for (const bundle of bundles) {
      const page = html.get(bundle.slug)!;
      const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
      expect(page).toContain(`<title>${escaped(bundle.meta.title)}</title>`);
      expect(page).toContain(`<meta name="description" content="${escaped(bundle.meta.description)}"`);
      expect(page).toMatch(/<link rel="canonical" href="http[^"]+"/);
      expect(page).toContain(`<meta property="og:title" content="${escaped(bundle.meta.title)}"`);
      expect(page).toContain(`<meta property="og:description" content="${escaped(bundle.meta.description)}"`);
      // Without its own, a page is shared with the site's default social image (shared/site.json). An
      // upload is given as a copy (no EXIF, no GPS), never as the original, and the build makes that copy.
      const image = (bundle.meta.ogImage ?? siteSettings.socialImage).url.replace('/assets/images/', '');
      const shared = new RegExp(`<meta property="og:image" content="http://localhost:4321(/_img/${image.replaceAll('.', '\\.')}/[0-9a-f]{16}-w\\d+\\.(?:jpg|png))">`).exec(page);
      expect(shared, bundle.slug).not.toBeNull();
      expect(existsSync(join(project.root, 'dist', 'client', shared![1]!)), shared![1]).toBe(true);
    }
  });

  it('gives every image alt text, width and height', () => {
    let images = 0;
    for (const page of html.values()) {
      for (const [tag] of page.matchAll(/<img\b[^>]*>/g)) {
        images += 1;
        expect(attr(tag, 'alt'), tag).toBeTruthy();
        expect(Number(attr(tag, 'width')), tag).toBeGreaterThan(0);
        expect(Number(attr(tag, 'height')), tag).toBeGreaterThan(0);
      }
    }
    expect(images).toBeGreaterThan(10);
  });

  it('renders bound collection data: bento posts on home, the post body on its page', () => {
    const home = html.get('home')!;
    const latest = bundles.find((b) => b.slug === 'home')!.sections.find((s) => s.type === 'posts-list')!.data as { posts: { title: string }[] };
    for (const post of latest.posts) expect(home).toContain(post.title);
    const postBundle = bundles.find((b) => b.slug.startsWith('posts/'))!;
    const detail = postBundle.sections.find((s) => s.type === 'post-detail')!.data as { post: { title: string } };
    expect(html.get(postBundle.slug)).toContain(detail.post.title);
  });
});
