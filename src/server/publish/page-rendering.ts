/**
 * How a publication renders its changed pages: on the render workers
 * (render-pool.ts) when there are many, on the server's own thread when there
 * are few (bringing the workers' copies of the snapshot up to date and a
 * round trip cost more than rendering a few pages here), and on the server's
 * thread again if the workers cannot start, so a failed thread costs time,
 * never the publication. A worker stuck on its pages is stopped, and its
 * pages (or those of a worker that crashed, or answered that it failed) are
 * tried again one at a time on the workers, never on the server's thread
 * (which nothing could stop): a page that stops a worker on its own is then
 * refused, as a page that renders to an error is, and the rest are published.
 */
import type { ContentSnapshot } from '../../engine/snapshot';
import type { LiveRenderContext } from '../render-context';
import { RenderTimeoutError, WorkerStoppedError, type RenderedInWorker, type RenderPool } from './render-pool';
import type { Compression, PageToRender } from './render-worker-side';
import { FeedFailed, letRequestsThrough, PageFeed } from './page-feed';
import { joinedPage } from './page-bytes';
import { PageStylesError } from './page-styles';

/** Pages rendered at once on the server's thread: rendering is CPU-bound, this only overlaps the waits (reading images' bytes). */
const IN_PROCESS_CONCURRENCY = 4;
/** Pages a worker is asked for in one message: the server's thread takes in a reply per batch, not per page. */
const WORKER_BATCH_PAGES = 8;
/** Up to this many pages, a publication renders on the server's thread. */
export const IN_PROCESS_MAX_PAGES = 16;

type Entry = [key: string, page: PageToRender];

export type RenderOnThread = (path: string, context: LiveRenderContext) => Promise<RenderedInWorker>;

export interface PagesToRender {
  /**
   * The pages (`path` is where visitors get them: `/`, `/about/`), by the key each result is
   * stored under; a feed while planning still finds them.
   */
  pages: Iterable<Entry> | PageFeed<Entry>;
  context: LiveRenderContext & { snapshot: ContentSnapshot };
  /** Every file the snapshot can read (a public snapshot lists fewer, src/engine/publication.ts). */
  readable: Iterable<string>;
  /**
   * Takes a page that rendered to an error, by its key, with why (`stuck`: a worker stopped over it
   * alone, stuck once or failed twice, so it would again): live publishing keeps that page's previous
   * version and publishes the rest. Without it (the build) such a page fails them all.
   */
  refuse?: (key: string, reason: string, stuck: boolean) => void;
}

/** A page that rendered to an error: it would on any thread, so it fails the publication as it is. */
class PageRenderError extends Error {}

/** What took a rendered page failed (writing its file, in the build): not the workers' fault, so it is no reason to render again. */
class TakeError extends Error {}

/**
 * Takes each page as it is rendered, by its key (a page may come twice when the workers fail and
 * the server's thread renders every page again). What it returns is waited for before more pages
 * are asked for, so a slow taker holds back the rendering rather than piling pages up.
 */
export type TakeRendered = (key: string, rendered: RenderedInWorker) => void | Promise<void>;

/** Why the page at `path` rendered to an error, in words; the error page's opening says the rest, if anything. */
export function renderFailure(path: string, { status, body }: RenderedInWorker): string {
  const opening = joinedPage(body).toString('utf8', 0, 300).trim();
  // An error page in HTML (the site's 500 page) says nothing of why: quoted, it was 300 characters of markup.
  const said = opening.startsWith('<') ? '' : opening;
  return `Rendering the page at ${path} failed (${status})${said ? `: ${said}` : ': a view threw while rendering it (the server log has the error)'}`;
}

/** `rendered`, the page at `path`; throws when it rendered to an error, which fails its publication. */
export function renderedPage(path: string, rendered: RenderedInWorker): RenderedInWorker {
  if (rendered.status !== 200) throw new PageRenderError(renderFailure(path, rendered));
  return rendered;
}

/**
 * The workers failed otherwise in a publication where a worker stopped: rendering on the server's
 * thread instead could meet a page a worker got stuck on (perhaps not yet known to be) and hold
 * the server for ever, or one that crashed a worker, so the publication fails.
 */
