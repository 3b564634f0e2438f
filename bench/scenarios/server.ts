/**
 * Scenarios against the built production server (a copy of the demo site):
 * the bundle API against a static file of the same bytes, the upload path,
 * the bytes on the wire with and without compression, and the weight and
 * Lighthouse scores of visitor pages.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { chromium } from '@playwright/test';
import { raw } from '../../tests/helpers/http.ts';
import { copyProject } from '../../tests/helpers/project-copy.ts';
import { buildProject, startProdServer, type RunningServer } from '../../tests/helpers/servers.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/helpers/chromium.ts';
import { chromiumTrustFlag } from '../../tests/helpers/tls.ts';
import { MiB, peakRssBytes, resetPeak, rssBytes } from '../lib/memory.ts';
import { repeat, stat } from '../lib/stats.ts';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const TOKEN = 'bench-token-0123456789'; // at least 16 characters, as the server's configuration requires

interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

async function load(url: string, seconds: number): Promise<LoadResult> {
  const result = await autocannon({ url, connections: 50, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
}

async function apiScenario(server: RunningServer, root: string, seconds: number, runs: number) {
  const api = `${server.origin}/api/public-page/home`;
  const bytes = (await raw(server.origin, { path: '/api/public-page/home' })).body;
  // The floor: the same server sending the same bytes as a static file.
  await writeFile(join(root, 'dist', 'client', 'bench-home.json'), bytes);
  const floorUrl = `${server.origin}/bench-home.json`;
  const floorBody = (await raw(server.origin, { path: '/bench-home.json' })).body;
  if (!floorBody.equals(bytes)) throw new Error('The static floor does not serve the same bytes');
  await load(api, 1); // warm up both paths
  await load(floorUrl, 1);
  const pairs = await repeat(runs, async () => ({ api: await load(api, seconds), floor: await load(floorUrl, seconds) }));
  const of = (side: 'api' | 'floor', key: keyof LoadResult) => stat(pairs.map((pair) => pair[side][key]));
  const summary = {
    bodyBytes: bytes.length,
    seconds,
    connections: 50,
    api: { requestsPerSecond: of('api', 'requestsPerSecond'), p50Ms: of('api', 'p50Ms'), p99Ms: of('api', 'p99Ms') },
    floor: { requestsPerSecond: of('floor', 'requestsPerSecond'), p50Ms: of('floor', 'p50Ms'), p99Ms: of('floor', 'p99Ms') },
  };
  return { ...summary, throughputRatio: summary.api.requestsPerSecond.median / summary.floor.requestsPerSecond.median };
}

/** A PNG of random pixels, which compression cannot shrink: about `bytes` long. */
async function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (Math.imul(i, 2654435761) >>> 24) ^ (i * 7919);
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
}

async function uploadScenario(server: RunningServer, runs: number) {
  const png = await noisePng(8 * MiB);
  const body = JSON.stringify({ filename: 'bench.png', data: png.toString('base64'), overwrite: true });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}`, 'content-length': Buffer.byteLength(body) };
  // One upload first, so one-time costs (loading sharp, growing the heap) are not counted.
  await raw(server.origin, { method: 'POST', path: '/api/upload-asset', headers, body });
  const accepted = await repeat(runs, async () => {
    await resetPeak(server.pid);
    const before = await rssBytes(server.pid);
    const started = performance.now();
    const response = await raw(server.origin, { method: 'POST', path: '/api/upload-asset', headers, body });
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`upload answered ${response.status}: ${response.text}`);
    return { ms, growth: (await peakRssBytes(server.pid)) - before };
  });
  const rejected = await repeat(runs, async () => {
    await resetPeak(server.pid);
    const before = await rssBytes(server.pid);
    const started = performance.now();
    const response = await raw(server.origin, {
      method: 'POST',
      path: '/api/upload-asset',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}`, 'content-length': 1024 ** 3 },
      withholdBody: true,
    });
    const ms = performance.now() - started;
    if (response.status !== 413) throw new Error(`oversize upload answered ${response.status}`);
    return { ms, growth: (await peakRssBytes(server.pid)) - before };
  });
  return {
    fileBytes: png.length,
    accept: { ms: stat(accepted.map((r) => r.ms)), rssGrowthMiB: stat(accepted.map((r) => r.growth / MiB)) },
    accepted8MiBGrowthPerFileSize: stat(accepted.map((r) => r.growth / png.length)).median,
    reject1GiB: { ms: stat(rejected.map((r) => r.ms)), rssGrowthMiB: stat(rejected.map((r) => r.growth / MiB)) },
  };
}

