/**
 * One render worker's thread, as the render pool (render-pool.ts) holds it:
 * started with the server build to load, ready once it says so, and taken out
 * of the pool when it fails, stops, or does not start in time.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { LIVE_RENDER_PREFIX } from '../../lib/visitor-path';
import type { RenderWorkerFiles } from './render-pool';
import type { RenderWorkerReply } from './render-worker-side';
import type { SentFiles } from './snapshot-mirror';

export interface RenderWorker {
  number: number;
  thread: Worker;
  ready: Promise<void>;
  /** What this worker's copy of the snapshot holds, and which snapshot it is. */
  sent: SentFiles;
  generation: number;
  /** Requests sent and not answered, by id, with the paths of their pages. */
  pending: Map<number, { paths: string[]; resolve: (reply: RenderWorkerReply) => void; reject: (error: Error) => void }>;
  /** Runs out when the worker, holding requests, answered none for the pool's request timeout (render-pool.ts). */
  watchdog?: NodeJS.Timeout;
  /** Whether it was given its warm-up pages (it may still be rendering them). */
  warmed: boolean;
  /** Pages it answered for so far: a page rendered alone goes to the least used idle worker. */
  answered: number;
}

/**
 * The Node options a worker is started with: the process's, as a worker takes them by default,
 * except `--input-type`, with which a thread started from code run by `node --input-type=module -e`
 * (the benchmark's builds) would refuse to start. Only then are they given explicitly: given
 * explicitly, options a thread cannot take (`--max-old-space-size`) would stop it from starting.
 */
function workerExecArgv(): string[] | undefined {
  if (!process.execArgv.some((arg) => arg.startsWith('--input-type'))) return undefined;
  return process.execArgv.filter((arg, index, all) => !arg.startsWith('--input-type') && all[index - 1] !== '--input-type');
}

/**
 * Starts a worker numbered `number`. `stopped` is told once it fails, stops, or does not say it is
 * ready within `startTimeoutMs` (then it is stopped); its `ready` rejects then too.
 */
export function startRenderWorker(files: RenderWorkerFiles, number: number, startTimeoutMs: number, stopped: (worker: RenderWorker, error: Error) => void): RenderWorker {
  const thread = new Worker(fileURLToPath(files.script), { workerData: { serverEntry: files.serverEntry, livePath: `${LIVE_RENDER_PREFIX}/` }, execArgv: workerExecArgv() });
  thread.unref();
  const worker: RenderWorker = { number, thread, ready: Promise.resolve(), sent: new Map(), generation: 0, pending: new Map(), warmed: false, answered: 0 };
  worker.ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      const failure = new Error(`A render worker did not start within ${startTimeoutMs / 1000} s and was stopped`);
      reject(failure);
      stopped(worker, failure);
      void thread.terminate();
    }, startTimeoutMs);
    timer.unref();
    thread.on('message', (message: RenderWorkerReply | { ready: true }) => {
      if ('ready' in message) {
        clearTimeout(timer);
        return resolve();
      }
      const waiting = worker.pending.get(message.id);
      worker.pending.delete(message.id);
      waiting?.resolve(message);
    });
    thread.on('error', (error) => {
      clearTimeout(timer);
      const failure = new Error(`A render worker failed: ${error.message}`);
      reject(failure);
      stopped(worker, failure);
    });
    thread.on('exit', (code) => {
      clearTimeout(timer);
      const failure = new Error(`A render worker stopped (exit code ${code})`);
      reject(failure);
      stopped(worker, failure);
    });
  });
  // Nobody may be waiting yet; the failure is reported to whoever prepares or renders next.
  worker.ready.catch(() => {});
  return worker;
}
