/**
 * The render pool on real worker threads, with small worker scripts that
 * speak its protocol (tests/fixtures/render-workers/); the real worker, which
 * loads the server build, is covered by tests/integration/publishing-prod.test.ts.
 * Its warm-up has tests of its own (render-pool-warm-up.test.ts), and rendering a publication's
 * pages on it or on the server's thread too (page-rendering.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { createRenderPool, RenderTimeoutError } from '../../src/server/publish/render-pool';
import { renderPages, IN_PROCESS_MAX_PAGES } from '../../src/server/publish/page-rendering';
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