/** What Chromium sends: the server answers it with brotli when it has a brotli form. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** Body bytes on the wire for `path`, asked for as Chromium asks, as gzip-only clients ask, and with no compression. */
async function deliveryScenario(server: RunningServer, paths: string[]) {
  const bytesOf = async (path: string, acceptEncoding?: string) => {
    const response = await raw(server.origin, { path, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return { bytes: response.body.length, encoding: String(response.headers['content-encoding'] ?? 'identity') };
  };
  const results = [];
  for (const path of paths) {
    const [browser, gzip, identity] = [await bytesOf(path, BROWSER_ACCEPT_ENCODING), await bytesOf(path, 'gzip'), await bytesOf(path)];
    results.push({ path, identityBytes: identity.bytes, gzipBytes: gzip.bytes, browserBytes: browser.bytes, browserEncoding: browser.encoding, ratio: browser.bytes / identity.bytes });
  }
  return results;
}

async function pageWeights(server: RunningServer, paths: string[]) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((flag) => flag !== '--headless=new') });
  try {
    const weights = [];
    for (const path of paths) {
      const page = await browser.newPage();
      const responses: { type: string; bytes: number }[] = [];
      page.on('response', async (response) => {
        const body = await response.body().catch(() => Buffer.alloc(0));
        responses.push({ type: response.request().resourceType(), bytes: body.length });
      });
      await page.goto(`${server.origin}${path}`, { waitUntil: 'networkidle' });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)); // bring lazy images in
      await page.waitForLoadState('networkidle');
      const inline = await page.evaluate(() => ({
        css: [...document.querySelectorAll('style')].reduce((sum, style) => sum + (style.textContent?.length ?? 0), 0),
        // Only scripts the browser runs: a data block (structured data, `application/ld+json`) is never run.
        // The types that run, as HTML defines them: none, `module`, or a JavaScript MIME type.
        js: [...document.querySelectorAll('script')]
          .filter((script) => /^(|module|(text|application)\/(x-)?(java|ecma)script|text\/(javascript1\.[0-5]|jscript|livescript))$/i.test(script.type.trim()))
          .reduce((sum, script) => sum + (script.textContent?.length ?? 0), 0),
      }));
      const bytesOf = (type: string) => responses.filter((r) => r.type === type).reduce((sum, r) => sum + r.bytes, 0);
      weights.push({
        path,
        htmlBytes: bytesOf('document'),
        cssBytes: bytesOf('stylesheet') + inline.css,
        inlineCssBytes: inline.css,
        jsBytes: bytesOf('script') + inline.js,
        imageBytes: bytesOf('image'),
        requests: responses.length,
      });
      await page.close();
    }
    return weights;
  } finally {
    await browser.close();
  }
}

/** Lighthouse's four scores for each path, and what kept a score under 100. A server over HTTPS has the fixture certificate, which Chromium is told to trust. */
export async function lighthouseScores(server: RunningServer, paths: string[], runs: number) {
  const https = server.origin.startsWith('https:');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: [...CHROME_FLAGS, ...(https ? [chromiumTrustFlag()] : [])] });
  try {
    const pages = [];
    for (const path of paths) {
      const samples = await repeat(runs, async () => {
        const result = await lighthouse(`${server.origin}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
        const lhr = result!.lhr;
        const scores = Object.fromEntries(Object.entries(lhr.categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]));
        const missed = Object.values(lhr.categories).flatMap((category) =>
          category.auditRefs
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => `${category.title}: ${lhr.audits[ref.id]!.title}${lhr.audits[ref.id]!.displayValue ? ` (${lhr.audits[ref.id]!.displayValue})` : ''}`),
        );
        // The protocol the document came over, as Chromium reports it (`h2`, `http/1.1`).
        const protocol = String((lhr.audits['network-requests']?.details as { items?: { protocol?: string }[] } | undefined)?.items?.[0]?.protocol ?? '');
        return { scores, missed, protocol };
      });
      const categories = Object.keys(samples[0]!.scores);
      pages.push({
        path,
        scores: Object.fromEntries(categories.map((id) => [id, stat(samples.map((s) => s.scores[id]!))])),
        missed: [...new Set(samples.flatMap((s) => s.missed))],
        protocol: samples[0]!.protocol,
      });
    }
    return pages;
  } finally {
    await chrome.kill();
  }
}

export async function serverScenarios(options: {
  apiSeconds: number;
  apiRuns: number;
  uploadRuns: number;
  lighthousePages: string[] | null;
  lighthouseRuns: number;
  wanted: (name: string) => boolean;
}) {
  const project = await copyProject('bench-server');
  let server: RunningServer | undefined;
  try {
    await buildProject(project);
    server = await startProdServer(project, { CONTENT_API_TOKEN: TOKEN, ASTRO_NODE_LOGGING: 'disabled' });
    const results: Record<string, unknown> = {};
    if (options.wanted('api')) {
      console.log('Bundle API against a static file');
      results.api = await apiScenario(server, project.root, options.apiSeconds, options.apiRuns);
    }
    if (options.wanted('upload')) {
      console.log('Upload path');
      results.upload = await uploadScenario(server, options.uploadRuns);
    }
    if (options.wanted('delivery')) {
      console.log('Bytes on the wire, with and without compression');
      results.delivery = await deliveryScenario(server, ['/', '/api/public-page/home']);
    }
    if (options.wanted('pages')) {
      console.log('Visitor pages');
      const postPath = '/posts/zero-javascript-by-default/';
      const tagPath = '/tags/performance/';
      // /features/ and /pricing/ between them use every section type added in issue #16.
      const paths = ['/', '/about/', postPath, tagPath, '/features/', '/pricing/'];
      results.pages = {
        weights: await pageWeights(server, paths),
        lighthouse: await lighthouseScores(server, options.lighthousePages ?? paths, options.lighthouseRuns),
      };
    }
    return results;
  } finally {
    await server?.stop();
    await project.remove();
  }
}
