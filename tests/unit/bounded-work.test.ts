/**
 * The process's limiter of costly work (server/bounded-work.mjs): the bounded queue's admissions
 * and refusals, and the slots' order; and the upload's place in it (src/server/upload-work.ts).
 */
import { describe, expect, it } from 'vitest';
import { BoundedWork, imageWorkSlots, MAX_PARALLEL_IMAGE_WORK, WorkSlots } from '../../server/bounded-work.mjs';
import { HttpError } from '../../src/server/errors';
import { admitUpload, MAX_QUEUED_UPLOADS } from '../../src/server/upload-work';

describe('a bounded queue of work', () => {
  it('admits the running and the queued, then refuses with 503 and when the queue will have drained', () => {
    const work = new BoundedWork({ maxRunning: 2, maxQueued: 3, secondsPerTask: 2 });
    for (let index = 0; index < 5; index++) expect(work.admit()).toEqual({ admitted: true });
    expect(work.full).toBe(true);
    // Four ahead of it beyond the running two, two at a time, 2 s each.
    expect(work.admit()).toEqual({ admitted: false, status: 503, retryAfterSeconds: 4 });
    expect(work.pending).toBe(5);
  });

  it('frees a place when a piece finishes, and never counts below nothing', () => {
    const work = new BoundedWork({ maxRunning: 1, maxQueued: 0, secondsPerTask: 1 });
    expect(work.admit().admitted).toBe(true);
    expect(work.admit().admitted).toBe(false);
    work.finished();
    expect(work.admit().admitted).toBe(true);
    work.finished();
    work.finished();
    expect(work.pending).toBe(0);
  });

  it('asks a refused client to wait at least a second', () => {
    const work = new BoundedWork({ maxRunning: 4, maxQueued: 0, secondsPerTask: 0.1 });
    for (let index = 0; index < 4; index++) work.admit();
    expect(work.admit()).toMatchObject({ admitted: false, retryAfterSeconds: 1 });
  });
});

describe('slots of work', () => {
  /** A task that runs until its `finish` is called, noting when it starts. */
  const gated = (started: string[], name: string) => {
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    return { task: async () => { started.push(name); await done; return name; }, finish };
  };

  it('runs at most `max` at once, the others in the order they asked', async () => {
    const slots = new WorkSlots(2);
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => gated(started, name));
    const results = [a, b, c, d].map(({ task }) => slots.run(task));
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    expect([slots.running, slots.waiting]).toEqual([2, 2]);
    b!.finish();
    await results[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'c']);
    a!.finish();
    c!.finish();
    d!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a task that fails', async () => {
    const slots = new WorkSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    expect(await slots.run(async () => 'next')).toBe('next');
    expect(slots.running).toBe(0);
  });

  it('are one set per process, whichever copy of the module asks', async () => {
    const copy = await import('../../server/bounded-work.mjs?copy' as string);
    expect(copy.imageWorkSlots()).toBe(imageWorkSlots());
    expect(imageWorkSlots().max).toBe(MAX_PARALLEL_IMAGE_WORK);
  });
});

describe("an upload's place", () => {
  it('is refused with 503, Retry-After and plain words once the queue is full, and given back once', () => {
    const places = Array.from({ length: MAX_PARALLEL_IMAGE_WORK + MAX_QUEUED_UPLOADS }, () => admitUpload());
    let refusal: unknown;
    try {
      admitUpload();
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ status: 503, message: expect.stringMatching(/^Too many images are being uploaded at once; try again in \d+ seconds$/) });
    expect(Number((refusal as HttpError).headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    // Giving a place back twice frees one place, not two.
    places[0]!();
    places[0]!();
    const again = admitUpload();
    expect(() => admitUpload()).toThrow(HttpError);
    for (const release of [...places.slice(1), again]) release();
    admitUpload()();
  });
});
