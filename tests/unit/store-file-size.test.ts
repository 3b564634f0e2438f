/**
 * The snapshot loader refuses, unread, a data file over MAX_DATA_FILE_BYTES (fs-snapshot.test.ts),
 * so the content store never writes one: a change that would is refused with 400, naming the file,
 * and nothing is written.
 */
import { describe, expect, it } from 'vitest';
import { MAX_DATA_FILE_BYTES } from '../../src/engine/data-files';
import { snapshotFromEntries } from '../../src/engine/snapshot';
import { HttpError } from '../../src/server/errors';
import { createContentStore, type StoreWrite } from '../../src/server/store/content-store';

const meta = { title: 'T', description: 'D' };
const site = snapshotFromEntries([['pages/home.json', { id: 'home', slug: 'home', meta, sections: [] }]]);

describe('a data file too large to be read', () => {
  it('is never written: the change is refused with 400 naming the file', async () => {
    const commits: StoreWrite[][] = [];
    const store = createContentStore({ version: async () => undefined, snapshot: async () => site, commit: async (writes) => (commits.push(writes), {}), recover: async () => {} }, 'file-size');
    // A shared section no page uses yet: a page is refused sooner, past 1 MiB resolved.
    const long = { id: 'long', type: 'content-block', data: { body: 'x'.repeat(MAX_DATA_FILE_BYTES + 1024 * 1024) } };
    const refusal: unknown = await store.apply({ changes: [{ op: 'put', file: 'shared/long.json', content: long, baseVersion: null }] }).catch((error: HttpError) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).status).toBe(400);
    expect((refusal as HttpError).message).toBe('The change would make a file too large to be read, in shared/long.json');
    expect((refusal as HttpError).extra).toEqual({ issues: [{ file: 'shared/long.json', path: '', message: 'would be 9.0 MB as stored, over the 8.0 MB a data file may be: split it into several files' }] });
    expect(commits).toEqual([]);
  });
});

describe('a value too long for its field', () => {
  it('is refused at its field, with its limit in plain words, before the page’s size cap (a 1.4 MB description)', async () => {
    const store = createContentStore({ version: async () => undefined, snapshot: async () => site, commit: async () => ({}), recover: async () => {} }, 'field-size');
    const about = { id: 'about', slug: 'about', meta, sections: [{ id: 'about-hero', type: 'page-hero', data: { title: 'About', description: 'x'.repeat(1_400_000) } }] };
    const refusal: unknown = await store.apply({ changes: [{ op: 'put', file: 'pages/about.json', content: about, baseVersion: null }] }).catch((error: HttpError) => error);
    expect((refusal as HttpError).status).toBe(400);
    expect((refusal as HttpError).extra).toEqual({ issues: [{ file: 'pages/about.json', path: '/sections/0/data/description', message: 'Use at most 1,000 characters' }] });
    expect(JSON.stringify((refusal as HttpError).extra)).not.toMatch(/\$ref|MiB/);
  });
});