class StoppedPublication extends Error {
  constructor(cause: unknown) {
    super(`A render worker stopped, and rendering on the workers then failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** Stand-ins for pages that stopped a worker alone (stuck, or crashed it twice): they fail as a page that renders to an error does, saying why. */
const stuckPages = new WeakSet<RenderedInWorker>();

/**
 * Renders a batch on the workers. When a worker stops holding it (stuck, or crashed), which of the
 * pages it held (this batch's, and perhaps another's) did it is not known: each page of the batch
 * is then tried again alone, on a worker that holds nothing else (RenderPool.renderAlone; one is
 * started in place of the stopped one). A page a worker stops over then did it on its own: it
 * comes back failed, with why, and the rest render.
 */
async function renderOnWorkers(batch: PageToRender[], pool: RenderPool, generation: number, compress: Compression | undefined, publication: { workerStopped: boolean }): Promise<RenderedInWorker[]> {
  try {
    return await pool.render(batch, generation, compress);
  } catch (error) {
    if (!(error instanceof WorkerStoppedError)) throw error;
    publication.workerStopped = true;
  }
  const rendered: RenderedInWorker[] = [];
  for (const page of batch) rendered.push(await renderAloneOrRefuse(page, pool, generation, compress));
  return rendered;
}

/**
 * A page rendered alone, or, when it stops its worker (or the worker fails over it), failed, with
 * why. Stuck, once is enough (each try costs the timeout). Crashed or failed, it is tried a second
 * time, on the least used worker (one started in place of the one it stopped), so that a worker
 * that failed of its own accord (its memory full) does not make the page it happened to hold be refused.
 */
async function renderAloneOrRefuse(page: PageToRender, pool: RenderPool, generation: number, compress: Compression | undefined): Promise<RenderedInWorker> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const [rendered] = await pool.renderAlone(page, generation, compress);
      return rendered!;
    } catch (error) {
      if (!(error instanceof WorkerStoppedError)) throw error;
      if (attempt < 2 && !(error instanceof RenderTimeoutError)) continue;
      const failed: RenderedInWorker = { status: error instanceof RenderTimeoutError ? 504 : 500, body: Buffer.from(error.message) };
      stuckPages.add(failed);
      return failed;
    }
  }
}

/** Renders a batch and hands each page to `take`; a page that rendered to an error goes to `refuse`, or fails it. */
async function renderBatch(batch: Entry[], render: (pages: PageToRender[]) => Promise<RenderedInWorker[]>, take: TakeRendered, refuse?: PagesToRender['refuse']) {
  const rendered = await render(batch.map(([, page]) => page));
  const good = batch.flatMap(([key, page], index): [string, RenderedInWorker][] => {
    const result = rendered[index]!;
    if (result.status === 200) return [[key, result]];
    if (!refuse) renderedPage(page.path, result);
    refuse?.(key, renderFailure(page.path, result), stuckPages.has(result));
    return [];
  });
  await Promise.all(good.map(async ([key, result]) => take(key, result))).catch((error: unknown) => {
    throw new TakeError(error instanceof Error ? error.message : String(error), { cause: error });
  });
}

/** Renders the feed's pages `size` at a time, `limit` batches at once; after a failure no batch is started, since the publication has failed. */
async function renderFed(feed: PageFeed<Entry>, size: number, limit: number, render: (pages: PageToRender[]) => Promise<RenderedInWorker[]>, take: TakeRendered, refuse?: PagesToRender['refuse']) {
  let failed = false;
  const renderer = async () => {
    for (let batch = await feed.take(size); batch && !failed; batch = await feed.take(size)) {
      try {
        await renderBatch(batch, render, take, refuse);
      } catch (error) {
        failed = true;
        throw error;
      }
      await letRequestsThrough();
    }
  };
  await Promise.all(Array.from({ length: limit }, renderer));
}

/**
 * Renders every page and hands each to `take`; returns where they were rendered. Throws when a page
 * does not render (the publication then fails whole). `compress` has the workers compress each page
 * too (the build); pages rendered on the server's thread come without their compressed forms.
 */
export async function renderPages(toRender: PagesToRender, onThread: RenderOnThread, pool: RenderPool | undefined, take: TakeRendered, compress?: Compression): Promise<string> {
  try {
    return await renderFrom(toRender, onThread, pool, take, compress);
  } catch (error) {
    // Planning failed, or what took the pages did: their own errors (a file system's ENOSPC, say).
    throw error instanceof FeedFailed || error instanceof TakeError ? error.cause : error;
  }
}

async function renderFrom({ pages, context, readable, refuse }: PagesToRender, onThread: RenderOnThread, pool: RenderPool | undefined, take: TakeRendered, compress: Compression | undefined): Promise<string> {
  const feed = pages instanceof PageFeed ? pages : PageFeed.of(pages);
  if (pool && (await feed.moreThan(IN_PROCESS_MAX_PAGES))) {
    const publication = { workerStopped: false };
    try {
      const generation = await pool.prepare(context.snapshot, readable);
      await renderFed(feed, WORKER_BATCH_PAGES, pool.capacity, (batch) => renderOnWorkers(batch, pool, generation, compress, publication), take, refuse);
      return 'on the render workers';
    } catch (error) {
      // A page that broke, or a worker stuck on a page, would do the same on the server's thread (which could not be stopped);
      // a stylesheet this thread cannot inline would be left out there too.
      if (error instanceof PageRenderError || error instanceof RenderTimeoutError || error instanceof PageStylesError) throw error;
      // Not the workers' fault either: what took the pages failed, or planning did.
      if (error instanceof TakeError || error instanceof FeedFailed) throw error;
      if (publication.workerStopped) throw new StoppedPublication(error);
      console.error(`Rendering on the render workers failed; rendering on the server's thread instead. ${error instanceof Error ? error.message : error}`);
      await pool.reset();
    }
  }
  await renderFed(PageFeed.of(await feed.all()), 1, IN_PROCESS_CONCURRENCY, async ([page]) => [await onThread(page!.path, context)], take, refuse);
  return "on the server's thread";
}

/**
 * After a publication is live, without waiting: brings the workers' copies up to its snapshot,
 * so the next large publication sends only what changes and finds its workers started, and has
 * workers that never rendered render some of its pages once (RenderPool.warmUp).
 */
export function warmRenderWorkers(pool: RenderPool | undefined, snapshot: ContentSnapshot, readable: Iterable<string>, pages: (count: number) => PageToRender[]): void {
  if (!pool) return;
  pool.prepare(snapshot, readable).then(
    async (generation) => {
      try {
        await pool.warmUp(pages, generation);
      } catch (error) {
        // A worker that failed is gone; the next publication starts another.
        console.error(`A render worker failed while warming up. ${error instanceof Error ? error.message : error}`);
      }
    },
    (error: unknown) => {
      console.error(`The render workers could not be started; publications render on the server's thread until they can. ${error instanceof Error ? error.message : error}`);
      void pool.reset();
    },
  );
}
