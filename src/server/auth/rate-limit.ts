/**
 * Counting failed sign-ins, in memory. Each server process counts its own, so
 * behind a load balancer spreading requests over n servers an attacker gets up
 * to n times the allowance; docs/deploy.md says so. The clock is injected, so
 * tests move time instead of waiting.
 */

export interface Clock {
  (): number;
}

/** Failures per key within a sliding window; `limit` failures block the key until the oldest that counts leaves the window. */
export class FailureCounter {
  readonly #failures = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: Clock = Date.now,
    /** Bounds memory under a flood of distinct keys: expired keys go first, then the oldest. */
    private readonly maxKeys = 50_000,
  ) {}

  #recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const times = (this.#failures.get(key) ?? []).filter((time) => time > since);
    if (times.length === 0) this.#failures.delete(key);
    else this.#failures.set(key, times);
    return times;
  }

  /** Seconds until `key` may try again, or 0 when it may now. */
  retryAfterSeconds(key: string): number {
    const times = this.#recent(key);
    if (times.length < this.limit) return 0;
    const freedAt = times[times.length - this.limit]! + this.windowMs;
    return Math.max(1, Math.ceil((freedAt - this.now()) / 1000));
  }

  recordFailure(key: string): void {
    const times = this.#recent(key);
    // Only the last `limit` failures decide when the key is free again.
    this.#failures.set(key, [...times, this.now()].slice(-this.limit));
    if (this.#failures.size > this.maxKeys) this.#evict();
  }

  /** Takes back the latest failure of `key` (an attempt counted in advance that succeeded). */
  forgetLatest(key: string): void {
    const times = this.#recent(key);
    if (times.length <= 1) this.#failures.delete(key);
    else this.#failures.set(key, times.slice(0, -1));
  }

  clear(key: string): void {
    this.#failures.delete(key);
  }

  #evict(): void {
    for (const key of [...this.#failures.keys()]) this.#recent(key);
    for (const key of this.#failures.keys()) {
      if (this.#failures.size <= this.maxKeys) break;
      this.#failures.delete(key);
    }
  }
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * The sign-in policy: 5 failures for one user name, or 20 from one address,
 * within 15 minutes, and further attempts get 429 without a password check.
 * An attempt counts as a failure from the moment it is allowed, before the
 * (slow) password check, so a burst of parallel guesses cannot all slip through
 * before the first one is counted; a success takes its count back and clears
 * the user name's failures.
 */
export class SignInLimits {
  readonly byName: FailureCounter;
  readonly byAddress: FailureCounter;

  constructor(now: Clock = Date.now) {
    this.byName = new FailureCounter(5, FIFTEEN_MINUTES, now);
    this.byAddress = new FailureCounter(20, FIFTEEN_MINUTES, now);
  }

  /** Seconds to wait (the attempt is refused), or 0: the attempt may go on, and is counted as failed until `succeeded`. */
  begin(name: string, address: string): number {
    const wait = Math.max(this.byName.retryAfterSeconds(nameKey(name)), this.byAddress.retryAfterSeconds(address));
    if (wait > 0) return wait;
    this.byName.recordFailure(nameKey(name));
    this.byAddress.recordFailure(address);
    return 0;
  }

  succeeded(name: string, address: string): void {
    this.byName.clear(nameKey(name));
    this.byAddress.forgetLatest(address);
  }
}

/** Names are lowercase; counting "Ada" and "ada" together costs nothing and closes a loophole should that change. */
const nameKey = (name: string) => name.toLowerCase();
