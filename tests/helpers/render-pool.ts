/**
 * The render pool's unit tests run it on real worker threads, with small worker scripts that
 * speak its protocol (tests/fixtures/render-workers/); pools made here are reset after each test.
 */
import { afterEach, vi } from 'vitest';
import { createRenderPool, type RenderedInWorker, type RenderPool } from '../../src/server/publish/render-pool';
import { joinedPage } from '../../src/server/publish/page-bytes';
import { snapshotFromEntries } from '../../src/engine/snapshot';

const script = (name: string) => new URL(`../fixtures/render-workers/${name}`, import.meta.url).href;
const files = (name: string) => ({ script: script(name), serverEntry: 'file:///unused' });
export const snapshotOf = (title: string) => snapshotFromEntries([['pages/home.json', { title }], ['pages/about.json', { title: 'About' }]]);
export const page = (path: string) => ({ path, slug: path.replaceAll('/', '') || 'home', head: '{}', sections: [], shared: [], sectionDigests: [] });
export const text = (rendered: RenderedInWorker[]) => rendered.map(({ body }) => joinedPage(body).toString());

let pools: RenderPool[] = [];

/** A pool, reset after the test that made it. */
export function resetAfterTest(pool: RenderPool): RenderPool {
  pools.push(pool);
  return pool;
}

/** A pool over a fixture worker script, reset after the test that made it. */
export const poolOf = (name: string, count = 2, options: { requestTimeoutMs?: number; startTimeoutMs?: number } = {}) =>
  resetAfterTest(createRenderPool(files(name), count, options));

afterEach(async () => {
  await Promise.all(pools.map((pool) => pool.reset()));
  pools = [];
  vi.restoreAllMocks();
});
