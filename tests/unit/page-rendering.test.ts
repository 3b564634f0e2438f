/**
 * Rendering a publication's (or the build's) pages: a few on the server's thread, many on the
 * render pool's workers, and what a failure on either side does. The workers are small scripts that
 * speak the pool's protocol (tests/fixtures/render-workers/); the pool itself is in render-pool.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { createRenderPool } from '../../src/server/publish/render-pool';
import { joinedPage } from '../../src/server/publish/page-bytes';
import { renderPages, IN_PROCESS_MAX_PAGES } from '../../src/server/publish/page-rendering';
import { PageFeed } from '../../src/server/publish/page-feed';
import { page, poolOf, resetAfterTest, snapshotOf } from '../helpers/render-pool';

describe('rendering a publication\'s pages', () => {
  /** renderPages, with each page's HTML gathered by key as the publisher gathers it. */
  async function renderInto(...[toRender, onThread, pool]: Parameters<typeof renderPages>) {
    const html = new Map<string, Buffer>();
    const where = await renderPages(toRender, onThread, pool, (key, { body }) => void html.set(key, joinedPage(body)));
    return { html, where };
  }
  const manyPages = () => new Map(Array.from({ length: IN_PROCESS_MAX_PAGES + 1 }, (_, index) => [`/p-${index}`, page(`/p-${index}/`)]));
  const onThread = async (path: string) => ({ status: 200, body: Buffer.from(`${path} on the thread`) });

  it('renders a few pages on the server\'s thread and many on the workers', async () => {
    const pool = poolOf('echo.mjs');
    const snapshot = snapshotOf('Home');
    const few = await renderInto({ pages: new Map([['/', page('/')]]), context: { snapshot }, readable: snapshot.paths() }, onThread, pool, () => {});
    expect(few.where).toBe("on the server's thread");
    expect(few.html.get('/')?.toString()).toBe('/ on the thread');
    const many = await renderInto({ pages: manyPages(), context: { snapshot }, readable: snapshot.paths() }, onThread, pool, () => {});
    expect(many.where).toBe('on the render workers');
    expect(many.html.size).toBe(IN_PROCESS_MAX_PAGES + 1);
    expect(many.html.get('/p-3')?.toString()).toBe('/p-3/ Home (2 files)');
  });

  it('renders on the server\'s thread when the workers fail, and says so', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const snapshot = snapshotOf('Home');
    const { html, where } = await renderInto({ pages: manyPages(), context: { snapshot }, readable: snapshot.paths() }, onThread, poolOf('fails-at-start.mjs'), () => {});
    expect(where).toBe("on the server's thread");
    expect(html.get('/p-0')?.toString()).toBe('/p-0/ on the thread');
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("Rendering on the render workers failed; rendering on the server's thread instead. A render worker failed"));
  });

  for (const workers of [1, 2]) {
    it(`publishes every page but the one a worker gets stuck on, never rendering on the server's thread (${workers} worker${workers > 1 ? 's' : ''})`, async () => {
      const snapshot = snapshotOf('Home');
      let onThreadCalls = 0;
      // First, so that the batch beside it is held by the same worker, and is stopped with it.
      const pages = new Map([['/hang', page('/hang/')], ...manyPages()]);
      const refused: [string, string, boolean][] = [];
      const html = new Map<string, string>();
      const where = await renderPages(
        { pages, context: { snapshot }, readable: snapshot.paths(), refuse: (...refusal) => void refused.push(refusal) },
        async (path) => ((onThreadCalls += 1), onThread(path)),
        poolOf('echo.mjs', workers, { requestTimeoutMs: 300 }),
        (key, { body }) => void html.set(key, joinedPage(body).toString()),
      );
      expect(where).toBe('on the render workers');
      expect(refused).toEqual([['/hang', 'Rendering the page at /hang/ failed (504): A render worker answered nothing for more than 0.3 s over the pages at /hang/ and was stopped', true]]);
      expect([...html.keys()].sort()).toEqual([...manyPages().keys()].sort());
      expect(html.get('/p-3')).toBe('/p-3/ Home (2 files)');
      expect(onThreadCalls).toBe(0);
    });
  }

  const failures = [
    ['/exit', 'crashes', 'A render worker stopped (exit code 3)'],
    ['/refuse', 'answers that it failed', 'A render worker could not render the pages at /refuse/: The render worker could not take the request'],
  ] as const;
  for (const [failing, how, why] of failures) {
    it(`never renders on the server's thread when a worker ${how} while another is stuck: each page that stops a worker alone is refused`, async () => {
      const snapshot = snapshotOf('Home');
      let onThreadCalls = 0;
      const others = (from: number) => Array.from({ length: 7 }, (_, index) => [`/p-${from + index}`, page(`/p-${from + index}/`)] as const);
      // One batch for each worker: the first gets stuck, and the second fails before the first is known to be stuck.
      const pages = new Map([['/hang', page('/hang/')], ...others(0), [failing, page(`${failing}/`)], ...others(7), ...others(14)]);
      const refused: [string, string, boolean][] = [];
      const rendered: string[] = [];
      const where = await renderPages(
        { pages, context: { snapshot }, readable: snapshot.paths(), refuse: (...refusal) => void refused.push(refusal) },
        async (path) => ((onThreadCalls += 1), onThread(path)),
        poolOf('echo.mjs', 2, { requestTimeoutMs: 500 }),
        (key) => void rendered.push(key),
      );
      expect(where).toBe('on the render workers');
      expect(onThreadCalls).toBe(0);
      // Both remembered: a page that failed a worker alone twice would do it again.
      expect(refused.sort()).toEqual([
        [failing, `Rendering the page at ${failing}/ failed (500): ${why}`, true],
        ['/hang', 'Rendering the page at /hang/ failed (504): A render worker answered nothing for more than 0.5 s over the pages at /hang/ and was stopped', true],
      ].sort());
      expect(rendered.sort()).toEqual([...pages.keys()].filter((key) => key !== '/hang' && key !== failing).sort());
    });
  }

  it('does not refuse the page a worker happened to hold when it failed of its own accord', async () => {
    const snapshot = snapshotOf('Home');
    const refused: string[] = [];
    const rendered: string[] = [];
    const pages = new Map(Array.from({ length: 40 }, (_, index) => [`/p-${index}`, page(`/p-${index}/`)]));
    const pool = resetAfterTest(createRenderPool({ script: new URL('../fixtures/render-workers/echo.mjs', import.meta.url).href, serverEntry: 'file:///unused?exitAfter=12' }, 2));
    const where = await renderPages({ pages, context: { snapshot }, readable: snapshot.paths(), refuse: (key) => void refused.push(key) }, onThread, pool, (key) => void rendered.push(key));
    expect(where).toBe('on the render workers');
    expect(refused).toEqual([]);
    expect(rendered.sort()).toEqual([...pages.keys()].sort());
  });

  it('fails the build, naming the page a worker got stuck on, without rendering on the server\'s thread', async () => {
    const snapshot = snapshotOf('Home');
    let onThreadCalls = 0;
    const pages = manyPages();
    pages.set('/hang', page('/hang/'));
    const rendering = renderInto({ pages, context: { snapshot }, readable: snapshot.paths() }, async (path) => ((onThreadCalls += 1), onThread(path)), poolOf('echo.mjs', 2, { requestTimeoutMs: 300 }), () => {});
    await expect(rendering).rejects.toThrow('Rendering the page at /hang/ failed (504): A render worker answered nothing for more than 0.3 s over the pages at /hang/ and was stopped');
    expect(onThreadCalls).toBe(0);
  });

  it('fails the publication, without trying again, when a page renders to an error', async () => {
    const snapshot = snapshotOf('Home');
    let calls = 0;
    const failing = async (path: string) => ((calls += 1), { status: path === '/p-2/' ? 500 : 200, body: Buffer.from('{"error":"The page is broken"}') });
    await expect(renderInto({ pages: manyPages(), context: { snapshot }, readable: snapshot.paths() }, failing, undefined, () => {})).rejects.toThrow('Rendering the page at /p-2/ failed (500): {"error":"The page is broken"}');
    expect(calls).toBeLessThanOrEqual(IN_PROCESS_MAX_PAGES + 1);
    // No page is started once one failed, even later: the three before it, and those already rendering beside it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBeLessThanOrEqual(3 + 4);
  });

  it('fails the publication as it is, without rendering again on the server\'s thread, when taking a page fails', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const snapshot = snapshotOf('Home');
    let onThreadCalls = 0;
    const take = (key: string) => {
      if (key === '/p-5') throw new Error('ENOSPC: no space left on device');
    };
    const rendering = renderPages({ pages: manyPages(), context: { snapshot }, readable: snapshot.paths() }, async (path) => ((onThreadCalls += 1), onThread(path)), poolOf('echo.mjs'), take);
    await expect(rendering).rejects.toThrow('ENOSPC: no space left on device');
    expect(onThreadCalls).toBe(0);
    expect(errors).not.toHaveBeenCalled();
  });

  it('passes the compression asked for to the workers, and counts their section caches', async () => {
    const pool = poolOf('echo.mjs');
    const snapshot = snapshotOf('Home');
    const taken = new Map<string, { br?: Buffer; gzip?: Buffer }>();
    await renderPages({ pages: manyPages(), context: { snapshot }, readable: snapshot.paths() }, onThread, pool, (key, { br, gzip }) => void taken.set(key, { br, gzip }), { brotliQuality: 5, gzipLevel: 6 });
    expect(taken.get('/p-0')?.br?.toString()).toBe('br at 5');
    expect(taken.get('/p-0')?.gzip?.toString()).toBe('gzip');
    // The stand-in counts each page it rendered as a miss, one per worker's reply so far.
    expect(pool.sectionCacheCounts()).toMatchObject({ hits: 0, misses: IN_PROCESS_MAX_PAGES + 1 });
  });

  it('starts rendering on the workers while planning still finds pages', async () => {
    const pool = poolOf('echo.mjs');
    const snapshot = snapshotOf('Home');
    const feed = new PageFeed<[string, ReturnType<typeof page>]>();
    const taken: string[] = [];
    const rendering = renderPages({ pages: feed, context: { snapshot }, readable: snapshot.paths() }, onThread, pool, (key) => void taken.push(key));
    for (let index = 0; index <= IN_PROCESS_MAX_PAGES + 8; index += 1) feed.push([`/p-${index}`, page(`/p-${index}/`)]);
    // Planning has not ended, and pages are already rendered.
    await vi.waitFor(() => expect(taken.length).toBeGreaterThan(0));
    feed.push(['/last', page('/last/')]);
    feed.end();
    expect(await rendering).toBe('on the render workers');
    expect(taken).toHaveLength(IN_PROCESS_MAX_PAGES + 10);
    expect(taken).toContain('/last');
  });

  it('fails with planning\'s own error when planning fails, without rendering on the server\'s thread', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const snapshot = snapshotOf('Home');
    const feed = new PageFeed<[string, ReturnType<typeof page>]>();
    let onThreadCalls = 0;
    const rendering = renderPages({ pages: feed, context: { snapshot }, readable: snapshot.paths() }, async (path) => ((onThreadCalls += 1), onThread(path)), poolOf('echo.mjs'), () => {});
    for (let index = 0; index <= IN_PROCESS_MAX_PAGES; index += 1) feed.push([`/p-${index}`, page(`/p-${index}/`)]);
    const planningError = new Error('pages/p-17.json: unknown field "titel"');
    feed.fail(planningError);
    await expect(rendering).rejects.toBe(planningError);
    expect(onThreadCalls).toBe(0);
    expect(errors).not.toHaveBeenCalled();
  });
});
