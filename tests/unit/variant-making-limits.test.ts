/**
 * The limits on making image variants on request (server/variant-making-limits.mjs), with the
 * time given; and the /_img/ handler that applies them (server/image-variants.mjs), over HTTP on
 * a temporary folder: identical requests share one job, a cached variant is never limited, and
 * X-Forwarded-For counts only behind a trusted proxy.
 */
import { access, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedVariantPath, describeImage } from '../../server/image-variant-store.mjs';
import { imageVariantHandler, variantPlaces } from '../../server/image-variants.mjs';
import { variantUrl, type VariantSpec } from '../../server/image-variant-urls.mjs';
import { DEFAULT_VARIANT_LIMITS, VariantMakingLimits } from '../../server/variant-making-limits.mjs';

const SECOND = 1000;

describe('the limits on making variants', () => {
  const limits = (settings: Partial<ConstructorParameters<typeof VariantMakingLimits>[0]> = {}) =>
    new VariantMakingLimits({ maxQueued: 100, burst: 3, perMinute: 30, maxRunning: 2, ...settings });

  it('lets a client make its burst at once, then one variant per refill, with 429 and the wait between', () => {
    const limiter = limits();
    for (let index = 0; index < 3; index++) expect(limiter.admit('ada', 0)).toEqual({ admitted: true });
    expect(limiter.admit('ada', 0)).toMatchObject({ admitted: false, status: 429, retryAfterSeconds: 2 });
    // 30 a minute is one every 2 s; 1.5 s in, half a token has come back.
    expect(limiter.admit('ada', 1.5 * SECOND)).toMatchObject({ status: 429, retryAfterSeconds: 1 });
    expect(limiter.admit('ada', 2 * SECOND)).toEqual({ admitted: true });
    expect(limiter.admit('ada', 2 * SECOND)).toMatchObject({ status: 429 });
    // Another client has its own budget.
    expect(limiter.admit('bob', 2 * SECOND)).toEqual({ admitted: true });
  });

  it('refills a bucket no further than its burst', () => {
    const limiter = limits();
    limiter.admit('ada', 0);
    const later = 3600 * SECOND;
    for (let index = 0; index < 3; index++) expect(limiter.admit('ada', later).admitted).toBe(true);
    expect(limiter.admit('ada', later).admitted).toBe(false);
  });

  it('refuses with 503 once the queue beyond the running encodes is full, spending no client budget', () => {
    const limiter = limits({ maxQueued: 2, burst: 100 });
    for (let index = 0; index < 4; index++) expect(limiter.admit(`client-${index}`, 0).admitted).toBe(true);
    expect(limiter.pending).toBe(4);
    const refused = limiter.admit('ada', 0);
    expect(refused).toMatchObject({ admitted: false, status: 503, message: expect.any(String) });
    expect(refused.admitted === false && refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    limiter.finished();
    expect(limiter.admit('ada', 0).admitted).toBe(true);
    // ada's refused try cost nothing: 99 of 100 are left.
    const more = limits({ maxQueued: 1000, burst: 100 });
    expect(Array.from({ length: 101 }, () => more.admit('ada', 0).admitted).filter(Boolean)).toHaveLength(100);
  });

  it('lets one client hold at most half the queue beside the running encodes, so another still gets in (one address once filled it)', () => {
    const limiter = limits({ maxQueued: 32, burst: 60 });
    const flood = Array.from({ length: 40 }, () => limiter.admit('flood', 0));
    expect(flood.filter((admission) => admission.admitted)).toHaveLength(2 + 16);
    expect(flood.at(-1)).toMatchObject({ admitted: false, status: 429, message: 'Too many new image variants asked for at once; try again shortly' });
    expect(limiter.admit('visitor', 0)).toEqual({ admitted: true });
    // Its refused tries spent nothing; as its variants are made, it may ask for more.
    limiter.finished('flood');
    expect(limiter.admit('flood', 0)).toEqual({ admitted: true });
    expect(limiter.admit('flood', 0)).toMatchObject({ status: 429 });
  });

  it('keeps memory bounded under a flood of addresses, forgetting full buckets first', () => {
    const limiter = limits({ maxClients: 100, burst: 2, maxQueued: 100_000 });
    limiter.admit('steady', 0);
    limiter.admit('steady', 0);
    for (let index = 0; index < 1000; index++) {
      limiter.admit(`flood-${index}`, 0);
      limiter.finished();
    }
    // The oldest clients were forgotten (a fresh budget), whatever their state: memory wins.
    expect(limiter.admit('flood-0', 0).admitted).toBe(true);
    expect(limiter.admit('flood-999', 0).admitted).toBe(true);
    expect(limiter.admit('flood-999', 0).admitted).toBe(false);
  });

  it('has defaults that let a first page view and an editor session through', () => {
    expect(DEFAULT_VARIANT_LIMITS.maxQueued).toBeGreaterThanOrEqual(20);
    expect(DEFAULT_VARIANT_LIMITS.burst).toBeGreaterThanOrEqual(40);
  });
});

describe('the /_img/ handler within its limits', () => {
  let root: string;
  let server: Server;
  let origin: string;
  let spec: (extra: Partial<VariantSpec>) => VariantSpec;

  async function serve(limits: { maxQueued: number; burst: number; perMinute: number }, trustProxy = false) {
    const handle = imageVariantHandler({ contentRoot: root, projectRoot: root, trustProxy, imageVariantLimits: limits }, true);
    server = createServer((request, response) => {
      void handle(request, response, request.url ?? '').then((served) => served || response.writeHead(404).end());
      // A client that hangs up as soon as its request is read: its socket has no address from then on.
      if (request.headers['x-test-hang-up']) request.socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${origin}${path}`, { headers });
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
  };

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'cse-variant-limits-'));
    const images = join(root, 'public', 'assets', 'images');
    await mkdir(images, { recursive: true });
    // Noise, so each encode takes long enough for concurrent requests to find the encoders busy.
    const bytes = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a6', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg().toBuffer();
    await writeFile(join(images, 'photo.jpg'), bytes);
    const { hash } = await describeImage(bytes);
    spec = (extra) => ({ name: 'photo.jpg', hash, width: 320, format: 'webp', ...extra });
  });

  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await rm(root, { recursive: true, force: true });
  });

  it('makes one job of identical concurrent requests, spending one miss of the budget', async () => {
    await serve({ maxQueued: 10, burst: 2, perMinute: 1 });
    const url = variantUrl(spec({ width: 480 }));
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(url)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.body.toString('base64'))).size).toBe(1);
    // One miss left of two: the next new variant is made, the one after is refused.
    expect((await get(variantUrl(spec({ width: 640 })))).status).toBe(200);
    const refused = await get(variantUrl(spec({ width: 800 })));
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(refused.body.toString())).toEqual({ error: expect.stringMatching(/try again/) });
    // What is made stays served to the client over its budget.
    expect((await get(url)).status).toBe(200);
  });

  it('answers 503 with Retry-After when the queue is full', async () => {
    await serve({ maxQueued: 0, burst: 100, perMinute: 100 });
    const widths = [320, 480, 640, 800];
    const answers = await Promise.all(widths.flatMap((width) => (['avif', 'webp'] as const).map((format) => get(variantUrl(spec({ width, format }))))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.every((answer) => Number(answer.retryAfter) >= 1 && 'error' in JSON.parse(answer.body.toString()))).toBe(true);
  });

  it('counts a client that hangs up against its own budget, not as an unknown one', async () => {
    await serve({ maxQueued: 10, burst: 1, perMinute: 1 });
    // The attack: ask for a new variant and hang up at once, so that by the time the request is
    // admitted its socket has no address, and the variant is made on no one's budget.
    await expect(get(variantUrl(spec({ width: 320 })), { 'x-test-hang-up': '1' })).rejects.toThrow();
    // Until that request was admitted and its variant made, so this one comes second.
    const { cacheDir } = variantPlaces({ contentRoot: root, projectRoot: root }, true);
    await vi.waitFor(() => access(cachedVariantPath(cacheDir, spec({ width: 320 }))), { timeout: 10_000 });
    // Its one miss was spent: this client's next new variant waits.
    expect((await get(variantUrl(spec({ width: 480 })))).status).toBe(429);
  });

  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    await serve({ maxQueued: 10, burst: 1, perMinute: 1 });
    expect((await get(variantUrl(spec({ width: 320 })), { 'x-forwarded-for': '203.0.113.1' })).status).toBe(200);
    expect((await get(variantUrl(spec({ width: 480 })), { 'x-forwarded-for': '203.0.113.2' })).status).toBe(429);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await serve({ maxQueued: 10, burst: 1, perMinute: 1 }, true);
    // Behind a trusted proxy its last hop is the client: two clients, one budget each.
    expect((await get(variantUrl(spec({ width: 640 })), { 'x-forwarded-for': '198.51.100.7, 203.0.113.1' })).status).toBe(200);
    expect((await get(variantUrl(spec({ width: 800 })), { 'x-forwarded-for': '203.0.113.2' })).status).toBe(200);
    expect((await get(variantUrl(spec({ width: 1024 })), { 'x-forwarded-for': '198.51.100.7, 203.0.113.2' })).status).toBe(429);
  });
});
