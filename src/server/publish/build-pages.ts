/**
 * The build's visitor pages, made the way the production server publishes a
 * change: the server build plans the publication (build-plan.ts: every page's
 * bundle and render key), the render workers render the pages from those
 * bundles and compress each one on their own threads, and the build's thread
 * only writes the files. Before, Astro's prerenderer rendered page after page
 * on the build's one thread, resolving each page again as it went, and zlib
 * compressed them beside it; docs/architecture.md has the measurements.
 * Sites of a few pages, and machines of one core, render on the build's
 * thread (page-rendering.ts), and precompress.mjs compresses those pages after.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { PAGE_COMPRESSION, wroteCompressed } from '../../../server/precompress.mjs';
import { ENCODING_SUFFIX } from '../../../server/negotiation.mjs';
import { byteLengthOf } from '../../../server/compression.mjs';
import { countSectionsRenderedElsewhere } from '../../lib/section-cache';
import { pageWritten } from '../../lib/images/integration';
import type { BuildPlanning } from './live-page-renderer';
import type { PublishedSite } from './published-pages';
import type { PageToRender } from './render-worker-side';
import { planWhileRendering } from './page-feed';
import { renderPages, type RenderOnThread } from './page-rendering';
import { createRenderPool, type RenderedInWorker, type RenderWorkerFiles } from './render-pool';
import { joinedPage } from './page-bytes';
import { viewRangesOf, type PageInFile } from './page-layout';

/**
 * The build's publication, which the production server starts from (server/live-site.mjs): every
 * page's bundle, render key and path, in dist/server/, never in the static folder, where any URL
 * spelling could reach it.
 */
export const PAGE_BUNDLES_FILE = 'page-bundles.json';

/** The file a page is written to under the static folder, from where it is served (`/`, `/about`, `/404.html`). */
export function fileOfPage(path: string): string {
  if (path === '/') return 'index.html';
  return path.endsWith('.html') ? path.slice(1) : `${path.slice(1)}/index.html`;
}

export interface PageWriting {
  /** The static folder (dist/client). */
  clientDir: string;
  renderOnThread: RenderOnThread;
  workerFiles: RenderWorkerFiles;
  /** Render workers to start; 0 renders every page on the build's thread. */
  workers: number;
}

/**
 * Pages whose files may be being written at once. Writing a page waits on the file system (making
 * a file can take a millisecond or more), and a taker that waited for it would hold up the
 * workers' next pages; writes that never waited would pile every page up in memory instead.
 */
const PAGES_BEING_WRITTEN = 64;

/** Takes pages without waiting for their writes, up to PAGES_BEING_WRITTEN at once; the first failure fails the next take, or the drain. */
function writingBehind(write: (path: string, rendered: RenderedInWorker) => Promise<void>) {
  const pending = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const throwIfFailed = () => {
    if (failure) throw failure.error;
  };
  return {
    async take(path: string, rendered: RenderedInWorker) {
      throwIfFailed();
      const writing: Promise<void> = write(path, rendered)
        .catch((error: unknown) => void (failure ??= { error }))
        .finally(() => pending.delete(writing));
      pending.add(writing);
      if (pending.size >= PAGES_BEING_WRITTEN) await Promise.race(pending);
      throwIfFailed();
    },
    async drain() {
      await Promise.all(pending);
      throwIfFailed();
    },
  };
}

export interface BuiltPages {
  published: PublishedSite;
  /** Where each page's views and styles are in its file, for the pages rendered on the render workers. */
  layouts: ReadonlyMap<string, PageInFile>;
  /** Where the pages were rendered, and how long planning took and rendering (which starts with the first pages planned), for the build's log. */
  where: string;
  planMs: number;
  renderMs: number;
}

/** Plans the build's publication and renders and writes every page of it, each as soon as it is planned. */
export async function buildVisitorPages(planBuild: () => Promise<BuildPlanning>, { clientDir: folder, renderOnThread, workerFiles, workers }: PageWriting): Promise<BuiltPages> {
  const clientDir = resolve(folder);
  const writer = writingBehind(async (path, { body: bytes, br, gzip }) => {
    const body = joinedPage(bytes);
    const file = join(clientDir, fileOfPage(path));
    // Slugs are checked when content is read; a page is still never written outside the folder.
    if (!file.startsWith(clientDir + sep)) throw new Error(`The page at ${path} would be written outside ${clientDir}`);
    await mkdir(dirname(file), { recursive: true });
    // The page first: the server takes a compressed copy older than its page for a stale one, and sends the page instead.
    await writeFile(file, body);
    await Promise.all([br && writeFile(file + ENCODING_SUFFIX.br, br), gzip && writeFile(file + ENCODING_SUFFIX.gzip, gzip)]);
    if (br || gzip) wroteCompressed(file, body.length, (br ?? body).length);
    pageWritten(file, body.toString('utf8'));
  });
  // A page comes twice when the workers fail and the build's thread renders every page again; the first is kept (the same bytes, and its compressed copies).
  const written = new Set<string>();
  const layouts = new Map<string, PageInFile>();
  const take = (path: string, rendered: RenderedInWorker) => {
    if (written.has(path)) return undefined;
    written.add(path);
    // Where its views are, for page-bundles.json: the server can then make it from its pieces (publication-layouts.ts).
    if (rendered.viewPieces && !Buffer.isBuffer(rendered.body)) layouts.set(path, { size: byteLengthOf(rendered.body), views: viewRangesOf(rendered.body, rendered.viewPieces), styles: rendered.inlinedStyles ?? [] });
    return writer.take(path, rendered);
  };
  const started = performance.now();
  const pool = workers > 0 ? createRenderPool(workerFiles, workers) : undefined;
  try {
    // The workers load the server build while this thread plans.
    pool?.start();
    const { context, readable, plan } = await planBuild();
    let planned = started;
    const [published, where] = await planWhileRendering(
      (push: (entry?: [string, PageToRender]) => void) =>
        plan((key, page) => push([key, page])).then((site) => {
          planned = performance.now();
          return site;
        }),
      (feed) => renderPages({ pages: feed, context, readable }, renderOnThread, pool, take, PAGE_COMPRESSION),
    );
    await writer.drain();
    // A fallback's pages were rendered (and counted) again on this thread: the workers' counts are for a build they rendered.
    if (pool && where === 'on the render workers') countSectionsRenderedElsewhere(pool.sectionCacheCounts());
    return { published, layouts, where, planMs: planned - started, renderMs: performance.now() - started };
  } finally {
    await pool?.reset();
  }
}
