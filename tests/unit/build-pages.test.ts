/**
 * The build's writing of visitor pages (src/server/publish/build-pages.ts), on the build's thread
 * (no workers: those are covered by render-pool.test.ts and, with the real server build, by
 * tests/build/ and tests/integration/publishing-prod.test.ts), into a real folder.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { precompressFolder } from '../../server/precompress.mjs';
import { buildVisitorPages, fileOfPage } from '../../src/server/publish/build-pages';
import type { BuildPlanning } from '../../src/server/publish/live-page-renderer';
import { snapshotFromEntries } from '../../src/engine/snapshot';

const snapshot = snapshotFromEntries([['pages/home.json', { id: 'home' }]]);
const site = (paths: string[]) => ({ contentVersion: 'v1', pages: paths.map((path) => ({ slug: path, path, body: '{}', version: 'x', renderKey: 'k', layoutKeys: { frame: 'f', views: [] }, bundleToRender: { head: '{}', sections: [], shared: [], sectionDigests: [] } })), redirects: [] });

/** A planner that plans `paths` (request paths), or fails after the first when `failWith` is given. */
function planner(paths: string[], failWith?: Error): () => Promise<BuildPlanning> {
  return async () => ({
    context: { snapshot },
    readable: snapshot.paths(),
    async plan(onPage) {
      for (const path of paths) {
        onPage(path, { path: path === '/' ? '/' : `${path}/`, slug: path, head: '{}', sections: [], shared: [], sectionDigests: [] });
        if (failWith) throw failWith;
      }
      return site(paths);
    },
  });
}

describe('writing the build\'s visitor pages', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cse-build-pages-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const renderOnThread = async (path: string) => ({ status: 200, body: Buffer.from(`<h1>${path}</h1>`) });
  const writing = () => ({ clientDir: dir, renderOnThread, workerFiles: { script: 'file:///unused', serverEntry: 'file:///unused' }, workers: 0 });

  it('names each page\'s file as the server looks for it', () => {
    expect(fileOfPage('/')).toBe('index.html');
    expect(fileOfPage('/about')).toBe('about/index.html');
    expect(fileOfPage('/posts/hello')).toBe('posts/hello/index.html');
    expect(fileOfPage('/404.html')).toBe('404.html');
  });

  it('plans, renders and writes every page, and returns the publication', async () => {
    const built = await buildVisitorPages(planner(['/', '/about', '/posts/hello', '/404.html']), writing());
    expect(built.where).toBe("on the server's thread");
    expect(built.published.pages.map((page) => page.path)).toEqual(['/', '/about', '/posts/hello', '/404.html']);
    expect(await readFile(join(dir, 'index.html'), 'utf8')).toBe('<h1>/</h1>');
    expect(await readFile(join(dir, 'posts', 'hello', 'index.html'), 'utf8')).toBe('<h1>/posts/hello/</h1>');
    expect(await readFile(join(dir, '404.html'), 'utf8')).toBe('<h1>/404.html/</h1>');
  });

  it('never writes a page outside the folder, whatever its path', async () => {
    await expect(buildVisitorPages(planner(['/../escaped']), writing())).rejects.toThrow(/The page at \/\.\.\/escaped would be written outside/);
    await expect(readFile(join(dir, '..', 'escaped', 'index.html'))).rejects.toThrow();
  });

  it('fails with planning\'s own error when planning fails', async () => {
    const error = new Error('pages/about.json: unknown field "titel"');
    await expect(buildVisitorPages(planner(['/', '/about'], error), writing())).rejects.toBe(error);
  });

  // Each test starts worker threads, and some start replacements: on a loaded machine that passed vitest's 5 s default once.
  describe('on render workers (stand-ins that speak the pool\'s protocol)', { timeout: 30_000 }, () => {
    const fixture = (name: string, serverEntry = 'file:///unused') => ({ ...writing(), workerFiles: { script: new URL(`../fixtures/render-workers/${name}`, import.meta.url).href, serverEntry }, workers: 2 });
    const paths = Array.from({ length: 20 }, (_, index) => `/p-${index}`);

    it('writes each page with the compressed copies its worker made, and records both for the steps after', async () => {
      const built = await buildVisitorPages(planner(paths), fixture('echo.mjs'));
      expect(built.where).toBe('on the render workers');
      const file = join(dir, 'p-3', 'index.html');
      expect(await readFile(file, 'utf8')).toBe('/p-3/ undefined (1 files)');
      expect(await readFile(`${file}.br`, 'utf8')).toBe('br at 5');
      expect(await readFile(`${file}.gz`, 'utf8')).toBe('gzip');
      // precompress.mjs passes these pages by, keeping the workers' copies.
      const totals = await precompressFolder(dir);
      expect(totals.ready).toBe(20);
      expect(await readFile(`${file}.br`, 'utf8')).toBe('br at 5');
    });

    it('builds every page when workers fail of their own accord (their memory full, say), without blaming the pages they held', async () => {
      // Each worker stops after 12 pages, whatever they are: the pages it held are rendered again, one at a time, on its replacement.
      const built = await buildVisitorPages(planner(paths), fixture('echo.mjs', 'file:///unused?exitAfter=12'));
      expect(built.where).toBe('on the render workers');
      for (const path of paths) expect(await readFile(join(dir, path.slice(1), 'index.html'), 'utf8'), path).toBe(`${path}/ undefined (1 files)`);
    });

    it('fails, naming the page, when a worker answers that it could not render it, again when asked alone', async () => {
      await expect(buildVisitorPages(planner([...paths, '/refuse']), fixture('echo.mjs'))).rejects.toThrow('Rendering the page at /refuse/ failed (500): A render worker could not render the pages at /refuse/: The render worker could not take the request');
    });

    it('fails, naming the page, when a page stops a render worker on its own, twice', async () => {
      await expect(buildVisitorPages(planner([...paths, '/exit']), fixture('echo.mjs'))).rejects.toThrow('Rendering the page at /exit/ failed (500): A render worker stopped (exit code 3)');
    });
  });
});
