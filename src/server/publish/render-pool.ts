/**
 * Render workers: threads that each load the server build
 * (server/render-worker.mjs) and render pages, for the production server's
 * live publishing, so a change that every page shows renders on every core
 * rather than on the server's one thread, which keeps answering visitors
 * meanwhile, and for the build, which renders (and compresses) every page on
 * them (build-pages.ts).
 *
 * Each worker keeps a copy of the publication's snapshot, brought up to date
 * a change at a time (snapshot-mirror.ts); a render names the snapshot it is
 * for, and a worker holding another refuses it. Workers start on first use and
 * are replaced after any failure. docs/architecture.md has the trade-offs.
 */
import type { ContentSnapshot } from '../../engine/snapshot';
import type { Compression, PageToRender, RenderWorkerReply, RenderWorkerRequest } from './render-worker-side';
import { addSectionCounts, type SectionCacheStats } from '../../lib/section-cache';
import { deltaFor } from './snapshot-mirror';
import { startRenderWorker, type RenderWorker } from './render-worker-thread';
import { WorkerChoice } from './worker-choice';
import type { PageBytes } from './page-bytes';
import { piecesOf, type StyleSplice } from './page-styles';
import { RENDER_REQUEST_TIMEOUT_MS, RenderTimeoutError, WARM_UP_BATCH_PAGES, WARM_UP_PAGES_PER_WORKER, WORKER_START_TIMEOUT_MS, WorkerStoppedError } from './render-limits';

/** Requests a worker is given at once: enough to keep it busy while the server's thread takes in its replies. */
const IN_FLIGHT_PER_WORKER = 2;
export { RENDER_REQUEST_TIMEOUT_MS, RenderTimeoutError, WARM_UP_BATCH_PAGES, WARM_UP_PAGES_PER_WORKER, WORKER_START_TIMEOUT_MS, WorkerStoppedError } from './render-limits';

export interface RenderWorkerFiles {
  /** server/render-worker.mjs, as a file URL. */
  script: string;
  /** The server build's entry (dist/server/entry.mjs), as a file URL. */
  serverEntry: string;
}

export interface RenderedInWorker {
  status: number;
  /** Pieces when a worker sent the page without compressing it (RenderedBytes). */
  body: PageBytes;
  /** Which of the pieces are the page's sections' views, in order, when the render marked them (page-styles.ts piecesOf). */
  viewPieces?: number[];
  /** A page compressed for the build: where the `<style>`s it was given are in it (RenderedBytes). */
  inlinedStyles?: StyleSplice[];
  /** Its compressed forms, when the render asked for them (and each is smaller). */
  br?: Buffer<ArrayBuffer>;
  gzip?: Buffer<ArrayBuffer>;
}

export interface RenderPool {
  /** Requests at once across the workers. */
  readonly capacity: number;
  /** Starts the workers now if they are not running, so that their loading overlaps other work. */
  start(): void;
  /** Starts the workers if need be and brings their copies to `snapshot`; returns the name renders use. */
  prepare(snapshot: ContentSnapshot, readable: Iterable<string>): Promise<number>;
  /**
   * `pages`, in their order, rendered from the snapshot `prepare` named `generation` (and compressed,
   * if asked). A worker stopped since that `prepare` is first replaced, with a copy of that snapshot.
   */
  render(pages: PageToRender[], generation: number, compress?: Compression): Promise<RenderedInWorker[]>;
  /**
   * As `render`, for one page, on a worker that holds nothing else meanwhile: when it is stopped as
   * stuck, this page alone held it. Goes before any `render` asked for after it.
   */
  renderAlone(page: PageToRender, generation: number, compress?: Compression): Promise<RenderedInWorker[]>;
  /**
   * Has each worker that never rendered render a share of `pages(count)`, the first `count` pages
   * of the publication `generation` names (up to WARM_UP_PAGES_PER_WORKER each), a few at a time,
   * and throw them away. A render asked for meanwhile goes first: no more warm-up pages are sent
   * once one is, nor once the worker's copy is a later one. Rejects only when a worker stopped.
   */
  warmUp(pages: (count: number) => PageToRender[], generation: number): Promise<void>;
  /** Stops every worker: the next `prepare` starts new ones, with the whole snapshot. */
  reset(): Promise<void>;
  /** The section cache counts of every worker this pool ran, as of their last replies. */
  sectionCacheCounts(): SectionCacheStats;
}

