/** Counting failed sign-ins (src/server/auth/rate-limit.ts), with a clock the test moves. */
import { describe, expect, it } from 'vitest';
import { FailureCounter, SignInLimits } from '../../src/server/auth/rate-limit';

const MINUTE = 60_000;

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('the failure counter', () => {
  it('blocks a key at the limit until its oldest counted failure leaves the window', () => {
    const time = clock();
    const counter = new FailureCounter(3, 15 * MINUTE, time.now);
    for (let index = 0; index < 3; index++) {
      expect(counter.retryAfterSeconds('ada')).toBe(0);
      counter.recordFailure('ada');
      time.advance(MINUTE);
    }
    // Failures at 0, 1 and 2 minutes; now is 3: the first leaves the window at 15.
    expect(counter.retryAfterSeconds('ada')).toBe(12 * 60);
    expect(counter.retryAfterSeconds('bob')).toBe(0);
    time.advance(12 * MINUTE - 1);
    expect(counter.retryAfterSeconds('ada')).toBe(1);
    time.advance(1);
    expect(counter.retryAfterSeconds('ada')).toBe(0);
  });

  it('forgets failures older than the window', () => {
    const time = clock();
    const counter = new FailureCounter(2, MINUTE, time.now);
    counter.recordFailure('ada');
    time.advance(MINUTE);
    counter.recordFailure('ada');
    expect(counter.retryAfterSeconds('ada')).toBe(0);
  });

  it('clears a key, and takes back its latest failure', () => {
    const counter = new FailureCounter(2, MINUTE, clock().now);
    counter.recordFailure('ada');
    counter.recordFailure('ada');
    counter.forgetLatest('ada');
    expect(counter.retryAfterSeconds('ada')).toBe(0);
    counter.recordFailure('ada');
    counter.clear('ada');
    counter.recordFailure('ada');
    expect(counter.retryAfterSeconds('ada')).toBe(0);
  });

  it('keeps memory bounded under a flood of distinct keys', () => {
    const counter = new FailureCounter(5, MINUTE, clock().now, 100);
    for (let index = 0; index < 1000; index++) counter.recordFailure(`name-${index}`);
    // The newest keys are kept; the oldest went first.
    counter.recordFailure('name-999');
    for (let index = 0; index < 3; index++) counter.recordFailure('name-999');
    expect(counter.retryAfterSeconds('name-999')).toBeGreaterThan(0);
    expect(counter.retryAfterSeconds('name-0')).toBe(0);
  });
});

describe('the sign-in limits', () => {
  it('refuse a user name after 5 failures in 15 minutes, from any address', () => {
    const time = clock();
    const limits = new SignInLimits(time.now);
    for (let index = 0; index < 5; index++) expect(limits.begin('ada', `198.51.100.${index}`)).toBe(0);
    const wait = limits.begin('ada', '203.0.113.9');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(limits.begin('bob', '203.0.113.9')).toBe(0);
    time.advance(15 * MINUTE);
    expect(limits.begin('ada', '203.0.113.9')).toBe(0);
  });

  it('refuse an address after 20 failures in 15 minutes, whatever the name', () => {
    const limits = new SignInLimits(clock().now);
    for (let index = 0; index < 20; index++) expect(limits.begin(`user${index}`, '203.0.113.9')).toBe(0);
    expect(limits.begin('someone-else', '203.0.113.9')).toBeGreaterThan(0);
    expect(limits.begin('someone-else', '203.0.113.10')).toBe(0);
  });

  it('count an attempt before its password is checked, so parallel guesses cannot all slip through', () => {
    const limits = new SignInLimits(clock().now);
    const started = Array.from({ length: 10 }, () => limits.begin('ada', '203.0.113.9'));
    expect(started.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it('clear a user name’s failures on success, and take back the address’s count for it', () => {
    const limits = new SignInLimits(clock().now);
    for (let index = 0; index < 4; index++) limits.begin('ada', '203.0.113.9');
    limits.begin('ada', '203.0.113.9');
    limits.succeeded('ada', '203.0.113.9');
    for (let index = 0; index < 5; index++) expect(limits.begin('ada', '203.0.113.7')).toBe(0);
    // The address has 4 failures counted, not 5: 16 more are allowed.
    for (let index = 0; index < 16; index++) expect(limits.begin(`n${index}`, '203.0.113.9')).toBe(0);
    expect(limits.begin('n99', '203.0.113.9')).toBeGreaterThan(0);
  });

  it('count a user name in any letter case as one', () => {
    const limits = new SignInLimits(clock().now);
    for (const name of ['ada', 'Ada', 'ADA', 'aDa', 'adA']) limits.begin(name, `198.51.100.${name.length}${name.charCodeAt(1)}`);
    expect(limits.begin('ada', '203.0.113.1')).toBeGreaterThan(0);
  });
});
