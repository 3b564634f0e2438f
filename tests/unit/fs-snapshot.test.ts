/**
 * The snapshot loader over a data folder: a file that is not valid JSON, or
 * has a key twice, is refused with the reason, so only the pages that need it fail.
 */
import { mkdir, mkdtemp, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_DATA_FILE_BYTES, unreadableEntriesError } from '../../src/engine/data-files';
import { createFsSnapshotLoader } from '../../src/engine/fs-snapshot';
import { resolverFor, contentErrorOf } from '../helpers/registry';

const meta = { title: 'T', description: 'D' };
const page = (slug: string, sections: unknown[]) => ({ id: slug, slug, meta, sections });
const promoRef = { $ref: '../shared/promo.json' };
const promo = { id: 'promo', type: 'content-block', data: { body: 'Promo' } };

let data: string;

beforeEach(async () => {
  data = await mkdtemp(join(tmpdir(), 'cse-fs-snapshot-'));
  await mkdir(join(data, 'pages'), { recursive: true });
  await mkdir(join(data, 'shared'), { recursive: true });
  await writeFile(join(data, 'pages', 'home.json'), JSON.stringify(page('home', [{ id: 'a', type: 'content-block', data: { body: 'Home' } }])));
  await writeFile(join(data, 'pages', 'promo.json'), JSON.stringify(page('promo', [promoRef])));
  await writeFile(join(data, 'shared', 'promo.json'), JSON.stringify(promo).slice(0, -3));
});

afterEach(() => rm(data, { recursive: true, force: true }));

