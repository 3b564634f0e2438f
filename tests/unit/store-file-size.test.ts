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
    // A shared document no page uses yet (a page is refused sooner, past 1 MiB resolved), and no section (its field's limit would refuse it sooner).
    const long = { text: 'x'.repeat(MAX_DATA_FILE_BYTES + 1024 * 1024) };
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

  it('in a shared section is refused at its own field too, and so is one no page shows yet', async () => {
    const footer = { id: 'site-footer', type: 'footer', data: { brandText: 'Brand', copyright: '© Brand', menu: [] } };
    const shown = snapshotFromEntries([['shared/footer.json', footer], ['pages/home.json', { id: 'home', slug: 'home', meta, sections: [{ $ref: '../shared/footer.json' }] }]]);
    const store = createContentStore({ version: async () => undefined, snapshot: async () => shown, commit: async () => ({}), recover: async () => {} }, 'shared-field-size');
    const put = (file: string, tagline: string) => store.apply({ changes: [{ op: 'put', file, content: { ...footer, data: { ...footer.data, tagline } }, baseVersion: null }] }).catch((error: HttpError) => error);
    const issues = ((await put('shared/footer.json', 'x'.repeat(1_400_000))) as HttpError).extra!.issues as { file: string; path: string; message: string }[];
    expect(issues[0]).toEqual({ file: 'shared/footer.json', path: '/data/tagline', message: 'Use at most 250 characters' });
    const unused = (await put('shared/other-footer.json', 'x'.repeat(251))) as HttpError;
    expect(unused.extra).toEqual({ issues: [{ file: 'shared/other-footer.json', path: '/data/tagline', message: 'Use at most 250 characters' }] });
  });
});
