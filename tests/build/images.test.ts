import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { buildProject } from '../helpers/servers';

// A phone photo as users upload them: large, with its GPS position in the EXIF, set as the home
// hero with a focal point. The build must give it and every demo image responsive variants.
const PHOTO = 'large-upload.jpg';
/** Where a picture's narrow frame (a phone's crop) applies (Img.astro). */
const NARROW_MEDIA = '(max-width: 47.99rem)';
let project: ProjectCopy;
let photoBytes: Buffer;
const pages = new Map<string, string>();
const variantFacts = new Map<string, Promise<Metadata>>();

const client = () => join(project.root, 'dist', 'client');
const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
const metadataOf = (url: string) => {
  if (!variantFacts.has(url)) variantFacts.set(url, readFile(join(client(), url)).then((bytes) => sharp(bytes).metadata()));
  return variantFacts.get(url)!;
};

async function readPages() {
  const entries = await readdir(client(), { withFileTypes: true, recursive: true });
  for (const entry of entries.filter((file) => file.isFile() && file.name.endsWith('.html'))) {
    const path = join(entry.parentPath, entry.name);
    pages.set(path.slice(client().length), await readFile(path, 'utf8'));
  }
}

beforeAll(async () => {
  project = await copyProject('images');
  const noise = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 30 } } }).raw().toBuffer();
  photoBytes = await sharp(noise, { raw: { width: 3000, height: 2000, channels: 3 } })
    .blur(3)
    .jpeg({ quality: 92 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 0/1' } })
    .toBuffer();
  await writeFile(join(project.root, 'public', 'assets', 'images', PHOTO), photoBytes);
  const homeFile = join(project.dataRoot, 'pages', 'home.json');
  const home = JSON.parse(await readFile(homeFile, 'utf8'));
  const hero = home.sections.find((section: { type?: string }) => section.type === 'hero');
  hero.data.image = { url: `/assets/images/${PHOTO}`, alt: 'A large upload', focusX: 0.7, focusY: 0.4 };
  await writeFile(homeFile, JSON.stringify(home, null, 2));
  await buildProject(project);
  await readPages();
}, 600_000);

afterAll(() => project?.remove());

interface Candidate {
  url: string;
  width: number;
}
const candidatesOf = (srcset: string): Candidate[] =>
  srcset.split(', ').map((candidate) => {
    const [url, descriptor] = candidate.split(' ');
    return { url: url!, width: Number(descriptor!.slice(0, -1)) };
  });

