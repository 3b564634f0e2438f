/**
 * A move rewrites files it does not name (redirects.json, `$ref`s to the page) from the snapshot
 * it planned on. A hand edit of such a file landing after the store read the snapshot, and before
 * it committed, was written over without a word. The store now checks those files again just
 * before it commits, and starts the change again on what they hold. These tests replay the race
 * on a real folder: the edit is made on disk right after the store read its snapshot.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFsSnapshotLoader } from '../../src/engine/fs-snapshot';
import { HttpError } from '../../src/server/errors';
import { createContentStore } from '../../src/server/store/content-store';
import { createFsBackend, textVersion } from '../../src/server/store/fs-backend';
import { storeSnapshotLoader } from '../../src/server/store/store-snapshot';

const meta = { title: 'T', description: 'D' };
const page = (slug: string) => ({ id: slug, slug, meta, sections: [] });
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

let root: string;
const data = (file: string) => join(root, 'data', file);
const redirectsOnDisk = async () => JSON.parse(await readFile(data('redirects.json'), 'utf8')).redirects;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'store-race-'));
  await mkdir(data('pages'), { recursive: true });
  await writeFile(data('pages/home.json'), json(page('home')));
  await writeFile(data('pages/about.json'), json(page('about')));
  await writeFile(data('pages/team.json'), json(page('team')));
  await writeFile(data('redirects.json'), json({ redirects: [{ from: '/old-about/', to: '/about/' }] }));
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** A store over the folder whose snapshot reads run `afterRead` once each, right after the read, while it is still `times` > 0. */
function storeWithEditsAfterReads(afterRead: () => Promise<void>, times: number) {
  const load = storeSnapshotLoader(async () => (await createFsSnapshotLoader(join(root, 'data'))()).snapshot, join(root, 'images'));
  let left = times;
  const loadSnapshot = async () => {
    const snapshot = await load();
    if (left > 0) {
      left -= 1;
      await afterRead();
    }
    return snapshot;
  };
  return createContentStore(createFsBackend({ dataRoot: join(root, 'data'), imagesDir: join(root, 'images'), journalDir: join(root, 'journal'), loadSnapshot }), `race-${root}`);
}

const moveAbout = async () => ({ op: 'move' as const, file: 'pages/about.json', to: 'pages/company.json', baseVersion: textVersion(await readFile(data('pages/about.json'))) });

describe('a file a change rewrites, edited by hand while the change is planned', () => {
  it('keeps the hand edit: the move is planned again on the file as it is now', async () => {
    const handEdit = () => writeFile(data('redirects.json'), json({ redirects: [{ from: '/old-about/', to: '/about/' }, { from: '/crew/', to: '/team/' }] }));
    const store = storeWithEditsAfterReads(handEdit, 1);
    const result = await store.apply({ changes: [await moveAbout()] });
    expect(result.rewritten).toEqual(['redirects.json']);
    expect(await redirectsOnDisk()).toEqual([
      { from: '/old-about/', to: '/company/' },
      { from: '/crew/', to: '/team/' },
      { from: '/about/', to: '/company/', madeByMove: true },
    ]);
    expect(result.versions['redirects.json']).toBe(textVersion(await readFile(data('redirects.json'))));
  });

  it('answers 409, writing nothing, when the file the change names is edited by hand meanwhile', async () => {
    const handEdit = () => writeFile(data('pages/about.json'), json({ ...page('about'), meta: { ...meta, title: 'Edited by hand' } }));
    const store = storeWithEditsAfterReads(handEdit, 1);
    const refusal = await store.apply({ changes: [await moveAbout()] }).catch((error: HttpError) => error);
    expect((refusal as HttpError).status).toBe(409);
    expect(JSON.parse(await readFile(data('pages/about.json'), 'utf8')).meta.title).toBe('Edited by hand');
    expect(await redirectsOnDisk()).toEqual([{ from: '/old-about/', to: '/about/' }]);
  });

  it('gives up with a 503, writing nothing, while the file keeps changing', async () => {
    let edits = 0;
    const handEdit = () => writeFile(data('redirects.json'), json({ redirects: [{ from: '/old-about/', to: '/about/' }, { from: `/crew-${(edits += 1)}/`, to: '/team/' }] }));
    const store = storeWithEditsAfterReads(handEdit, Number.POSITIVE_INFINITY);
    const refusal = await store.apply({ changes: [await moveAbout()] }).catch((error: HttpError) => error);
    expect((refusal as HttpError).status).toBe(503);
    expect(await readFile(data('pages/about.json'), 'utf8')).toBe(json(page('about')));
    expect((await redirectsOnDisk()).map((redirect: { from: string }) => redirect.from)).toEqual(['/old-about/', `/crew-${edits}/`]);
  });
});
