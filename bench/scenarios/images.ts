/**
 * Responsive images (issue #15) on the built production server, with photos the bench makes:
 * 3000 × 2000 JPEGs of 2–4 MB, each distinct (light, shapes and sensor grain vary by index).
 * - the home hero's bytes at 390 px (DPR 2) and 1440 px (DPR 1), and every byte of the home
 *   page on the wire, against the same page with each image's original, as Img.astro sent it before;
 * - Lighthouse on the four page kinds with the photos in place;
 * - build time of a site whose posts each have a distinct photo: without images, cold (empty
 *   variant cache) and warm (cached).
 */
import { readFile, readdir, rm, stat as fileStat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { chromium } from '@playwright/test';
import { copyProject, type ProjectCopy } from '../../tests/helpers/project-copy.ts';
import { buildProject, startProdServer } from '../../tests/helpers/servers.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/helpers/chromium.ts';
import { tlsEnv } from '../../tests/helpers/tls.ts';
import { lighthouseScores } from './server.ts';
import { stat } from '../lib/stats.ts';

/** Builds without images and warm, each, alternating. */
const WARM_RUNS = 3;

const [WIDTH, HEIGHT] = [3000, 2000];
let texture: Buffer[] | undefined;

const noise = (width: number, height: number, sigma: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma } } }).png().toBuffer();

/** Detail at every scale, as a photo has: noise drawn coarse and enlarged (shapes of light, foliage, texture), then a sensor's grain. */
async function photoTexture(): Promise<Buffer[]> {
  const enlarged = async (width: number, height: number, sigma: number) =>
    sharp(await noise(width, height, sigma)).resize(WIDTH, HEIGHT, { kernel: 'cubic' }).png({ compressionLevel: 1 }).toBuffer();
  return [await enlarged(60, 40, 45), await enlarged(375, 250, 35), await enlarged(1500, 1000, 25), await sharp(await noise(WIDTH, HEIGHT, 18)).png({ compressionLevel: 1 }).toBuffer()];
}