describe('responsive images in the build', () => {
  it('gives every content <img> modern formats, sizes, and the real ratio of its files', async () => {
    let pictures = 0;
    for (const [page, html] of pages) {
      const imgs = [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);
      const inPictures = [...html.matchAll(/<picture\b[^>]*>(.*?)<\/picture>/gs)].map(([, inner]) => inner!);
      // Every demo image is an upload, so every <img> of a page is inside a <picture>.
      expect(inPictures.length, page).toBe(imgs.length);
      for (const inner of inPictures) {
        pictures += 1;
        const sources = [...inner.matchAll(/<source\b[^>]*>/g)].map(([tag]) => tag);
        const img = inner.match(/<img\b[^>]*>/)![0];
        // A narrow frame (a phone's crop) comes first, as its own pair of sources for narrow screens.
        const narrowFrame = /--frame-narrow: (\d+) \/ (\d+)/.exec(attr(img, 'style')!);
        const types = sources.map((tag) => attr(tag, 'type'));
        expect(types, page).toEqual(narrowFrame ? ['image/avif', 'image/webp', 'image/avif', 'image/webp'] : ['image/avif', 'image/webp']);
        expect(sources.map((tag) => attr(tag, 'media')), page).toEqual(narrowFrame ? [NARROW_MEDIA, NARROW_MEDIA, undefined, undefined] : [undefined, undefined]);
        for (const source of sources) {
          const narrow = attr(source, 'media') !== undefined;
          const [width, height] = narrow ? [Number(narrowFrame![1]), Number(narrowFrame![2])] : [Number(attr(img, 'width')), Number(attr(img, 'height'))];
          expect(attr(source, 'sizes'), source).toBeTruthy();
          const candidates = candidatesOf(attr(source, 'srcset')!);
          expect(candidates.length, source).toBeGreaterThan(0);
          for (const candidate of candidates) {
            const real = await metadataOf(candidate.url);
            // The descriptor is the file's real width; its ratio is the <img>'s (±1 px of rounding).
            expect(real.width, candidate.url).toBe(candidate.width);
            expect(Math.abs(real.height - (real.width * height) / width), candidate.url).toBeLessThanOrEqual(1);
            expect(real.format, candidate.url).toBe(candidate.url.endsWith('.avif') ? 'heif' : 'webp');
          }
          // The widest candidate is the <img>'s intrinsic width.
          if (!narrow) expect(Math.max(...candidates.map((candidate) => candidate.width)), source).toBe(width);
        }
        const [width, height] = [Number(attr(img, 'width')), Number(attr(img, 'height'))];
        const fallback = await metadataOf(attr(img, 'src')!);
        expect(Math.abs(fallback.height - (fallback.width * height) / width), img).toBeLessThanOrEqual(1);
      }
    }
    expect(pictures).toBeGreaterThan(20);
  });

  it('cuts the uploaded photo to the hero frame around its focal point, without its metadata, and keeps the original', async () => {
    const home = pages.get('/index.html')!;
    const hero = home.match(/<picture\b[^>]*>(.*?)<\/picture>/s)![1]!;
    expect(hero).toContain(`/_img/${PHOTO}/`);
    expect(hero).toContain('fetchpriority="high"');
    expect(hero).toContain('object-position: 70% 40%');
    const avif = candidatesOf(attr(hero.match(/<source\b[^>]*>/)![0], 'srcset')!);
    expect(avif.map((candidate) => candidate.width)).toEqual([320, 480, 640, 800, 1024, 1280, 1600]);
    expect(avif[0]!.url).toMatch(/-r4x3-f70x40\.avif$/);
    const variant = await metadataOf(avif[3]!.url);
    expect([variant.width, variant.height, variant.exif]).toEqual([800, 600, undefined]);
    expect(await readFile(join(client(), 'assets', 'images', PHOTO))).toEqual(photoBytes);
  });

  it("fetches a post's cover, its largest picture, first and never lazily; pictures further down load lazily", async () => {
    const posts = [...pages].filter(([path, html]) => path.startsWith('/posts/') && html.includes('post__cover'));
    expect(posts.length).toBeGreaterThan(0);
    for (const [path, html] of posts) {
      const cover = html.match(/class="container post__cover"[^>]*>(.*?)<\/div>/s)![1]!;
      const img = cover.match(/<img\b[^>]*>/)![0];
      expect(attr(img, 'fetchpriority'), path).toBe('high');
      expect(attr(img, 'loading'), path).toBeUndefined();
    }
    const home = pages.get('/index.html')!;
    const below = [...home.matchAll(/<img\b[^>]*>/g)].map((match) => match[0]).filter((img) => attr(img, 'fetchpriority') !== 'high');
    expect(below.length).toBeGreaterThan(0);
    for (const img of below) expect(attr(img, 'loading'), img).toBe('lazy');
  });

  it("crops a post's wide cover taller on a phone (16:10, not a 1.9:1 strip), from sources of its own", async () => {
    const [path, html] = [...pages].find(([path, html]) => path.startsWith('/posts/') && html.includes('post__cover'))!;
    const cover = html.match(/class="container post__cover"[^>]*>(.*?)<\/div>/s)![1]!;
    const [narrowAvif, , wideAvif] = [...cover.matchAll(/<source\b[^>]*>/g)].map(([tag]) => tag);
    expect(attr(narrowAvif!, 'media'), path).toBe(NARROW_MEDIA);
    expect(attr(narrowAvif!, 'srcset'), path).toMatch(/-r8x5-f\d+x\d+\.avif \d+w$/);
    // On a phone the frame is never wider than 768 px, so its ladder stops at twice that.
    expect(Math.max(...candidatesOf(attr(narrowAvif!, 'srcset')!).map((candidate) => candidate.width))).toBeLessThanOrEqual(1600);
    expect(attr(wideAvif!, 'srcset'), path).toMatch(/-r40x21-f\d+x\d+\.avif \d+w$/);
    expect(attr(cover.match(/<img\b[^>]*>/)![0], 'style')).toContain('--frame: 1200 / 630; --frame-narrow: 1200 / 750');
  });

  it('sizes the hero for a phone: at 390 px and DPR 2 the browser picks the 800 px AVIF, under 80 KB', async () => {
    const home = pages.get('/index.html')!;
    const source = home.match(/<picture\b[^>]*>\s*<source\b[^>]*>/s)![0];
    expect(attr(source, 'sizes')).toBe('(min-width: 60rem) 36rem, calc(100vw - 3.5rem)');
    const chosen = candidatesOf(attr(source.match(/<source\b[^>]*>/)![0], 'srcset')!).find((candidate) => candidate.width >= (390 - 56) * 2)!;
    expect(chosen.width).toBe(800);
    expect((await stat(join(client(), chosen.url))).size).toBeLessThan(80_000);
  });

  it('renders the same HTML again from a warm cache, making no variant twice', async () => {
    const cache = join(project.root, '.cache', 'image-variants', 'v1');
    const before = new Map<string, number>();
    for (const entry of await readdir(cache, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) before.set(join(entry.parentPath, entry.name), (await stat(join(entry.parentPath, entry.name))).mtimeMs);
    }
    const firstBuild = new Map(pages);
    pages.clear();
    await buildProject(project);
    await readPages();
    for (const [page, html] of firstBuild) expect(pages.get(page), page).toBe(html);
    for (const [path, mtime] of before) expect((await stat(path)).mtimeMs, path).toBe(mtime);
  }, 600_000);

  it("keys the publication's renders by the originals' remembered facts: a warm build reads no original again", async () => {
    // Regression: the render keys read every original again (hashing megabytes of photos) while the views used the cache.
    const sameCode = { CONTENT_SITE_BUILD_ID: 'images-test' };
    const renderKeyOfHome = async () => {
      const bundles = JSON.parse(await readFile(join(project.root, 'dist', 'server', 'page-bundles.json'), 'utf8'));
      return bundles.pages.find((page: { path: string }) => page.path === '/').renderKey as string;
    };
    await buildProject(project, sameCode);
    const keyFromTheFile = await renderKeyOfHome();
    await buildProject(project, sameCode);
    expect(await renderKeyOfHome()).toBe(keyFromTheFile);
    // Remembered facts that differ from the file only in the full hash, which no URL shows: the pages
    // stay the same, and the key tells which facts the publication used.
    const factsFile = join(project.root, '.cache', 'image-variants', 'v1', 'originals.json');
    const remembered = JSON.parse(await readFile(factsFile, 'utf8'));
    const photoPath = Object.keys(remembered).find((path) => path.endsWith(`/${PHOTO}`))!;
    remembered[photoPath].facts.sha256 = '0'.repeat(64);
    await writeFile(factsFile, JSON.stringify(remembered));
    const before = new Map(pages);
    pages.clear();
    await buildProject(project, sameCode);
    await readPages();
    expect(pages.get('/index.html')).toBe(before.get('/index.html'));
    expect(await renderKeyOfHome()).not.toBe(keyFromTheFile);
  }, 600_000);
});
