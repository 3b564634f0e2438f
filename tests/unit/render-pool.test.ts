/**
 * The render pool on real worker threads, with small worker scripts that
 * speak its protocol (tests/fixtures/render-workers/); the real worker, which
 * loads the server build, is covered by tests/integration/publishing-prod.test.ts.
 * Its warm-up has tests of its own (render-pool-warm-up.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { createRenderPool, RenderTimeoutError } from '../../src/server/publish/render-pool';
import { joinedPage } from '../../src/server/publish/page-bytes';
import { renderPages, IN_PROCESS_MAX_PAGES } from '../../src/server/publish/page-rendering';
import { PageFeed } from '../../src/server/publish/page-feed';
import { page, poolOf, resetAfterTest, snapshotOf, text } from '../helpers/render-pool';

describe('the render pool', () => {
  it('renders on its workers from the snapshot it last prepared', async () => {
    const pool = poolOf('echo.mjs');
    const first = snapshotOf('Home');
    const generation = await pool.prepare(first, first.paths());
    expect(text(await pool.render([page('/'), page('/about/')], generation))).toEqual(['/ Home (2 files)', '/about/ Home (2 files)']);
    const second = snapshotOf('Home, edited');
    const next = await pool.prepare(second, second.paths());
    expect(next).toBeGreaterThan(generation);
    const answers = await Promise.all([1, 2, 3, 4].map(() => pool.render([page('/')], next)));
    expect(answers.flatMap(text)).toEqual(Array(4).fill('/ Home, edited (2 files)'));
    // Preparing the same snapshot again names it the same and sends nothing new.
    expect(await pool.prepare(second, second.paths())).toBe(next);
  });

  it('says why when a worker cannot start, and starts new ones after a reset', async () => {
    const pool = poolOf('fails-at-start.mjs', 1);
    const snapshot = snapshotOf('Home');
    await expect(pool.prepare(snapshot, snapshot.paths())).rejects.toThrow('A render worker failed: The server build could not be loaded');
    await pool.reset();
    await expect(pool.prepare(snapshot, snapshot.paths())).rejects.toThrow('could not be loaded');
  });

  it('says why when a worker cannot even be made, and start() leaves that to the next prepare', async () => {
    const pool = resetAfterTest(createRenderPool({ script: 'https://example.com/worker.mjs', serverEntry: 'file:///unused' }, 1));
    expect(() => pool.start()).not.toThrow();
    const snapshot = snapshotOf('Home');
    await expect(pool.prepare(snapshot, snapshot.paths())).rejects.toThrow(/file/i);
  });

  it('stops a worker that does not start in time, so its publication renders on the server\'s thread instead of waiting for ever', async () => {
    const pool = poolOf('hangs-at-start.mjs', 1, { startTimeoutMs: 300 });
    const snapshot = snapshotOf('Home');
    await expect(pool.prepare(snapshot, snapshot.paths())).rejects.toThrow('A render worker did not start within 0.3 s and was stopped');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const pages = new Map(Array.from({ length: IN_PROCESS_MAX_PAGES + 1 }, (_, index) => [`/p-${index}`, page(`/p-${index}/`)]));
    const where = await renderPages({ pages, context: { snapshot }, readable: snapshot.paths() }, async (path) => ({ status: 200, body: Buffer.from(path) }), pool, () => {});
    expect(where).toBe("on the server's thread");
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('did not start within 0.3 s'));
  });

  it('fails the renders a stopped worker held, and replaces it, with the whole snapshot, when next asked to render', async () => {
    const pool = poolOf('echo.mjs', 1);
    const snapshot = snapshotOf('Home');
    const generation = await pool.prepare(snapshot, snapshot.paths());
    await expect(pool.render([page('/exit/')], generation)).rejects.toThrow('A render worker stopped (exit code 3)');
    // The new worker gets the whole snapshot, not only what changed since the old one's copy.
    expect(text(await pool.render([page('/')], generation))).toEqual(['/ Home (2 files)']);
    // A render for an earlier snapshot than the last prepared is not one a new worker can hold.
    await pool.prepare(snapshotOf('Home, edited'), snapshot.paths());
    await expect(pool.render([page('/exit/')], generation)).rejects.toThrow('exit code 3');
    await expect(pool.render([page('/')], generation)).rejects.toThrow('No render worker is running');
  });

  it('stops a worker that answers nothing in time, says which pages it held, and replaces it', async () => {
    const pool = poolOf('echo.mjs', 1, { requestTimeoutMs: 300 });
    const snapshot = snapshotOf('Home');
    const generation = await pool.prepare(snapshot, snapshot.paths());
    const stuck = pool.render([page('/'), page('/hang/')], generation);
    const queued = pool.render([page('/about/')], generation);
    await expect(stuck).rejects.toThrow(RenderTimeoutError);
    await expect(stuck).rejects.toThrow('A render worker answered nothing for more than 0.3 s over the pages at /, /hang/, /about/ and was stopped');
    await expect(queued).rejects.toThrow(RenderTimeoutError);
    expect(text(await pool.render([page('/')], generation))).toEqual(['/ Home (2 files)']);
  });

  it('counts a worker\'s time from its last answer, so a render queued behind a slow one is not blamed for its time', async () => {
    const pool = poolOf('echo.mjs', 1, { requestTimeoutMs: 1000 });
    const snapshot = snapshotOf('Home');
    const generation = await pool.prepare(snapshot, snapshot.paths());
    // Together 1.2 s on the one worker, each well within its time from when the worker takes it.
    const slow = await Promise.all([pool.render([page('/slow-600/')], generation), pool.render([page('/slow-600/')], generation)]);
    expect(slow.flatMap(text)).toEqual(['/slow-600/ Home (2 files)', '/slow-600/ Home (2 files)']);
  });

  it('takes in an answer that came while the server\'s thread was held up past the deadline, rather than blaming the worker', async () => {
    const pool = poolOf('echo.mjs', 1, { requestTimeoutMs: 300 });
    const snapshot = snapshotOf('Home');
    const generation = await pool.prepare(snapshot, snapshot.paths());
    const rendering = pool.render([page('/slow-50/')], generation);
    // The thread is busy well past the deadline (in the phase of the event loop just before timers), and the answer came long before it.
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        const until = Date.now() + 600;
        while (Date.now() < until);
        resolve();
      }),
    );
    expect(text(await rendering)).toEqual(['/slow-50/ Home (2 files)']);
  });

  it('renders a page alone on a worker that holds nothing else, before renders asked for after it', async () => {
    const pool = poolOf('echo.mjs', 1, { requestTimeoutMs: 300 });
    const snapshot = snapshotOf('Home');
    const generation = await pool.prepare(snapshot, snapshot.paths());
    const alone = pool.renderAlone(page('/hang/'), generation);
    const after = pool.render([page('/about/')], generation);
    // Stopped holding that page alone: the render after it waited, and went to a worker started in its place.
    await expect(alone).rejects.toThrow('A render worker answered nothing for more than 0.3 s over the pages at /hang/ and was stopped');
    expect(text(await after)).toEqual(['/about/ Home (2 files)']);
    expect(text(await pool.renderAlone(page('/'), generation))).toEqual(['/ Home (2 files)']);
  });
});

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