describe('createFsSnapshotLoader', () => {
  it('refuses a file that is not JSON, naming it and why, and reads the rest', async () => {
    const { snapshot } = await createFsSnapshotLoader(data)();
    expect([...snapshot.paths()].sort()).toEqual(['pages/home.json', 'pages/promo.json']);
    expect([...(snapshot.refused?.() ?? [])]).toEqual([['shared/promo.json', expect.stringMatching(/^is not valid JSON \(.+\)/)]]);
    const resolver = resolverFor(snapshot);
    expect(resolver.resolvePage('home').sections[0]!.data).toMatchObject({ body: 'Home' });
    const error = contentErrorOf(() => resolver.resolvePage('promo'));
    // Named where the page reaches for it, as a link would be.
    expect(error).toMatchObject({ kind: 'refused', file: 'pages/promo.json' });
    expect(error.message).toContain('shared/promo.json is not valid JSON');
  });

  it('says a file starting with a byte order mark has one, not an invisible "unexpected token"', async () => {
    await writeFile(join(data, 'shared', 'promo.json'), `\uFEFF${JSON.stringify(promo)}`);
    const { snapshot } = await createFsSnapshotLoader(data)();
    expect(snapshot.refused?.().get('shared/promo.json')).toBe('is not valid JSON: it starts with a byte order mark (BOM), an invisible character JSON does not allow. Save it as UTF-8 without BOM; the pages that use it work again then');
  });

  it('refuses a file with a key twice in one object (a merge that doubled a field), naming the key and where, where JSON.parse kept the last', async () => {
    await writeFile(join(data, 'shared', 'promo.json'), '{"title": "Kept by JSON.parse", "nested": {"a": 1, "b": 2, "a": 3}, "title": "Dropped"}');
    const { snapshot } = await createFsSnapshotLoader(data)();
    expect(snapshot.refused?.().get('shared/promo.json')).toBe('has the key "a" twice in one object (at /nested): which of its values is meant cannot be known; the pages that use it work again once one of them is removed');
    expect(contentErrorOf(() => resolverFor(snapshot).resolvePage('promo')).message).toContain('shared/promo.json has the key "a" twice');
    expect(resolverFor(snapshot).resolvePage('home').sections).toHaveLength(1);
  });

  it('refuses a file nested too deeply for the scan, naming it, and reads the rest', async () => {
    await writeFile(join(data, 'shared', 'promo.json'), `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`);
    const { snapshot } = await createFsSnapshotLoader(data)();
    expect(snapshot.refused?.().get('shared/promo.json')).toMatch(/^nests too deeply to be read/);
    expect(resolverFor(snapshot).resolvePage('home').sections).toHaveLength(1);
  });

  it('names a page file that is not JSON once, in its errors and in what stops a build or a publication', async () => {
    await writeFile(join(data, 'pages', 'home.json'), '{"id": "home",');
    const { snapshot } = await createFsSnapshotLoader(data)();
    const error = contentErrorOf(() => resolverFor(snapshot).resolvePage('home'));
    expect(error).toMatchObject({ kind: 'refused', file: 'pages/home.json' });
    expect(error.message).toMatch(/^pages\/home\.json: is not valid JSON \(.+\); the pages that use it work again once it is fixed$/);
    const stop = unreadableEntriesError(snapshot.refused?.())!.message.split('\n');
    expect(stop.slice(1)).toEqual([expect.stringMatching(/^ {2}- src\/data\/pages\/home\.json is not valid JSON \(/), expect.stringMatching(/^ {2}- src\/data\/shared\/promo\.json is not valid JSON \(/)]);
  });

  it('refuses a file over the size a data file may be without reading it, and reads it once it is smaller (a 150 MB page pushed was held in memory)', async () => {
    const promoFile = join(data, 'shared', 'promo.json');
    const huge = JSON.stringify({ ...promo, data: { body: 'x'.repeat(MAX_DATA_FILE_BYTES + 1024 * 1024) } });
    await writeFile(promoFile, huge);
    const reads: string[] = [];
    const load = createFsSnapshotLoader(data, { stat, readText: (file) => (reads.push(file), readFile(file, 'utf8')), now: Date.now });
    const { snapshot } = await load();
    expect(reads).not.toContain(promoFile);
    expect(snapshot.refused?.().get('shared/promo.json')).toBe(
      'is 9.0 MB, over the 8.0 MB a data file may be, so it is not read; the pages that use it work again once it is smaller (split a long list or text into several files)',
    );
    expect(contentErrorOf(() => resolverFor(snapshot).resolvePage('promo')).message).toContain('shared/promo.json is 9.0 MB, over the 8.0 MB a data file may be');
    expect(resolverFor(snapshot).resolvePage('home').sections[0]!.data).toMatchObject({ body: 'Home' });
    // Loaded again unchanged: still not read.
    await load();
    expect(reads).not.toContain(promoFile);
    await writeFile(promoFile, JSON.stringify(promo));
    const fixed = (await load()).snapshot;
    expect(fixed.refused).toBeUndefined();
    expect(resolverFor(fixed).resolvePage('promo').sections[0]!.data).toMatchObject({ body: 'Promo' });
  });

  it('reads the file once it is fixed', async () => {
    const load = createFsSnapshotLoader(data);
    expect((await load()).snapshot.refused?.().size).toBe(1);
    await writeFile(join(data, 'shared', 'promo.json'), JSON.stringify(promo));
    // A later mtime, whatever the file system's clock resolution.
    const later = new Date(Date.now() + 5000);
    await utimes(join(data, 'shared', 'promo.json'), later, later);
    const { snapshot } = await load();
    expect(snapshot.refused).toBeUndefined();
    expect(resolverFor(snapshot).resolvePage('promo').sections[0]!.data).toMatchObject({ body: 'Promo' });
  });

  it('sees a rewrite of the same size and the same mtime (a file system that keeps whole seconds)', async () => {
    const home = join(data, 'pages', 'home.json');
    const text = JSON.stringify(page('home', [{ id: 'a', type: 'content-block', data: { body: 'Home' } }]));
    await writeFile(home, text);
    const second = new Date(1_700_000_000_000);
    await utimes(home, second, second);
    const load = createFsSnapshotLoader(data);
    expect(resolverFor((await load()).snapshot).resolvePage('home').sections[0]!.data).toMatchObject({ body: 'Home' });
    // As an editor saves: a new file of the same length renamed over the old one, its mtime the same second.
    await writeFile(`${home}.tmp`, text.replace('"Home"', '"Hume"'));
    await utimes(`${home}.tmp`, second, second);
    await rename(`${home}.tmp`, home);
    expect((await stat(home)).mtimeMs).toBe(second.getTime());
    expect(resolverFor((await load()).snapshot).resolvePage('home').sections[0]!.data).toMatchObject({ body: 'Hume' });
  });
});
