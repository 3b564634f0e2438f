/**
 * A render pool's warm-up: each new worker renders a share of the site's pages before a large
 * publication needs it, and gives way to, and never outlives, the publication it warms up for.
 */
import { describe, expect, it } from 'vitest';
import { RenderTimeoutError, WARM_UP_BATCH_PAGES, WARM_UP_PAGES_PER_WORKER } from '../../src/server/publish/render-pool';
import { IN_PROCESS_MAX_PAGES, renderPages } from '../../src/server/publish/page-rendering';
import { page, poolOf, snapshotOf, text } from '../helpers/render-pool';

describe('warming up the render pool', () => {
  it('warms each new worker once with its share of the pages, and lets a publication go first', async () => {
    const pool = poolOf('echo.mjs', 2);
    const snapshot = snapshotOf('Home');
    const generation = await pool.prepare(snapshot, snapshot.paths());
    const site = Array.from({ length: 2 * WARM_UP_PAGES_PER_WORKER + 50 }, (_, index) => page(`/p-${index}/`));
    await pool.warmUp(() => site, generation);
    // Each worker rendered its share, up to the limit; a second warm-up sends nothing.
    const counts = async () => (await Promise.all([pool.render([page('/count/')], generation), pool.render([page('/count/')], generation)])).flatMap(text);
    expect(await counts()).toEqual([String(WARM_UP_PAGES_PER_WORKER), String(WARM_UP_PAGES_PER_WORKER)]);
    await pool.warmUp(() => site, generation);
    expect(await counts()).toEqual([String(WARM_UP_PAGES_PER_WORKER + 1), String(WARM_UP_PAGES_PER_WORKER + 1)]);

    // New workers (after a reset) warm up, until a publication asks for pages.
    await pool.reset();
    const next = await pool.prepare(snapshot, snapshot.paths());
    const warming = pool.warmUp(() => site, next);
    const published = await pool.render([page('/')], next);
    expect(text(published)).toEqual(['/ Home (2 files)']);
    await warming;
    const [first, second] = (await counts()).map(Number);
    // Each worker had one warm-up message in flight when the publication asked; none was sent after.
    expect(first! + second!).toBeLessThanOrEqual(2 * WARM_UP_BATCH_PAGES + 1);
  });

  it('stops warming up when a small publication moves the workers on: its pages are the earlier copy’s, and a worker would take them as the later one’s', async () => {
    const pool = poolOf('echo.mjs', 1);
    const first = snapshotOf('Home');
    const generation = await pool.prepare(first, first.paths());
    const warming = pool.warmUp((count) => Array.from({ length: Math.min(count, 500) }, (_, index) => page(`/p-${index}/`)), generation);
    // A small publication renders on the server's thread, but still brings the copies up to date.
    const second = snapshotOf('Home, edited');
    const next = await pool.prepare(second, second.paths());
    await expect(warming).resolves.toBeUndefined();
    // The attack this replays: warm-up pages went on from the later copy, which adopted the earlier publication's bundles.
    const renderedFrom = JSON.parse(text(await pool.render([page('/rendered-from/')], next))[0]!) as Record<string, number>;
    expect(Object.keys(renderedFrom)).toEqual([String(generation)]);
    expect(renderedFrom[generation]).toBeGreaterThan(0);
    expect(renderedFrom[generation]).toBeLessThan(500);
  });

  it('asks for only as many pages as its cold workers warm up with', async () => {
    const pool = poolOf('echo.mjs', 2);
    const snapshot = snapshotOf('Home');
    const asked: number[] = [];
    await pool.warmUp((count) => {
      asked.push(count);
      return Array.from({ length: 10 }, (_, index) => page(`/p-${index}/`));
    }, await pool.prepare(snapshot, snapshot.paths()));
    expect(asked).toEqual([2 * WARM_UP_PAGES_PER_WORKER]);
  });

  it('lets a publication held by a worker stuck on its warm-up render every page, on a worker started in its place', async () => {
    const pool = poolOf('echo.mjs', 1, { requestTimeoutMs: 300 });
    const snapshot = snapshotOf('Home');
    const generation = await pool.prepare(snapshot, snapshot.paths());
    const warming = expect(pool.warmUp(() => [page('/hang/')], generation)).rejects.toThrow(RenderTimeoutError);
    const pages = new Map(Array.from({ length: IN_PROCESS_MAX_PAGES + 1 }, (_, index) => [`/p-${index}`, page(`/p-${index}/`)]));
    const refused: string[] = [];
    const rendered: string[] = [];
    const where = await renderPages({ pages, context: { snapshot }, readable: snapshot.paths(), refuse: (key) => void refused.push(key) }, async () => ({ status: 200, body: Buffer.from('on the thread') }), pool, (key) => void rendered.push(key));
    await warming;
    expect(where).toBe('on the render workers');
    expect(rendered.sort()).toEqual([...pages.keys()].sort());
    expect(refused).toEqual([]);
  });

  it('does not warm a worker that has rendered a publication\'s pages', async () => {
    const pool = poolOf('echo.mjs', 1);
    const snapshot = snapshotOf('Home');
    const generation = await pool.prepare(snapshot, snapshot.paths());
    await pool.render([page('/'), page('/about/')], generation);
    await pool.warmUp(() => Array.from({ length: 100 }, (_, index) => page(`/p-${index}/`)), generation);
    expect(text(await pool.render([page('/count/')], generation))).toEqual(['2']);
  });
});
