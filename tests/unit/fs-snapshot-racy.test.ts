/**
 * The snapshot loader on a file system with coarse timestamps (src/engine/fs-snapshot.ts): a file
 * rewritten in place, at the same size, in the tick it was read in keeps its stamp there. Stood in
 * here by a stat that answers one second's stamp for every file, as ext3 or HFS+ would.
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFsSnapshotLoader, RACY_STAMP_MS, type SnapshotLoaderIo } from '../../src/engine/fs-snapshot';

/** The second every file was last written in, as the coarse file system tells it. */
const WRITTEN_AT = Date.UTC(2026, 10, 29, 12, 0, 0);

let data: string;
let clock: number;
let reads: string[];
const coarse: SnapshotLoaderIo = {
  stat: async (file) => ({ size: (await stat(file)).size, mtimeMs: WRITTEN_AT, ino: 1, ctimeMs: WRITTEN_AT }),
  readText: async (file) => {
    reads.push(file.slice(data.length + 1));
    return readFile(file, 'utf8');
  },
  now: () => clock,
};
const writeHome = (title: string) => writeFile(join(data, 'pages', 'home.json'), JSON.stringify({ title }));
const titleIn = async (load: ReturnType<typeof createFsSnapshotLoader>) => ((await load()).snapshot.get('pages/home.json') as { title: string }).title;

beforeEach(async () => {
  data = await mkdtemp(join(tmpdir(), 'cse-fs-snapshot-racy-'));
  await mkdir(join(data, 'pages'), { recursive: true });
  await writeHome('One');
  await writeFile(join(data, 'pages', 'about.json'), JSON.stringify({ title: 'About' }));
  clock = WRITTEN_AT + 400;
  reads = [];
});

afterEach(() => rm(data, { recursive: true, force: true }));

describe('the snapshot loader on coarse timestamps', () => {
  it('sees a file rewritten at the same size within the tick it was read in', async () => {
    const load = createFsSnapshotLoader(data, coarse);
    expect(await titleIn(load)).toBe('One');
    await writeHome('Two');
    expect(await titleIn(load)).toBe('Two');
    // Broken, then mended, at the same size: each is seen.
    await writeHome('Tw"');
    await writeFile(join(data, 'pages', 'home.json'), '{"title":"Tw"');
    expect((await load()).snapshot.refused?.().get('pages/home.json')).toMatch(/^is not valid JSON/);
    await writeHome('Six');
    expect(await titleIn(load)).toBe('Six');
  });

  it('keeps the same snapshot, and parsed objects, while such a file is unchanged', async () => {
    const load = createFsSnapshotLoader(data, coarse);
    const first = await load();
    const again = await load();
    expect(again.snapshot).toBe(first.snapshot);
    // Another file changes (a new one): the recent file unchanged keeps its parsed object.
    await writeFile(join(data, 'pages', 'new.json'), '{}');
    const third = await load();
    expect(third.snapshot).not.toBe(first.snapshot);
    expect(third.snapshot.get('pages/home.json')).toBe(first.snapshot.get('pages/home.json'));
  });

  it('never keeps an older text when loads are asked for at once, around a rewrite', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    // The first load reads home.json, then is held up before about.json.
    const slowFirst: SnapshotLoaderIo = {
      ...coarse,
      readText: async (file) => {
        if (first && file.endsWith('about.json')) {
          first = false;
          await held;
        }
        return coarse.readText(file);
      },
    };
    const load = createFsSnapshotLoader(data, slowFirst);
    const earlier = load();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeHome('Two');
    const later = load();
    // Time for the later load to finish first, were loads run at once.
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    expect(((await earlier).snapshot.get('pages/home.json') as { title: string }).title).toBe('One');
    expect(((await later).snapshot.get('pages/home.json') as { title: string }).title).toBe('Two');
    expect(await titleIn(load)).toBe('Two');
    clock = WRITTEN_AT + RACY_STAMP_MS + 10;
    expect(await titleIn(load)).toBe('Two');
  });

  it('trusts the stamp of a file dated ahead of this clock (another machine\'s), rather than reading it on every load', async () => {
    const ahead: SnapshotLoaderIo = { ...coarse, stat: async (file) => ({ ...(await coarse.stat(file)), mtimeMs: WRITTEN_AT + 365 * 24 * 3600_000 }) };
    const load = createFsSnapshotLoader(data, ahead);
    await load();
    reads = [];
    await load();
    await load();
    expect(reads).toEqual([]);
  });

  it('trusts a stamp once a read came later than the file system could have kept it', async () => {
    const load = createFsSnapshotLoader(data, coarse);
    await load();
    expect(reads.sort()).toEqual(['pages/about.json', 'pages/home.json']);
    await writeHome('Two');
    // The first load after the window reads once more, and sees what was written meanwhile...
    clock = WRITTEN_AT + RACY_STAMP_MS + 1;
    reads = [];
    expect(await titleIn(load)).toBe('Two');
    expect(reads.sort()).toEqual(['pages/about.json', 'pages/home.json']);
    // ...and then no file is read while the stamps stand.
    reads = [];
    await load();
    expect(reads).toEqual([]);
  });
});
