/**
 * How long render workers (render-pool.ts) may take, how much warm-up they
 * get, and how a request fails when its worker stops.
 */

/**
 * How long a worker that holds requests may go without answering one (a request is a few pages,
 * normally milliseconds) before it is taken as stuck, say in an endless loop, and stopped. Counted
 * from its last answer, or from when it was sent work while idle, so a request queued behind
 * another is never blamed for the time that one took. The stopped worker's requests fail with
 * RenderTimeoutError, and their pages are tried again one at a time (page-rendering.ts): only a
 * page stuck on its own is then held back, instead of "Publishing…" for ever.
 */
export const RENDER_REQUEST_TIMEOUT_MS = 60_000;
/**
 * How long a new worker may take to load the server build and say it is ready (a second or
 * two, normally) before it is taken as stuck and stopped: its publication then renders on the
 * server's thread, as after any failure to start, instead of waiting for it for ever.
 */
export const WORKER_START_TIMEOUT_MS = 60_000;
/**
 * Pages each new worker renders once, and throws away, after the server's publication that
 * started it: a fresh thread compiles the renderer's code as it goes and renders its first
 * pages several times slower, so the first large publication would pay for that.
 */
export const WARM_UP_PAGES_PER_WORKER = 1000;
export const WARM_UP_BATCH_PAGES = 8;

/** The worker holding this request stopped (it crashed, or was stopped) before answering it, or answered that it failed over it. */
export class WorkerStoppedError extends Error {}

/** A worker answered nothing for longer than its time while it held this request, and was stopped. */
export class RenderTimeoutError extends WorkerStoppedError {}
