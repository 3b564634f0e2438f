/**
 * The image variants cache's size budget (server/variant-cache-budget.mjs), on real files: past
 * the budget the variants used least recently go, down to most of it; the originals' facts stay;
 * a budget of 0 keeps everything.
 */
import { existsSync } from 'node:fs';
import { link, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { variantCacheBudget } from '../../server/variant-cache-budget.mjs';

let cache: string;
const KB = 1024;

beforeEach(async () => {
  cache = await mkdtemp(join(tmpdir(), 'variant-budget-'));
  await mkdir(join(cache, 'v1'), { recursive: true });
  await writeFile(join(cache, 'v1', 'originals.json'), 'x'.repeat(50 * KB));
});

afterEach(() => rm(cache, { recursive: true, force: true }));

/** Writes a variant of `image` used `minutesAgo`. */
async function variant(image: string, name: string, size: number, minutesAgo: number) {
  const path = join(cache, 'v1', image, name);
  await mkdir(join(cache, 'v1', image), { recursive: true });
  await writeFile(path, Buffer.alloc(size));
  const when = new Date(Date.now() - minutesAgo * 60_000);
  await utimes(path, when, when);
  return path;
}

describe('the variants cache’s budget', () => {
  it('removes the least recently used variants once a new one takes it past its budget, down to most of it', async () => {
    const oldest = await variant('aaaa', 'a-w320.webp', 40 * KB, 30);
    const older = await variant('aaaa', 'a-w640.webp', 40 * KB, 20);
    const recent = await variant('bbbb', 'b-w320.webp', 40 * KB, 10);
    const budget = variantCacheBudget(cache, 90 * KB);
    await budget.made(40 * KB); // measures: 120 KB of variants, over 90; pruned to 72 at most
    expect([existsSync(oldest), existsSync(older), existsSync(recent)]).toEqual([false, false, true]);
    // The facts of originals are not variants: never counted, never removed.
    expect(existsSync(join(cache, 'v1', 'originals.json'))).toBe(true);
    // An image's folder goes with its last variant.
    expect(existsSync(join(cache, 'v1', 'aaaa'))).toBe(false);
  });

  it('keeps a variant that was served lately over one made later but not served since', async () => {
    const served = await variant('aaaa', 'served.webp', 40 * KB, 60);
    const unused = await variant('bbbb', 'unused.webp', 40 * KB, 30);
    const budget = variantCacheBudget(cache, 100 * KB);
    await budget.used(served, Date.now() - 60 * 60_000);
    await variant('cccc', 'new.webp', 40 * KB, 0);
    await budget.made(40 * KB);
    expect([existsSync(served), existsSync(unused)]).toEqual([true, false]);
  });

  it('counts what it made after measuring once, and keeps everything within its budget', async () => {
    const budget = variantCacheBudget(cache, 200 * KB);
    const first = await variant('aaaa', 'one.webp', 60 * KB, 5);
    await budget.made(60 * KB);
    await variant('aaaa', 'two.webp', 60 * KB, 4);
    await budget.made(60 * KB);
    await variant('aaaa', 'three.webp', 60 * KB, 3);
    await budget.made(60 * KB);
    expect(existsSync(first)).toBe(true);
    await variant('aaaa', 'four.webp', 60 * KB, 2);
    await budget.made(60 * KB);
    expect(existsSync(first)).toBe(false);
  });

  it('neither counts nor removes a variant the build linked into dist/: removing it would free nothing, and the next build would make it again', async () => {
    const built = await variant('aaaa', 'built.webp', 80 * KB, 60);
    await link(built, join(cache, 'dist-copy.webp'));
    const old = await variant('bbbb', 'old.webp', 60 * KB, 30);
    await variant('cccc', 'new.webp', 60 * KB, 0);
    await variantCacheBudget(cache, 100 * KB).made(60 * KB);
    expect([existsSync(built), existsSync(old)]).toEqual([true, false]);
  });

  it('keeps everything with a budget of 0', async () => {
    const kept = await variant('aaaa', 'a.webp', 500 * KB, 60);
    await variantCacheBudget(cache, 0).made(500 * KB);
    expect(existsSync(kept)).toBe(true);
  });
});
