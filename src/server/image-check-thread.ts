/**
 * The SVG upload check, run in a thread of its own (server/image-check-worker.mjs): parsing a
 * large SVG takes a second or more of a core, which on the request loop would hold up every
 * visitor for that long. The thread starts on the first SVG upload and stays (unreferenced: it
 * never keeps a process alive); one that fails or stops is started again at the next upload.
 * A check that runs past CHECK_TIMEOUT_MS (no real SVG comes near: the parse is bounded by
 * svg.ts's element and depth caps) stops the thread and is refused.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { HttpError } from './errors';
import type { ImageType } from './images';

export const CHECK_TIMEOUT_MS = 30_000;

/** What an upload whose check's thread failed or stopped is told. */
const STOPPED = 'The SVG could not be checked, so it was not stored: try again, and if it keeps failing, tell whoever runs the site (the server log says why)';

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

let thread: { worker: Worker; pending: Map<number, Pending> } | undefined;
let nextId = 1;

/**
 * server/image-check-worker.mjs, found from this module, which is src/server/ under `astro dev`
 * and vitest, and a chunk of dist/server/ on the production server.
 */
function workerPath(): string {
  for (const relative of ['../../server/', '../../../server/', '../server/']) {
    const path = fileURLToPath(new URL(`${relative}image-check-worker.mjs`, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error('server/image-check-worker.mjs was not found next to the server build');
}

function failAll(pending: Map<number, Pending>, error: Error): void {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
}

function started(): NonNullable<typeof thread> {
  if (thread) return thread;
  const worker = new Worker(workerPath());
  worker.unref();
  const pending = new Map<number, Pending>();
  const current = { worker, pending };
  const stop = (error: Error) => {
    if (thread === current) thread = undefined;
    failAll(pending, error);
  };
  worker.on('message', (message: { id?: number; error?: { status?: number; message: string } }) => {
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id!);
    if (!message.error) waiting.resolve();
    else if (message.error.status) waiting.reject(new HttpError(message.error.status, message.error.message));
    else waiting.reject(new Error(message.error.message));
  });
  // The cause goes to the log, not to the uploader: it names files of the server (a module not found).
  worker.on('error', (error) => {
    console.error('The SVG upload check thread failed:', error);
    stop(new HttpError(500, STOPPED));
  });
  worker.on('exit', () => stop(new HttpError(500, STOPPED)));
  thread = current;
  return current;
}

/** checkImageContent (images.ts), in the check's thread: resolves when accepted, rejects as it would. */
export function checkImageContentOffThread(bytes: Buffer, claimed: ImageType, mimeType: unknown): Promise<void> {
  const { worker, pending } = started();
  const id = nextId++;
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new HttpError(400, `The image took more than ${CHECK_TIMEOUT_MS / 1000} seconds to check and was refused: make it simpler or smaller`));
      void worker.terminate();
    }, CHECK_TIMEOUT_MS);
    const settle = <A extends unknown[]>(done: (...args: A) => void) => (...args: A) => {
      clearTimeout(timer);
      done(...args);
    };
    pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
    // mimeType is whatever the request's JSON held: plain data, which a message can carry.
    worker.postMessage({ id, bytes, claimed, mimeType });
  });
}
