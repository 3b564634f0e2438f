/**
 * A page's styles on its way from a render worker to the server's thread: the worker sends the page
 * with its stylesheet link and where the `<style>` goes (unless it compresses the page, for the
 * build), and the pool gives the server pieces that share the style with other pages
 * (src/server/publish/page-styles.ts). The real worker is covered by tests/integration/publishing-prod.test.ts.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenderPool } from '../../src/server/publish/render-pool';
import { createRenderWorkerSide, type RenderedBytes, type RenderWorkerReply } from '../../src/server/publish/render-worker-side';
import { joinedPage } from '../../src/server/publish/page-bytes';
import { PageStylesError, splicedPieces as splicedPiecesOf, styleSplicesOf } from '../../src/server/publish/page-styles';
import { renderPages } from '../../src/server/publish/page-rendering';
import { deltaFor } from '../../src/server/publish/snapshot-mirror';
import { snapshotFromEntries } from '../../src/engine/snapshot';

const FOLDERS = Symbol.for('content-site.stylesheet-folders');
const offered = globalThis as Record<symbol, unknown>;
const snapshot = snapshotFromEntries([['pages/home.json', { title: 'Home' }]]);
const page = (path: string) => ({ path, slug: path.replaceAll('/', '') || 'home', head: '{}', sections: [], shared: [], sectionDigests: [] });
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'worker-styles-'));
  await writeFile(join(folder, 'site.css'), 'p[data-astro-cid-x]{margin:0}');
  await writeFile(join(folder, 'echo.css'), 'p{margin:0}');
  offered[FOLDERS] = [folder];
});

afterAll(async () => {
  delete offered[FOLDERS];
  await rm(folder, { recursive: true, force: true });
});

describe('a page\'s styles from a render worker to the server', () => {
  type Rendered = Extract<RenderWorkerReply, { rendered: unknown }>;

  it('a worker sends the page with its link and where the style goes, or joined when it compresses it (the build)', async () => {
    const linked = Buffer.from(`<head><link rel="stylesheet" href="/_astro/site.css"></head><p data-astro-cid-x>${'text '.repeat(200)}</p>`);
    const side = createRenderWorkerSide(async () => ({ status: 200, headers: new Headers(), body: linked, styles: styleSplicesOf(linked) }), () => {});
    await side.handle({ type: 'sync', delta: deltaFor(new Map(), snapshot, snapshot.paths(), 1) });
    const plain = (await side.handle({ type: 'render', id: 1, generation: 1, pages: [page('/')] }))!;
    const [sent] = (plain.reply as Rendered).rendered as [RenderedBytes];
    expect(Buffer.from(sent.body).equals(linked)).toBe(true);
    expect(sent.styles).toEqual([{ from: 6, to: 53, key: 'site.css:x' }]);
    const compressed = (await side.handle({ type: 'render', id: 2, generation: 1, pages: [page('/')], compress: { brotliQuality: 5, gzipLevel: 6 } }))!;
    const [built] = (compressed.reply as Rendered).rendered as [RenderedBytes];
    expect(built.styles).toBeUndefined();
    expect(Buffer.from(built.body).toString()).toMatch(/^<head><style>p\[data-astro-cid-x\]\{margin:0\}<\/style><\/head><p data-astro-cid-x>/);
    expect(gunzipSync(Buffer.from(built.gzip!)).equals(Buffer.from(built.body))).toBe(true);
  });

  it('the pool gives the server pieces that share the style, and join to the inlined page', async () => {
    const pool = createRenderPool({ script: new URL('../fixtures/render-workers/echo.mjs', import.meta.url).href, serverEntry: 'file:///unused' }, 1);
    try {
      const generation = await pool.prepare(snapshot, snapshot.paths());
      const [first, second] = await pool.render([page('/styled/'), page('/styled/')], generation);
      expect(Array.isArray(first!.body)).toBe(true);
      expect(joinedPage(first!.body).toString()).toBe('<style>p{margin:0}</style><p>Styled</p>');
      expect((first!.body as Buffer[])[1]).toBe((second!.body as Buffer[])[1]);
    } finally {
      await pool.reset();
    }
  });

  it('fails the publication, without rendering again on the server\'s thread, when the server cannot put a worker\'s style in place', async () => {
    const pool = createRenderPool({ script: new URL('../fixtures/render-workers/echo.mjs', import.meta.url).href, serverEntry: 'file:///unused' }, 1);
    try {
      const generation = await pool.prepare(snapshot, snapshot.paths());
      await expect(pool.render([page('/unstyled/')], generation)).rejects.toThrow(PageStylesError);
      // A warm-up's pages are not kept, so not put together either.
      await expect(pool.warmUp(() => [page('/unstyled/')], generation)).resolves.toBeUndefined();
      let onThread = 0;
      const pages = new Map(Array.from({ length: 20 }, (_, index) => [`/p-${index}`, page(index === 7 ? '/unstyled/' : `/p-${index}/`)]));
      const rendering = renderPages({ pages, context: { snapshot }, readable: snapshot.paths() }, async () => ((onThread += 1), { status: 200, body: Buffer.from('') }), pool, () => {});
      await expect(rendering).rejects.toThrow('The stylesheet missing.css cannot be inlined any more');
      expect(onThread).toBe(0);
    } finally {
      await pool.reset();
    }
  });

  it('refuses splices out of order or past the page rather than repeat or lose bytes', () => {
    const linked = Buffer.from('<link rel="stylesheet" href="/_astro/echo.css">');
    expect(() => joinedPage(splicedPiecesOf(linked, [{ from: 0, to: 99, key: 'echo.css:' }]))).toThrow(PageStylesError);
    expect(() => splicedPiecesOf(linked, [{ from: 10, to: 20, key: 'echo.css:' }, { from: 5, to: 8, key: 'echo.css:' }])).toThrow('out of order');
  });
});
