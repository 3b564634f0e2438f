/**
 * The site settings, the self-hosted fonts and the status pages in a real
 * build, on a copy whose settings differ from the demo's: every page takes
 * its language, accent and typefaces from shared/site.json; the chosen faces
 * are preloaded (their Latin upright) and shipped as woff2 files of the declared subsets, with swap and
 * metric-matched fallbacks; 404.html is the editable page document with the
 * shared header and footer and the site name in its title; 500.html says
 * nothing of the error. Last, invalid settings stop the build, naming the field.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPEFACES, typefaceFile } from '../../src/styles/typefaces';
import { ASTRO_CLI, copyProject, type ProjectCopy } from '../helpers/project-copy';
import { buildProject, userEnv } from '../helpers/servers';

const SETTINGS = {
  name: 'Southwind Studio',
  tagline: 'A test of the settings.',
  email: 'hello@southwind.example',
  language: 'fr-CA',
  socialImage: { url: '/assets/images/hero-studio.webp', alt: 'The studio' },
  brandColor: '#0F766E',
  typeface: 'source-serif-4',
  headingTypeface: 'inter',
  labels: { skipToContent: 'Aller au contenu', menu: 'Menu principal', topics: 'Sujets', readingTime: 'Lecture : {minutes} min' },
};

let project: ProjectCopy;
const client = (...parts: string[]) => join(project.root, 'dist', 'client', ...parts);
const page = (file: string) => readFile(client(file), 'utf8');

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  project = await copyProject('site-settings');
  await writeFile(join(project.dataRoot, 'shared', 'site.json'), JSON.stringify(SETTINGS, null, 2));
  await buildProject(project);
});

afterAll(() => project?.remove());

describe('the site settings in a build', () => {
  it('give every page, the status pages included, its lang and the brand accent', async () => {
    const files = await htmlFiles(client());
    expect(files.length).toBeGreaterThan(15);
    for (const file of files.filter((path) => !path.includes(`${join('dist', 'client', '_live')}`))) {
      const html = await readFile(file, 'utf8');
      expect(html, file).toMatch(/^<!DOCTYPE html><html lang="fr-CA" dir="ltr">/);
      expect(html, file).toContain('html:root{--color-accent:#0f766e;');
    }
    expect(await page('rss.xml')).toContain('<language>fr-CA</language>');
  });

  it('write the words the site writes itself as the settings give them, and dates as the language writes them', async () => {
    const home = await page('index.html');
    expect(home).toContain('<a class="skip-link" href="#main">Aller au contenu</a>');
    expect(home).toMatch(/<span class="visually-hidden"[^>]*>Menu principal<\/span>/);
    // What the settings leave out stays English.
    expect(home).toMatch(/<nav class="nav"[^>]*aria-label="Main"/);
    const post = await page('posts/zero-javascript-by-default/index.html');
    expect(post).toMatch(/<ul class="post__tags"[^>]*aria-label="Sujets"/);
    expect(post).toMatch(/Lecture : \d+ min/);
    // 2026-10-28 in Canadian French, not "Oct 28, 2026".
    expect(post).toMatch(/<time datetime="2026-10-28"[^>]*>28 oct\. 2026<\/time>/);
  });

  it('use the default social image where a page has none of its own', async () => {
    const about = await page('about/index.html');
    // As a copy of the upload (no EXIF, no GPS), which the build makes, never as the original.
    const shared = /<meta property="og:image" content="http:\/\/localhost:4321(\/_img\/hero-studio\.webp\/[0-9a-f]{16}-w1280\.jpg)">/.exec(about);
    expect(shared).not.toBeNull();
    expect((await readdir(client('_img', 'hero-studio.webp'))).map((name) => `/_img/hero-studio.webp/${name}`)).toContain(shared![1]);
    expect(about).toContain('<meta property="og:image:alt" content="The studio">');
    // The home page has its own.
    expect(await page('index.html')).toMatch(/<meta property="og:image" content="http:\/\/localhost:4321\/_img\/og-default\.png\//);
  });

  it('preload the chosen faces’ Latin upright only, ship the declared subsets as woff2 files, with swap and fallback metrics that name their metric twins', async () => {
    const home = await page('index.html');
    const preloads = [...home.matchAll(/<link rel="preload" href="(\/_astro\/fonts\/[^"]+)" as="font" type="font\/woff2" crossorigin>/g)].map((match) => match[1]!);
    // The text face (Source Serif 4) and the heading face (Inter), their Latin upright only.
    expect(preloads).toHaveLength(2);
    const fonts = await readdir(client('_astro', 'fonts'));
    const bytesOf = (url: string) => readFile(client(...url.split('/').filter(Boolean)));
    const packageFile = (path: string) => readFile(join(project.root, 'node_modules', path));
    expect(await bytesOf(preloads[0]!)).toEqual(await packageFile(typefaceFile(TYPEFACES['source-serif-4'], 'latin', 'normal')));
    expect(await bytesOf(preloads[1]!)).toEqual(await packageFile(typefaceFile(TYPEFACES.inter, 'latin', 'normal')));
    // Every configured family in upright and italic, each declared subset: nothing else reaches dist.
    const declared = Object.values(TYPEFACES).reduce((sum, typeface) => sum + typeface.subsets.length * 2, 0);
    expect(fonts.sort()).toHaveLength(declared);
    for (const font of fonts) {
      expect(font).toMatch(/\.woff2$/);
      expect((await readFile(client('_astro', 'fonts', font))).subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
    // Polish, Vietnamese and Cyrillic text keep the face: each subset's face names its range (latin-ext from U+0100).
    expect(home).toMatch(/@font-face\{font-family:"?Inter-[^;]+;[^}]*unicode-range:U\+0100-02BA/);
    expect(home).toMatch(/@font-face\{font-family:"?Inter-[^;]+;[^}]*unicode-range:U\+0301,U\+0400-045F/);
    for (const family of [TYPEFACES['source-serif-4'], TYPEFACES.inter]) {
      const faces = [...home.matchAll(new RegExp(`@font-face\\{font-family:"?${family.family}-[^}]*\\}`, 'g'))].map((match) => match[0]);
      expect(faces.length, family.family).toBeGreaterThanOrEqual(4);
      for (const face of faces) expect(face).toContain('font-display:swap');
      const fallbacks = faces.filter((face) => face.includes('src:local('));
      expect(fallbacks.every((face) => /size-adjust:[\d.]+%;ascent-override:[\d.]+%;descent-override:[\d.]+%/.test(face))).toBe(true);
      // Each fallback face names the fonts drawn to its local font's metrics too, found on Linux and ChromeOS (src/lib/font-fallbacks.ts).
      expect(fallbacks.length, family.family).toBeGreaterThanOrEqual(2);
      for (const face of fallbacks) expect(face).toMatch(/src:local\("Arial"\),local\("Liberation Sans"\),local\("Arimo"\);|src:local\("Times New Roman"\),local\("Liberation Serif"\),local\("Tinos"\);/);
    }
    // The faces the settings did not choose are not linked.
    expect(home).not.toMatch(/@font-face\{font-family:Fraunces/);
    expect(home).toMatch(new RegExp(`--font-text:var\\(${TYPEFACES['source-serif-4'].cssVariable}\\);--font-heading:var\\(${TYPEFACES.inter.cssVariable}\\)`));
  });
});

describe('the status pages', () => {
  it('404.html is the page document, with the shared header and footer and the site name in its title, never indexed', async () => {
    const html = await page('404.html');
    expect(html).toContain('<title>Page not found — Southwind Studio</title>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toMatch(/<header id="site-header"[^>]*data-section-type="header"/);
    expect(html).toMatch(/<footer id="site-footer"[^>]*data-section-type="footer"/);
    expect(html).toContain('data-section-id="not-found-hero"');
    expect(html).toMatch(/<h1[^>]*>This page does not exist<\/h1>/);
    // It is every unknown address's page: it names no address of its own (it named /404/, which answers 404).
    expect(html).not.toMatch(/rel="canonical"|og:url/);
    expect(html).not.toContain('<script');
    // Not a page of its own, and not in the sitemap.
    await expect(readFile(client('404', 'index.html'))).rejects.toThrow(/ENOENT/);
    expect(await page('sitemap-0.xml')).not.toContain('404');
  });

  it('500.html has the site look and says nothing of the error', async () => {
    const html = await page('500.html');
    expect(html).toContain('<title>Something went wrong — Southwind Studio</title>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toMatch(/<h1[^>]*>Something went wrong on our side<\/h1>/);
    expect(html).not.toMatch(/rel="canonical"|og:url/);
    expect(html).toContain('--color-accent:#0f766e');
    expect(html).not.toMatch(/\bat \S+:\d+|Error:|node_modules|\/src\//);
    expect(html).not.toContain('<script');
  });
});

describe('invalid site settings', () => {
  it('stop the build, naming the file and each field', async () => {
    await writeFile(join(project.dataRoot, 'shared', 'site.json'), JSON.stringify({ ...SETTINGS, language: 'fr_CA', brandColor: '#fde047' }));
    const failure = await promisify(execFile)(process.execPath, [ASTRO_CLI, 'build'], { cwd: project.root, env: { ...userEnv(), ASTRO_TELEMETRY_DISABLED: '1' }, maxBuffer: 64 * 1024 * 1024 }).then(
      () => undefined,
      (error: { stdout: string; stderr: string }) => error.stdout + error.stderr,
    );
    expect(failure).toBeDefined();
    expect(failure).toContain('shared/site.json');
    expect(failure).toMatch(/\/language: “fr_CA” is not a language tag/);
    expect(failure).toMatch(/\/brandColor: #fde047 has 1\.\d+:1 contrast with white/);
  });
});
