/**
 * The production server's render workers: threads that each load the server
 * build (server/render-worker.mjs) and render pages for live publishing, so a
 * change that every page shows renders on every core rather than on the
 * server's one thread, which keeps answering visitors meanwhile.
 *
 * Each worker keeps a copy of the publication's snapshot, brought up to date
 * a change at a time (snapshot-mirror.ts); a render names the snapshot it is
 * for, and a worker holding another refuses it. Workers start on first use and
 * are replaced after any failure. docs/architecture.md has the trade-offs.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ContentSnapshot } from '../../engine/snapshot';
import { LIVE_RENDER_PREFIX } from '../../lib/visitor-path';
import type { PageToRender, RenderWorkerReply, RenderWorkerRequest } from './render-worker-side';
import { deltaFor, type SentFiles } from './snapshot-mirror';

/** Requests a worker is given at once: enough to keep it busy while the server's thread takes in its replies. */
const IN_FLIGHT_PER_WORKER = 2;

export interface RenderWorkerFiles {
  /** server/render-worker.mjs, as a file URL. */
  script: string;
  /** The server build's entry (dist/server/entry.mjs), as a file URL. */
  serverEntry: string;
}

export interface RenderedInWorker {
  status: number;
  body: Buffer<ArrayBuffer>;
}

interface RenderWorker {
  thread: Worker;
  ready: Promise<void>;
  /** What this worker's copy of the snapshot holds, and which snapshot it is. */
  sent: SentFiles;
  generation: number;
  pending: Map<number, { resolve: (reply: RenderWorkerReply) => void; reject: (error: Error) => void }>;
}

export interface RenderPool {
  /** Requests at once across the workers. */
  readonly capacity: number;
  /** Starts the workers if need be and brings their copies to `snapshot`; returns the name renders use. */
  prepare(snapshot: ContentSnapshot, readable: Iterable<string>): Promise<number>;
  /** `pages`, in their order, rendered from the snapshot `prepare` named `generation`. */
  render(pages: PageToRender[], generation: number): Promise<RenderedInWorker[]>;
  /** Stops every worker: the next `prepare` starts new ones, with the whole snapshot. */
  reset(): Promise<void>;
}

export function createRenderPool(files: RenderWorkerFiles, count: number): RenderPool {
  let workers: RenderWorker[] = [];
  const generations = new WeakMap<ContentSnapshot, number>();
  let lastGeneration = 0;
  let lastRequest = 0;

  function stopped(worker: RenderWorker, error: Error) {
    workers = workers.filter((other) => other !== worker);
    for (const { reject } of worker.pending.values()) reject(error);
    worker.pending.clear();
  }

  function start(): RenderWorker {
    const thread = new Worker(fileURLToPath(files.script), { workerData: { serverEntry: files.serverEntry, livePath: `${LIVE_RENDER_PREFIX}/` } });
    thread.unref();
    const worker: RenderWorker = { thread, ready: Promise.resolve(), sent: new Map(), generation: 0, pending: new Map() };
    worker.ready = new Promise<void>((resolve, reject) => {
      thread.on('message', (message: RenderWorkerReply | { ready: true }) => {
        if ('ready' in message) return resolve();
        const waiting = worker.pending.get(message.id);
        worker.pending.delete(message.id);
        waiting?.resolve(message);
      });
      thread.on('error', (error) => {
        const failure = new Error(`A render worker failed: ${error.message}`);
        reject(failure);
        stopped(worker, failure);
      });
      thread.on('exit', (code) => {
        const failure = new Error(`A render worker stopped (exit code ${code})`);
        reject(failure);
        stopped(worker, failure);
      });
    });
    // Nobody may be waiting yet; the failure is reported to whoever prepares or renders next.
    worker.ready.catch(() => {});
    return worker;
  }

  const post = (worker: RenderWorker, request: RenderWorkerRequest) => worker.thread.postMessage(request);

  return {
    capacity: count * IN_FLIGHT_PER_WORKER,
    async prepare(snapshot, readable) {
      let generation = generations.get(snapshot);
      if (generation === undefined) generations.set(snapshot, (generation = ++lastGeneration));
      while (workers.length < count) workers.push(start());
      const paths = [...readable];
      await Promise.all(workers.map((worker) => worker.ready));
      for (const worker of workers) {
        // A later snapshot may have been sent meanwhile (publications run one at a time, warm-ups do not wait).
        if (worker.generation >= generation) continue;
        post(worker, { type: 'sync', delta: deltaFor(worker.sent, snapshot, paths, generation) });
        worker.generation = generation;
      }
      return generation;
    },
    render(pages, generation) {
      const worker = workers.reduce<RenderWorker | undefined>((idlest, candidate) => (!idlest || candidate.pending.size < idlest.pending.size ? candidate : idlest), undefined);
      if (!worker) return Promise.reject(new Error('No render worker is running'));
      const id = ++lastRequest;
      return new Promise<RenderWorkerReply>((resolve, reject) => {
        worker.pending.set(id, { resolve, reject });
        post(worker, { type: 'render', id, generation, pages });
      }).then((reply) => {
        if ('error' in reply) throw new Error(reply.error);
        return reply.rendered.map(({ status, body }) => ({ status, body: Buffer.from(body) }));
      });
    },
    async reset() {
      const stopping = workers;
      workers = [];
      await Promise.all(stopping.map((worker) => worker.thread.terminate()));
    },
  };
}