/** A photo-like JPEG of 2–4 MB, distinct for each index: a lit gradient and soft shapes under the texture. */
export async function realisticPhoto(index: number): Promise<Buffer> {
  texture ??= await photoTexture();
  const hue = (index * 47) % 360;
  const [sunX, sunY] = [600 + ((index * 389) % 1800), 300 + ((index * 211) % 900)];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><linearGradient id="sky" x2="0.4" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 55% 38%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 72%)"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#sky)"/><circle cx="${sunX}" cy="${sunY}" r="${300 + (index % 5) * 60}" fill="hsl(${(hue + 180) % 360} 60% 85%)"/>` +
    `<path d="M0 ${1300 + (index % 7) * 40} Q ${WIDTH / 2} ${1000 + (index % 3) * 120} ${WIDTH} 1400 V ${HEIGHT} H 0 Z" fill="hsl(${(hue + 90) % 360} 35% 28%)"/></svg>`;
  const [coarse, middle, fine, grain] = texture;
  const lit = await sharp(Buffer.from(svg))
    .composite([coarse!, middle!, fine!].map((input) => ({ input, blend: 'soft-light' as const })))
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(lit).composite([{ input: grain!, blend: 'overlay' }]).jpeg({ quality: 92 }).toBuffer();
}

async function writePhoto(project: ProjectCopy, name: string, index: number): Promise<number> {
  const bytes = await realisticPhoto(index);
  await writeFile(join(project.root, 'public', 'assets', 'images', name), bytes);
  return bytes.length;
}

async function editJson(path: string, edit: (value: any) => void) {
  const value = JSON.parse(await readFile(path, 'utf8'));
  edit(value);
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** The home page's bytes in Chromium: the hero's file, and everything on the wire, with the originals' weight for comparison. */
async function homeBytes(origin: string, root: string, viewport: { width: number; height: number; deviceScaleFactor: number }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor: viewport.deviceScaleFactor });
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)); // bring lazy images in
    await page.waitForLoadState('networkidle');
    const measured = await page.evaluate(() => {
      const hero = document.querySelector<HTMLImageElement>('[data-section-type="hero"] img')!;
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const images = entries.filter((entry) => entry.initiatorType === 'img');
      return {
        hero: new URL(hero.currentSrc).pathname,
        heroBytes: entries.find((entry) => entry.name === hero.currentSrc)?.encodedBodySize ?? 0,
        htmlBytes: navigation.transferSize,
        otherBytes: entries.filter((entry) => entry.initiatorType !== 'img').reduce((sum, entry) => sum + entry.transferSize, 0),
        imageBytes: images.reduce((sum, entry) => sum + entry.transferSize, 0),
        originals: [...new Set(images.map((entry) => new URL(entry.name).pathname.split('/')[2]!))],
      };
    });
    // What the page weighed before: the same HTML and CSS, and each image's original file.
    const originalBytes = (await Promise.all(measured.originals.map((name) => fileStat(join(root, 'public', 'assets', 'images', name)).then((info) => info.size)))).reduce((a, b) => a + b, 0);
    return { ...measured, totalBytes: measured.htmlBytes + measured.otherBytes + measured.imageBytes, beforeBytes: measured.htmlBytes + measured.otherBytes + originalBytes };
  } finally {
    await browser.close();
  }
}

async function timedBuild(project: ProjectCopy): Promise<number> {
  const started = performance.now();
  await buildProject(project);
  return performance.now() - started;
}

/** Build times of a site whose `photos` posts each carry a distinct photo as cover. */
async function buildTimes(photos: number) {
  const project = await copyProject('bench-images-build');
  try {
    const posts = join(project.dataRoot, 'collections', 'posts');
    const template = JSON.parse(await readFile(join(posts, (await readdir(posts))[0]!), 'utf8'));
    let photoBytes = 0;
    for (let index = 0; index < photos; index += 1) {
      photoBytes += await writePhoto(project, `bench-photo-${index}.jpg`, 100 + index);
      await writeFile(join(posts, `bench-photo-${index}.json`), `${JSON.stringify({ ...template, title: `Photo essay ${index}` }, null, 2)}\n`);
    }
    console.log(`  ${photos} photos written (${Math.round(photoBytes / photos / 1024)} KB on average); building without them, cold and warm`);
    const setCovers = async (on: boolean) => {
      for (let index = 0; index < photos; index += 1) {
        await editJson(join(posts, `bench-photo-${index}.json`), (post) => {
          if (on) post.cover = { url: `/assets/images/bench-photo-${index}.jpg`, alt: `Photo ${index}` };
          else delete post.cover;
        });
      }
    };
    // The copy's first build also fills Vite's and Astro's caches: it warms up, and is not counted.
    await timedBuild(project);
    await setCovers(true);
    await rm(join(project.root, '.cache'), { recursive: true, force: true });
    const cold = await timedBuild(project);
    // Builds on a shared machine swing by tens of percent: without and warm alternate, and medians are compared.
    const without: number[] = [];
    const warm: number[] = [];
    for (let run = 0; run < WARM_RUNS; run += 1) {
      await setCovers(false);
      without.push(await timedBuild(project));
      await setCovers(true);
      warm.push(await timedBuild(project));
    }
    const [withoutImages, warmMs] = [stat(without), stat(warm)];
    return { measuredAt: new Date().toISOString(), photos, averagePhotoBytes: photoBytes / photos, withoutImages, coldMs: cold, warm: warmMs, warmAdds: warmMs.median / withoutImages.median - 1 };
  } finally {
    await project.remove();
  }
}

/** `photos`: how many posts get a photo in the build-time part (none skips it); `lighthousePages`: null for the four page kinds. */
export async function imageScenarios({ photos, lighthouseRuns, lighthousePages }: { photos: number; lighthouseRuns: number; lighthousePages: string[] | null }) {
  const project = await copyProject('bench-images');
  let server;
  try {
    // Real photos in place of the demo's small images: the home hero and every post's cover.
    const heroBytes = await writePhoto(project, 'bench-hero.jpg', 0);
    await editJson(join(project.dataRoot, 'pages', 'home.json'), (home) => {
      home.sections.find((section: { type?: string }) => section.type === 'hero').data.image = { url: '/assets/images/bench-hero.jpg', alt: 'A photograph' };
    });
    const posts = join(project.dataRoot, 'collections', 'posts');
    const postFiles = (await readdir(posts)).sort();
    for (const [index, file] of postFiles.entries()) {
      await writePhoto(project, `bench-cover-${index}.jpg`, index + 1);
      await editJson(join(posts, file), (post) => (post.cover = { url: `/assets/images/bench-cover-${index}.jpg`, alt: post.cover?.alt ?? 'A photograph' }));
    }
    await buildProject(project);
    server = await startProdServer(project, { ASTRO_NODE_LOGGING: 'disabled' });
    console.log('  home page bytes at 390 px (DPR 2) and 1440 px');
    const phone = await homeBytes(server.origin, project.root, { width: 390, height: 844, deviceScaleFactor: 2 });
    const desktop = await homeBytes(server.origin, project.root, { width: 1440, height: 900, deviceScaleFactor: 1 });
    const postPath = `/posts/${postFiles[0]!.replace(/\.json$/, '')}/`;
    const pages = lighthousePages ?? ['/', '/about/', postPath, '/tags/performance/'];
    console.log('  Lighthouse with photos, over HTTP/1.1 without TLS');
    const lighthouseHttp1 = await lighthouseScores(server, pages, lighthouseRuns);
    await server.stop();
    // The same build served with a certificate: HTTPS, where Chromium speaks HTTP/2 (server/listener.mjs).
    server = await startProdServer(project, { ASTRO_NODE_LOGGING: 'disabled', ...tlsEnv() });
    console.log('  Lighthouse with photos, over HTTPS and HTTP/2');
    const lighthouse = await lighthouseScores(server, pages, lighthouseRuns);
    await server.stop();
    server = undefined;
    console.log('  build time with photos');
    return { measuredAt: new Date().toISOString(), heroOriginalBytes: heroBytes, phone, desktop, lighthouse, lighthouseHttp1, ...(photos > 0 && { build: await buildTimes(photos) }) };
  } finally {
    await server?.stop();
    await project.remove();
  }
}

/* eslint-disable @typescript-eslint/no-explicit-any */
const kb = (bytes: number) => `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} KB`;
const seconds = (ms: number) => `${(ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} s`;
const verdict = (ok: boolean) => (ok ? '✅ met' : '❌ missed');
const range = (s: any) => `${seconds(s.median)} (${seconds(s.min)}–${seconds(s.max)})`;

/** How many Lighthouse runs each page's scores come from: "one run per page", "the median of 3 runs per page". */
const runsOf = (pages: any[]) => {
  const runs = (pages?.[0]?.scores?.performance?.runs?.length as number | undefined) ?? 1;
  return runs === 1 ? 'one run per page' : `the median of ${runs} runs per page`;
};

/** docs/performance.md's section, from this scenario's results (bench/report.ts calls it). */
export function imagesReport(images: any): string[] {
  const { phone, desktop, build } = images;
  const medians = (page: any) => Object.values(page.scores).map((s: any) => s.median as number);
  const overHttp1 = new Map(((images.lighthouseHttp1 ?? []) as any[]).map((page) => [page.path, page]));
  const scores = (images.lighthouse as any[]).map((page) => {
    const plain = overHttp1.get(page.path);
    const plainCell = plain ? `${medians(plain).join(' / ')}${plain.missed.length ? ` (${plain.missed.join('; ')})` : ''}` : 'not measured';
    return `| \`${page.path}\` | ${medians(page).join(' / ')} (${page.protocol || '?'}) | ${verdict(medians(page).every((v) => v === 100))}${page.missed.length ? ` ${page.missed.join('; ')}` : ''} | ${plainCell} |`;
  });
  return [
    '## 6. Responsive images',
    `The demo site with photos the bench makes (3000 × 2000 JPEGs, ${kb(images.heroOriginalBytes)} for the hero) as the home hero and every post's cover, built and served by the production server, measured in Chromium. "Before" is the same page with each image's original file, which is what \`Img.astro\` sent before variants: the HTML and CSS as measured, plus the originals' sizes.`,
    '',
    '| Measure | Figure | Target |',
    '|---|---:|---|',
    `| Hero image at 390 px, DPR 2 (\`${phone.hero.split('/').pop()}\`) | ${kb(phone.heroBytes)} | ≤ 80 KB ${verdict(phone.heroBytes <= 80 * 1024)} |`,
    `| Hero image at 1440 px, DPR 1 (\`${desktop.hero.split('/').pop()}\`) | ${kb(desktop.heroBytes)} | ≤ 250 KB ${verdict(desktop.heroBytes <= 250 * 1024)} |`,
    `| Home page on the wire at 390 px (HTML, CSS, images) | ${kb(phone.totalBytes)}, before ${kb(phone.beforeBytes)} (${(phone.beforeBytes / phone.totalBytes).toFixed(0)}× less) | |`,
    `| Home page on the wire at 1440 px | ${kb(desktop.totalBytes)}, before ${kb(desktop.beforeBytes)} (${(desktop.beforeBytes / desktop.totalBytes).toFixed(0)}× less) | |`,
    '',
    `Lighthouse (performance / accessibility / best practices / SEO, mobile) with the photos in place, ${runsOf(images.lighthouse)}, on the same build served two ways. First over HTTPS, the server given a certificate (\`TLS_CERT_FILE\`; the bench's is self-signed and trusted by Chromium's SPKI flag), where Chromium speaks HTTP/2, as browsers do with an HTTPS site whose server or proxy offers it. Then over plain HTTP/1.1, as the server speaks without a certificate (behind a proxy that terminates HTTPS, or on a developer's machine). The target is judged on the first. Over HTTP/1.1 the fonts and images the page asks for at once each open a connection of their own, each with a handshake and TCP slow start, and share the simulated 4G link. Over HTTP/2 they all come on the page's own connection.`,
    '',
    '| Page | Scores over HTTPS (protocol) | Target: 100 on all four | Scores over HTTP/1.1, no TLS |',
    '|---|---:|---|---|',
    ...scores,
    '',
    ...(build ? buildNote(build) : []),
    '',
    `Measured ${images.measuredAt}.`,
  ];
}

function buildNote(build: any): string[] {
  return [
    `Build time of the demo site plus ${build.photos} posts, each with a distinct photo as its cover (${kb(build.averagePhotoBytes)} on average): cold (empty variant cache) ${seconds(build.coldMs)}, one build. Without the covers ${range(build.withoutImages)} and warm (cached) ${range(build.warm)}, medians (min–max) of ${build.warm.runs.length} builds each, alternating. The warm build adds **${(build.warmAdds * 100).toFixed(1)} %** to the build without images (target < 10 %): ${verdict(build.warmAdds < 0.1)}.${build.measuredAt ? ` Build times measured ${build.measuredAt}.` : ''}`,
  ];
}
