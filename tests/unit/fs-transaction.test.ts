/** Multi-file transactions on a real temp folder: all steps or none, and recovery after a crash at either side of the commit point. */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeTemp } from '../../src/server/atomic-write';
import { createFsTransactions } from '../../src/server/store/fs-transaction';

let root: string;
let data: string;
let journal: string;
const read = (path: string) => readFile(join(data, path), 'utf8');
const list = async (dir = data): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1)).sort();

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fs-tx-'));
  data = join(root, 'data');
  journal = join(root, '.journal');
  await mkdir(join(data, 'pages'), { recursive: true });
  await writeFile(join(data, 'pages', 'a.json'), 'A');
  await writeFile(join(data, 'pages', 'b.json'), 'B');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('fs transactions', () => {
  it('writes, removes and moves files in one commit, and leaves nothing else behind', async () => {
    const tx = createFsTransactions(journal, [data]);
    await tx.commit([
      { kind: 'write', target: join(data, 'pages', 'a.json'), data: 'A2' },
      { kind: 'write', target: join(data, 'pages', 'new', 'c.json'), data: 'C' },
      { kind: 'move', from: join(data, 'pages', 'b.json'), to: join(data, 'pages', 'moved.json') },
    ]);
    expect(await list()).toEqual(['pages/a.json', 'pages/moved.json', 'pages/new/c.json']);
    expect([await read('pages/a.json'), await read('pages/moved.json'), await read('pages/new/c.json')]).toEqual(['A2', 'B', 'C']);
    expect(await list(journal)).toEqual([]);
    await tx.commit([{ kind: 'remove', target: join(data, 'pages', 'moved.json') }]);
    expect(await list()).toEqual(['pages/a.json', 'pages/new/c.json']);
  });

  it('refuses a change that names one file twice, writing nothing', async () => {
    const tx = createFsTransactions(journal, [data]);
    const target = join(data, 'pages', 'a.json');
    await expect(tx.commit([{ kind: 'write', target, data: 'x' }, { kind: 'remove', target }])).rejects.toThrow(/twice/);
    expect(await read('pages/a.json')).toBe('A');
    expect(await list()).toEqual(['pages/a.json', 'pages/b.json']);
  });

  it('completes a change that crashed after its commit point, whatever part of it was applied', async () => {
    // As a crash leaves it: content staged, the journal written, the first step applied, the rest not.
    const temp = await writeTemp(join(data, 'pages', 'a.json'), 'A2');
    const second = await writeTemp(join(data, 'pages', 'c.json'), 'C');
    const steps = [
      { kind: 'replace', temp, target: join(data, 'pages', 'a.json') },
      { kind: 'replace', temp: second, target: join(data, 'pages', 'c.json') },
      { kind: 'remove', target: join(data, 'pages', 'b.json') },
    ];
    await mkdir(journal);
    await writeFile(join(journal, '0-crash.journal.json'), JSON.stringify(steps));
    const { rename } = await import('node:fs/promises');
    await rename(temp, join(data, 'pages', 'a.json'));
    await createFsTransactions(journal, [data]).recover({ sweepTemps: true });
    expect(await list()).toEqual(['pages/a.json', 'pages/c.json']);
    expect([await read('pages/a.json'), await read('pages/c.json')]).toEqual(['A2', 'C']);
    expect(await list(journal)).toEqual([]);
  });

  it('drops a change that crashed before its commit point', async () => {
    await writeTemp(join(data, 'pages', 'a.json'), 'A2');
    await writeTemp(join(data, 'pages', 'deep', 'c.json'), 'C');
    await mkdir(journal);
    await writeFile(join(journal, '.tmp-unfinished.journal.json'), '[{"kind":"remove"');
    await createFsTransactions(journal, [data]).recover({ sweepTemps: true });
    expect(await list()).toEqual(['pages/a.json', 'pages/b.json']);
    expect(await read('pages/a.json')).toBe('A');
    expect(await list(journal)).toEqual([]);
  });

  it('undoes the steps already applied when a later one fails, so a change answered "nothing was saved" never completes later', async () => {
    // A real failure after the commit point: the last step moves a file into a folder whose name a file has.
    await writeFile(join(data, 'blocker'), 'not a folder');
    await writeFile(join(data, 'pages', 'd.json'), 'D');
    const tx = createFsTransactions(journal, [data]);
    const failing = tx.commit([
      { kind: 'write', target: join(data, 'pages', 'a.json'), data: 'A2' },
      { kind: 'write', target: join(data, 'pages', 'c.json'), data: 'C' },
      { kind: 'remove', target: join(data, 'pages', 'b.json') },
      { kind: 'move', from: join(data, 'pages', 'd.json'), to: join(data, 'blocker', 'd.json') },
    ]);
    await expect(failing).rejects.toThrow(/ENOTDIR|EEXIST/);
    expect(await list()).toEqual(['blocker', 'pages/a.json', 'pages/b.json', 'pages/d.json']);
    expect([await read('pages/a.json'), await read('pages/b.json')]).toEqual(['A', 'B']);
    expect(await list(journal)).toEqual([]);
    // Nothing is left to complete it later (the hostile review's undone edit came back with the next save).
    await tx.recover({ sweepTemps: true });
    expect([await read('pages/a.json'), await read('pages/b.json')]).toEqual(['A', 'B']);
    expect(await list()).toEqual(['blocker', 'pages/a.json', 'pages/b.json', 'pages/d.json']);
  });

  it('leaves no link to the old content behind after a change, nor after completing a crashed one', async () => {
    const tx = createFsTransactions(journal, [data]);
    await tx.commit([{ kind: 'write', target: join(data, 'pages', 'a.json'), data: 'A2' }, { kind: 'remove', target: join(data, 'pages', 'b.json') }]);
    expect(await list()).toEqual(['pages/a.json']);
    expect(await read('pages/a.json')).toBe('A2');
  });
});
