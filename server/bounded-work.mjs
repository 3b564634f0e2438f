// The one limiter of costly work in a server process: a bounded queue in front of a few slots.
// - BoundedWork (pure: no clock, socket or file) admits a piece of work while fewer than
//   `maxRunning + maxQueued` are pending, and refuses beyond that with 503 and when to come
//   back, so a burst is refused at once rather than queued behind minutes of work.
// - WorkSlots runs admitted work at most `max` at a time, first come first served.
// The image variants made on request (server/variant-making-limits.mjs adds per-client budgets
// to a BoundedWork) and the costly checks of uploads (src/server/upload-work.ts) are admitted by
// queues of their own, and both then run in the same slots, imageWorkSlots(): one per core of a
// small server, so they never hold more than two of libuv's four threads, and the file reads
// that serve pages and images keep the other two (docs/architecture.md, "Costly work is queued").
// Plain JavaScript so the production server can load it without a build step.

/**
 * @typedef {{ admitted: true } | { admitted: false, status: 503, retryAfterSeconds: number }} WorkAdmission
 */

export class BoundedWork {
  #pending = 0;

  /**
   * @param {{ maxRunning: number, maxQueued: number, secondsPerTask: number }} settings
   *   `maxRunning`: pieces run at once; `maxQueued`: pieces that may wait beyond them;
   *   `secondsPerTask`: what one is assumed to take, to tell a refused client when to come back
   */
  constructor({ maxRunning, maxQueued, secondsPerTask }) {
    this.maxRunning = maxRunning;
    this.maxQueued = maxQueued;
    this.secondsPerTask = secondsPerTask;
  }

  /** Pieces admitted and not yet finished: running, or waiting for a slot. */
  get pending() {
    return this.#pending;
  }

  /** Whether one more piece would find no place (admit() would refuse it). */
  get full() {
    return this.#pending >= this.maxRunning + this.maxQueued;
  }

  /**
   * When a client refused now should come back: the queue drains about maxRunning pieces at a time.
   * @param {number} [ahead] pieces ahead of it (the whole queue unless told)
   */
  retryAfterSeconds(ahead = this.#pending - this.maxRunning + 1) {
    return Math.max(1, Math.ceil((ahead / Math.max(1, this.maxRunning)) * this.secondsPerTask));
  }

  /**
   * One piece of work, if there is room: it then holds a place until finished() is called.
   * @returns {WorkAdmission}
   */
  admit() {
    if (this.full) return { admitted: false, status: 503, retryAfterSeconds: this.retryAfterSeconds() };
    this.#pending += 1;
    return { admitted: true };
  }

  /** An admitted piece is done (or failed): its place is free. */
  finished() {
    this.#pending = Math.max(0, this.#pending - 1);
  }
}

export class WorkSlots {
  #running = 0;
  /** @type {(() => void)[]} */
  #waiting = [];

  /** @param {number} max pieces run at once */
  constructor(max) {
    this.max = max;
  }

  /** Pieces running now. */
  get running() {
    return this.#running;
  }

  /** Pieces waiting for a slot. */
  get waiting() {
    return this.#waiting.length;
  }

  /**
   * Runs `task` once a slot is free, in the order asked.
   * @template T
   * @param {() => Promise<T> | T} task
   * @returns {Promise<T>}
   */
  async run(task) {
    if (this.#running >= this.max) await new Promise((resolve) => this.#waiting.push(resolve));
    else this.#running += 1;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so a newcomer never overtakes it.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}

/**
 * Costly image work (a whole decode, an encode, an SVG parse) run at once in this process: one
 * per core of the two-core server this is sized for. Each holds a libuv thread (sharp's) or a core
 * (an SVG parse in its worker) for up to a second or two of a large image.
 */
export const MAX_PARALLEL_IMAGE_WORK = 2;

const SLOTS = Symbol.for('content-site.image-work-slots');

/**
 * The process's slots for costly image work. Kept on globalThis: the production server's own
 * modules and its Astro build's copy of them (the upload route) are separate module instances in
 * one process, and must share one set of slots.
 * @returns {WorkSlots}
 */
export function imageWorkSlots() {
  return (globalThis[SLOTS] ??= new WorkSlots(MAX_PARALLEL_IMAGE_WORK));
}