export function createRenderPool(files: RenderWorkerFiles, count: number, { requestTimeoutMs = RENDER_REQUEST_TIMEOUT_MS, startTimeoutMs = WORKER_START_TIMEOUT_MS } = {}): RenderPool {
  let workers: RenderWorker[] = [];
  const generations = new WeakMap<ContentSnapshot, number>();
  let lastGeneration = 0;
  let lastRequest = 0;
  /** Renders asked for by publications, so far: a warm-up stops once this changes. */
  let publicationRenders = 0;
  /** Each worker's section cache counts from its last reply, by the worker's number; kept after it stops. */
  const sectionCounts = new Map<number, SectionCacheStats>();
  let lastWorker = 0;
  /** The snapshot `prepare` last brought the workers to: one started in place of a stopped worker is brought to it too. */
  let latest: { snapshot: ContentSnapshot; paths: string[]; generation: number } | undefined;
  /** Workers being started in place of stopped ones: no render goes to any worker until they hold the snapshot. */
  let replacing: Promise<unknown> | undefined;
  const choice = new WorkerChoice(
    () => workers,
    async (generation) => {
      if (!replacing && workers.length < count && latest?.generation === generation) {
        replacing = pool.prepare(latest.snapshot, latest.paths).finally(() => (replacing = undefined));
      }
      await replacing;
    },
  );

  function stopped(worker: RenderWorker, error: Error) {
    workers = workers.filter((other) => other !== worker);
    // Emptied first: each rejection settles its request, and the watchdog must not start again over the others.
    const held = [...worker.pending.values()];
    worker.pending.clear();
    clearTimeout(worker.watchdog);
    const failure = error instanceof WorkerStoppedError ? error : new WorkerStoppedError(error.message);
    for (const { reject } of held) reject(failure);
    choice.released(worker);
  }

  /** Starts the worker's watchdog again when it holds requests (after an answer, or when sent work while idle); clears it when not. */
  function watch(worker: RenderWorker) {
    clearTimeout(worker.watchdog);
    worker.watchdog = undefined;
    if (worker.pending.size === 0) return;
    const watchdog = setTimeout(() => {
      // Not before the replies already waiting are taken in: timers run before the messages that
      // arrived meanwhile, so a server thread held up past the deadline would blame a worker that answered.
      setImmediate(() => {
        if (worker.watchdog !== watchdog) return;
        const paths = [...worker.pending.values()].flatMap((request) => request.paths);
        // Out of the pool at once, so nothing more is sent to it; which of its pages holds it up is not known here.
        stopped(worker, new RenderTimeoutError(`A render worker answered nothing for more than ${requestTimeoutMs / 1000} s over the pages at ${paths.join(', ')} and was stopped`));
        void worker.thread.terminate();
      });
    }, requestTimeoutMs);
    watchdog.unref();
    worker.watchdog = watchdog;
  }

  /** Up to `count` workers; throws when a thread cannot even be made. */
  const startWorkers = () => {
    while (workers.length < count) workers.push(startRenderWorker(files, (lastWorker += 1), startTimeoutMs, stopped));
  };

  const post = (worker: RenderWorker, request: RenderWorkerRequest) => worker.thread.postMessage(request);

  /** Sends `pages` to `worker` and waits for its answer (see RENDER_REQUEST_TIMEOUT_MS); a warm-up's pages are not kept. */
  function request(worker: RenderWorker, pages: PageToRender[], generation: number, { compress, warmUp = false }: { compress?: Compression; warmUp?: boolean } = {}): Promise<RenderedInWorker[]> {
    const id = ++lastRequest;
    return new Promise<RenderWorkerReply>((resolve, reject) => {
      const settle = (then: () => void) => {
        worker.pending.delete(id);
        watch(worker);
        // A worker rendering a page alone holds only that page.
        choice.released(worker);
        then();
      };
      const paths = pages.map((page) => page.path);
      worker.pending.set(id, { paths, resolve: (reply) => settle(() => resolve(reply)), reject: (error) => settle(() => reject(error)) });
      if (worker.pending.size === 1) watch(worker);
      try {
        post(worker, { type: 'render', id, generation, pages, ...(compress && { compress }) });
      } catch (error) {
        settle(() => reject(error));
      }
    }).then((reply) => {
      // A worker that answers with an error failed over the request as a crash does (render-limits.ts).
      if ('error' in reply) throw new WorkerStoppedError(`A render worker could not render the pages at ${pages.map((page) => page.path).join(', ')}: ${reply.error}`);
      worker.answered += pages.length;
      sectionCounts.set(worker.number, reply.sectionCache);
      if (warmUp) return [];
      return reply.rendered.map(({ status, body, styles, views, inlinedStyles, br, gzip }) => ({ status, ...renderedBody(Buffer.from(body), styles, views), ...(inlinedStyles && { inlinedStyles }), ...(br && { br: Buffer.from(br) }), ...(gzip && { gzip: Buffer.from(gzip) }) }));
    });
  }

  /** Renders a publication's pages: on the idlest worker, or one that holds nothing else (`forOnePage`). */
  function renderOn(pages: PageToRender[], generation: number, compress: Compression | undefined, forOnePage: boolean) {
    publicationRenders += 1;
    return choice.send(generation, forOnePage, (worker) => {
      // A worker that rendered a publication's pages needs no warm-up after it.
      worker.warmed = true;
      return request(worker, pages, generation, { compress });
    });
  }

  const pool: RenderPool = {
    capacity: count * IN_FLIGHT_PER_WORKER,
    start() {
      try {
        startWorkers();
      } catch {
        // A thread that cannot even be made (new Worker throws): the next prepare tries again, and says why.
      }
    },
    async prepare(snapshot, readable) {
      let generation = generations.get(snapshot);
      if (generation === undefined) generations.set(snapshot, (generation = ++lastGeneration));
      startWorkers();
      const paths = [...readable];
      if (generation >= (latest?.generation ?? 0)) latest = { snapshot, paths, generation };
      await Promise.all(workers.map((worker) => worker.ready));
      for (const worker of workers) {
        // A later snapshot may have been sent meanwhile (publications run one at a time, warm-ups do not wait).
        if (worker.generation >= generation) continue;
        post(worker, { type: 'sync', delta: deltaFor(worker.sent, snapshot, paths, generation) });
        worker.generation = generation;
      }
      return generation;
    },
    render: (pages, generation, compress) => renderOn(pages, generation, compress, false),
    renderAlone: (page, generation, compress) => renderOn([page], generation, compress, true),
    async warmUp(pages, generation) {
      const started = publicationRenders;
      const cold = workers.filter((worker) => !worker.warmed && worker.generation === generation);
      // Asked for after every publication, but only a new worker needs the pages listed.
      if (cold.length === 0) return;
      const site = pages(cold.length * WARM_UP_PAGES_PER_WORKER);
      await Promise.all(
        cold.map(async (worker, index) => {
          worker.warmed = true;
          const share = site.filter((_, position) => position % cold.length === index).slice(0, WARM_UP_PAGES_PER_WORKER);
          // Until a publication asks for pages, the worker is stopped, or a small publication (rendered
          // on the server's thread) moves its copy on: a worker takes the bundles it is sent as its
          // copy's (src/lib/content.ts adoptBundle), and these are the earlier publication's.
          for (let next = 0; next < share.length && publicationRenders === started && workers.includes(worker) && worker.generation === generation; next += WARM_UP_BATCH_PAGES) {
            // The pages are thrown away, so one that no longer renders is passed over.
            await request(worker, share.slice(next, next + WARM_UP_BATCH_PAGES), generation, { warmUp: true }).catch((error: unknown) => {
              if (!workers.includes(worker)) throw error;
            });
          }
        }),
      );
    },
    async reset() {
      const stopping = workers;
      workers = [];
      latest = undefined;
      choice.released();
      await Promise.all(stopping.map((worker) => worker.thread.terminate()));
    },
    sectionCacheCounts() {
      return [...sectionCounts.values()].reduce(addSectionCounts, { hits: 0, misses: 0, entries: 0, chars: 0 });
    },
  };
  return pool;
}

/** A page's body as the server's thread keeps it: pieces that share their styles, each view a piece when the page says where they are. */
export function renderedBody(page: Buffer<ArrayBuffer>, styles: readonly StyleSplice[] | undefined, views: readonly number[] | undefined): Pick<RenderedInWorker, 'body' | 'viewPieces'> {
  if (!styles?.length && !views) return { body: page };
  const { pieces, viewPieces } = piecesOf(page, styles ?? [], views);
  return viewPieces ? { body: pieces, viewPieces } : { body: pieces };
}
