// How much image-variant work clients may cause. Serving a variant the build made, or one already
// in the cache, costs a file read and is never limited; *making* one costs a decode and an encode
// (0.1–1 s of a core for AVIF), and every original has thousands of allowed variants
// (server/image-variant-urls.mjs), so a client asking for each in turn could keep the encoders
// busy for hours. Two limits bound that:
// - all clients together: at most `maxQueued` variants wait to be made beyond the ones being
//   made; past that a request is refused at once (503) rather than queued behind minutes of work;
// - each client: a token bucket of cache misses, `burst` at once and `perMinute` after that
//   (429 beyond it), and at most half the queue (plus the running encodes) at a time, so one
//   address cannot fill the queue and starve everyone else (its burst alone once could: a hostile
//   review's 40 requests at once had a second visitor refused with 503).
// The core is pure: it is given the time, and it never reads a clock, a socket or a file. The
// queue for all clients is a BoundedWork (server/bounded-work.mjs), the limiter the checks of
// uploads use too; the variants then run in the process's shared slots of costly image work.
// Plain JavaScript so the production server can load it without a build step.

import { BoundedWork } from './bounded-work.mjs';

/**
 * The limits of a server unless its configuration says otherwise (IMAGE_VARIANT_* in
 * server/config.mjs, docs/deploy.md). Why these numbers:
 * - `maxQueued: 32`: the first view of a page whose photos were uploaded since the build needs
 *   about (images on the page × 2 formats, as visitors' browsers differ) variants at once; the demo's
 *   busiest page has 10 images, so 32 covers a page of 16 photos. At up to 1 s per encode on the
 *   two encoders (MAX_PARALLEL_ENCODES) the last of 32 waits about 16 s; a longer queue would only
 *   make every visitor wait longer behind an attacker.
 * - `burst: 60`: a few pages of new images at once, and the editor's preview after an upload (a
 *   few dozen: the new image's ladder in the previewed format, a variant for each focal point tried).
 * - `perMinute: 30`: one new variant every 2 s, sustained; at the measured 0.1–1 s per encode that
 *   is at most half of one encoder for a client that never stops, and far more than a reader of
 *   pages needs once the first views have filled the cache.
 */
export const DEFAULT_VARIANT_LIMITS = Object.freeze({ maxQueued: 32, burst: 60, perMinute: 30 });

/**
 * @typedef {{ maxQueued: number, burst: number, perMinute: number }} VariantLimitSettings
 * @typedef {{ admitted: true } | { admitted: false, status: 429 | 503, retryAfterSeconds: number, message: string }} Admission
 */

/** Clients remembered at most: a flood of addresses costs bounded memory (about 100 bytes each). */
const MAX_CLIENTS = 50_000;

/** What a queued encode is assumed to take when telling a refused client when to come back. */
const SECONDS_PER_ENCODE = 1;

export class VariantMakingLimits {
  /** @type {Map<string, { tokens: number, at: number }>} tokens left per client, as of `at` (ms) */
  #buckets = new Map();
  /** All clients' variants admitted and not finished, against maxRunning + maxQueued. */
  #queue;
  /** @type {Map<string, number>} variants admitted and not finished, per client (only clients with some) */
  #pendingOf = new Map();

  /**
   * @param {VariantLimitSettings & { maxRunning: number, maxClients?: number }} settings
   *   `maxRunning`: variants made at once (the encoders); `pending` beyond it are queued
   */
  constructor({ maxQueued, burst, perMinute, maxRunning, maxClients = MAX_CLIENTS }) {
    this.maxQueued = maxQueued;
    this.burst = burst;
    this.perMs = perMinute / 60_000;
    this.maxRunning = maxRunning;
    this.maxClients = maxClients;
    this.#queue = new BoundedWork({ maxRunning, maxQueued, secondsPerTask: SECONDS_PER_ENCODE });
    /** A client's share of the queue at a time: half of it, beside the running encodes. */
    this.maxPerClient = maxRunning + Math.max(1, Math.floor(maxQueued / 2));
  }

  /** Variants admitted and not yet finished: being made, or waiting for an encoder. */
  get pending() {
    return this.#queue.pending;
  }

  /** A client's tokens at `now`, refilled since it was last seen. */
  #tokens(client, now) {
    const bucket = this.#buckets.get(client);
    if (!bucket) return this.burst;
    return Math.min(this.burst, bucket.tokens + Math.max(0, now - bucket.at) * this.perMs);
  }

  /**
   * Whether `client` may start making one variant at `now` (ms). Admitted, it spends a token and
   * holds a place until `finished()`. Refused, it spends nothing: a full queue (503) is no fault
   * of the client's, and a client over its budget (429) gains nothing by asking again at once.
   * @param {string} client the client's key (server/client-address.mjs's addressKey)
   * @param {number} now
   * @returns {Admission}
   */
  admit(client, now) {
    if (this.#queue.full) {
      return { admitted: false, status: 503, retryAfterSeconds: this.#queue.retryAfterSeconds(), message: 'Too many image variants are being made; try again shortly' };
    }
    const own = this.#pendingOf.get(client) ?? 0;
    if (own >= this.maxPerClient) {
      const retryAfterSeconds = this.#queue.retryAfterSeconds(own);
      return { admitted: false, status: 429, retryAfterSeconds, message: 'Too many new image variants asked for at once; try again shortly' };
    }
    const tokens = this.#tokens(client, now);
    if (tokens < 1) {
      const retryAfterSeconds = Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000));
      return { admitted: false, status: 429, retryAfterSeconds, message: 'Too many new image variants asked for; try again later' };
    }
    // Re-inserted, so the map's order is least recently seen first (the order of eviction).
    this.#buckets.delete(client);
    this.#buckets.set(client, { tokens: tokens - 1, at: now });
    if (this.#buckets.size > this.maxClients) this.#evict(now);
    this.#queue.admit();
    this.#pendingOf.set(client, own + 1);
    return { admitted: true };
  }

  /**
   * An admitted variant is made (or failed): its place in the queue is free.
   * @param {string} [client] the client it was admitted for
   */
  finished(client) {
    this.#queue.finished();
    const own = client === undefined ? undefined : this.#pendingOf.get(client);
    if (own === undefined) return;
    if (own <= 1) this.#pendingOf.delete(client);
    else this.#pendingOf.set(client, own - 1);
  }

  /**
   * Forgets clients whose bucket is full again (the same as never seen), then the least recently
   * seen, down to 90 % of the bound, so the sweep runs once per many new clients, not for each.
   */
  #evict(now) {
    for (const [client] of this.#buckets) {
      if (this.#tokens(client, now) >= this.burst) this.#buckets.delete(client);
    }
    const keep = Math.floor(this.maxClients * 0.9);
    for (const client of this.#buckets.keys()) {
      if (this.#buckets.size <= keep) break;
      this.#buckets.delete(client);
    }
  }
}
