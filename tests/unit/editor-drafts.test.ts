import { describe, expect, it } from 'vitest';
import { discardDrafts, draftsNotKeptNotice, isDraftKeyOf, keepRestored, openElsewhere, persistDrafts, readDrafts, recoverable, restoreDrafts, type DraftStore } from '../../src/editor/lib/drafts';
import { docsFromPayload, isDirty, type Docs } from '../../src/editor/lib/model';
import { memoryStore } from '../helpers/draft-store';

const loaded: Docs = docsFromPayload({
  problems: [],
  maxUploadBytes: 10 * 1024 * 1024,
  docs: [
    { file: 'pages/home.json', kind: 'page', saveSlug: 'home', data: { title: 'Disk' }, version: 'v1' },
    { file: 'pages/about.json', kind: 'page', saveSlug: 'about', data: { title: 'About' }, version: 'v9' },
  ],
});

const edit = (file: string, data: unknown): Docs => ({ ...loaded, [file]: { ...loaded[file]!, data } });

describe('draft recovery', () => {
  it('keeps drafts of dirty documents only, under the tab\'s own keys, and forgets them once saved', () => {
    const store = memoryStore();
    const edited = edit('pages/home.json', { title: 'Draft' });
    persistDrafts(store, 'tab-a', edited, 1000);
    // With the document as loaded: a draft finds it by that when it is renamed before the draft is restored.
    expect(readDrafts(store)).toEqual([{ file: 'pages/home.json', data: { title: 'Draft' }, baseVersion: 'v1', savedAt: 1000, tab: 'tab-a', base: { title: 'Disk' } }]);
    expect([...store.map.keys()].every((key) => isDraftKeyOf('tab-a', key) && !isDraftKeyOf('tab-b', key))).toBe(true);
    const saved: Docs = { ...edited, 'pages/home.json': { ...edited['pages/home.json']!, savedJson: JSON.stringify({ title: 'Draft' }) } };
    persistDrafts(store, 'tab-a', saved);
    expect(readDrafts(store)).toEqual([]);
  });

  it('offers drafts that differ from disk, warning when the file changed since', () => {
    const store = memoryStore();
    persistDrafts(store, 'tab-a', edit('pages/home.json', { title: 'Draft' }));
    expect(recoverable(store, loaded)).toEqual([expect.objectContaining({ changedOnDisk: false, isNew: false })]);
    // Saved since with the same field changed otherwise: restoring would replace that.
    const diskChanged = docsFromPayload({ problems: [], maxUploadBytes: 1, docs: [{ file: 'pages/home.json', kind: 'page', saveSlug: 'home', data: { title: 'Theirs' }, version: 'v2' }] });
    expect(recoverable(store, diskChanged)[0]).toMatchObject({ changedOnDisk: true, draft: { data: { title: 'Draft' }, baseVersion: 'v1' } });
  });

  it('merges a draft onto a save made since in other fields (their own last save, or someone\'s), blaming no one', () => {
    const store = memoryStore();
    persistDrafts(store, 'tab-a', edit('pages/home.json', { title: 'Draft' }));
    const savedSince = docsFromPayload({ problems: [], maxUploadBytes: 1, docs: [{ file: 'pages/home.json', kind: 'page', saveSlug: 'home', data: { title: 'Disk', cta: 'Saved since' }, version: 'v2' }] });
    const [offer] = recoverable(store, savedSince);
    expect(offer).toMatchObject({ changedOnDisk: false, mergedWithSave: true, draft: { data: { title: 'Draft', cta: 'Saved since' }, baseVersion: 'v2' } });
    expect(restoreDrafts(savedSince, [offer!]).docs['pages/home.json']!.data).toEqual({ title: 'Draft', cta: 'Saved since' });
  });

  it('restores drafts as unsaved edits, including new pages, and can discard them', () => {
    const store = memoryStore();
    const withNewPage: Docs = {
      ...edit('pages/home.json', { title: 'Draft' }),
      'pages/guides/new.json': { file: 'pages/guides/new.json', kind: 'page', saveSlug: 'guides/new', data: { id: 'n' }, savedJson: '', version: null },
    };
    persistDrafts(store, 'tab-a', withNewPage);
    const found = recoverable(store, loaded);
    expect(found.map((r) => [r.draft.file, r.isNew])).toEqual([['pages/guides/new.json', true], ['pages/home.json', false]]);
    const restored = restoreDrafts(loaded, found).docs;
    expect(restored['pages/home.json']!.data).toEqual({ title: 'Draft' });
    expect(isDirty(restored['pages/home.json']!)).toBe(true);
    expect(restored['pages/guides/new.json']).toMatchObject({ saveSlug: 'guides/new', version: null });
    discardDrafts(store, found);
    expect(store.map.size).toBe(0);
  });

  it('keeps the edits made while the offer showed, in fields the draft left alone (Restore replaced them)', () => {
    const store = memoryStore();
    const disk: Docs = { ...loaded, 'pages/home.json': { ...loaded['pages/home.json']!, data: { title: 'Disk', cta: 'Go' }, savedJson: JSON.stringify({ title: 'Disk', cta: 'Go' }) } };
    persistDrafts(store, 'closed-tab', { ...disk, 'pages/home.json': { ...disk['pages/home.json']!, data: { title: 'From the closed tab', cta: 'Go' } } }, 1);
    const offered = recoverable(store, disk);
    const typedMeanwhile: Docs = { ...disk, 'pages/home.json': { ...disk['pages/home.json']!, data: { title: 'Disk', cta: 'Typed while the offer showed' } } };
    expect(restoreDrafts(typedMeanwhile, offered).docs['pages/home.json']!.data).toEqual({ title: 'From the closed tab', cta: 'Typed while the offer showed' });
  });

  it('survives a full or broken storage, and says which drafts it could not keep', () => {
    const full: DraftStore = { ...memoryStore(), setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(persistDrafts(full, 'tab-a', edit('pages/home.json', {}))).toEqual(['pages/home.json']);
    const broken = memoryStore();
    broken.setItem('content-editor:draft:tab-a:pages/x.json', '{not json');
    expect(readDrafts(broken)).toEqual([]);
    expect(broken.map.size).toBe(0);
  });

  it('keeps an earlier draft the storage has no room to replace, marked as lacking the last changes, and tries again on the next write', () => {
    const store = memoryStore();
    const written = new Map();
    persistDrafts(store, 'tab-a', edit('pages/home.json', { title: 'Short' }), 1000, written);
    const [earlier] = [...store.map.values()];
    let room = earlier!.length + 20;
    const filling: DraftStore = { ...store, getItem: store.getItem, removeItem: store.removeItem, setItem: (key, value) => {
      if (value.length > room) throw new Error('QuotaExceededError');
      store.setItem(key, value);
    } };
    const long = edit('pages/home.json', { title: 'A much longer title, typed since, which does not fit' });
    expect(persistDrafts(filling, 'tab-a', long, 2000, written)).toEqual(['pages/home.json']);
    expect(readDrafts(store)).toEqual([expect.objectContaining({ data: { title: 'Short' }, incomplete: true })]);
    // Room enough for the draft without its base: kept so (it cannot follow a rename, but holds the edits).
    room = JSON.stringify({ file: 'pages/home.json', data: { title: 'A much longer title, typed since, which does not fit' }, baseVersion: 'v1', savedAt: 3000, tab: 'tab-a' }).length;
    expect(persistDrafts(filling, 'tab-a', long, 3000, written)).toEqual([]);
    const [kept] = readDrafts(store);
    expect(kept).toMatchObject({ data: { title: 'A much longer title, typed since, which does not fit' } });
    expect(kept!.base).toBeUndefined();
    expect(kept!.incomplete).toBeUndefined();
  });

  it('forgets a restored draft only once this tab has stored it: on a full storage it stays on offer', () => {
    const store = memoryStore();
    persistDrafts(store, 'closed-tab', edit('pages/home.json', { title: 'From the closed tab' }), 1000);
    const offers = recoverable(store, loaded);
    const { docs: restored } = restoreDrafts(loaded, offers);
    const full: DraftStore = { ...store, getItem: store.getItem, removeItem: store.removeItem, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(keepRestored(full, 'this-tab', restored, offers)).toEqual(['pages/home.json']);
    expect(readDrafts(store)).toEqual([expect.objectContaining({ tab: 'closed-tab', data: { title: 'From the closed tab' } })]);
    // With room, it is this tab's, and the closed tab's is forgotten.
    expect(keepRestored(store, 'this-tab', restored, offers)).toEqual([]);
    expect(readDrafts(store)).toEqual([expect.objectContaining({ tab: 'this-tab', data: { title: 'From the closed tab' } })]);
  });

  it('names the documents whose drafts the storage refused, and says only Save keeps them', () => {
    expect(draftsNotKeptNotice(loaded, ['pages/home.json'])).toEqual({ kind: 'error', text: expect.stringMatching(/^This browser’s storage is full, so unsaved changes to Page “.+” \(\/\) are not kept on this device: if the tab closes, they are lost\. Save to keep them\.$/) });
  });

  it('writes only documents that changed since the last write', () => {
    const store = memoryStore();
    const written = new Map();
    const edited = edit('pages/home.json', { title: 'One' });
    persistDrafts(store, 'tab-a', edited, 1, written);
    let writes = 0;
    const counting: DraftStore = { ...store, getItem: store.getItem, setItem: (key, value) => { writes += 1; store.setItem(key, value); } };
    persistDrafts(counting, 'tab-a', edited, 2, written);
    expect(writes).toBe(0);
    persistDrafts(counting, 'tab-a', { ...edited, 'pages/home.json': { ...edited['pages/home.json']!, data: { title: 'Two' } } }, 3, written);
    expect(writes).toBe(1);
    expect(readDrafts(store)[0]).toMatchObject({ data: { title: 'Two' }, savedAt: 3 });
  });

  it('keeps this tab\'s edits of a file while a closed tab\'s drafts of it are on offer, and discarding those keeps these', () => {
    const store = memoryStore();
    persistDrafts(store, 'closed', edit('pages/home.json', { title: 'Earlier' }), 1);
    const offered = recoverable(store, loaded, new Set(['now']));
    // This tab edits the same page while the banner shows.
    persistDrafts(store, 'now', edit('pages/home.json', { title: 'Now' }), 2);
    discardDrafts(store, offered);
    expect(readDrafts(store).map((draft) => draft.data)).toEqual([{ title: 'Now' }]);
  });

  it('never offers an open tab\'s drafts to another tab, so that one cannot discard them; it names their files instead', () => {
    const store = memoryStore();
    persistDrafts(store, 'open', edit('pages/about.json', { title: 'Open elsewhere' }), 1);
    persistDrafts(store, 'closed', edit('pages/home.json', { title: 'From a crash' }), 2);
    const live = new Set(['open', 'this']);
    const offered = recoverable(store, loaded, live);
    expect(offered.map(({ draft }) => draft.data)).toEqual([{ title: 'From a crash' }]);
    expect(openElsewhere(store, 'this', live)).toEqual({ files: ['pages/about.json'], tabs: ['open'] });
    discardDrafts(store, offered);
    expect(readDrafts(store, new Set(['this'])).map((draft) => draft.data)).toEqual([{ title: 'Open elsewhere' }]);
    // Once that tab is closed too, its drafts are offered like any other.
    expect(recoverable(store, loaded, new Set(['this'])).map(({ draft }) => draft.data)).toEqual([{ title: 'Open elsewhere' }]);
  });

  it('merges closed tabs\' drafts of one file that changed different fields, and forgets them all once restored', () => {
    const store = memoryStore();
    const page = { meta: { title: 'About', description: 'Old' }, sections: [{ id: 'hero', data: { title: 'Hi' } }, { id: 'cta', data: { title: 'Go' } }] };
    const disk: Docs = { ...loaded, 'pages/about.json': { ...loaded['pages/about.json']!, data: page, savedJson: JSON.stringify(page) } };
    const changed = (path: (copy: typeof page) => void) => {
      const copy = structuredClone(page);
      path(copy);
      return { ...disk, 'pages/about.json': { ...disk['pages/about.json']!, data: copy } };
    };
    persistDrafts(store, 'first', changed((copy) => (copy.sections[0]!.data.title = 'First tab')), 1);
    persistDrafts(store, 'second', changed((copy) => (copy.meta.description = 'Second tab')), 2);
    const offered = recoverable(store, disk);
    expect(offered).toHaveLength(1);
    expect(offered[0]!.savedAt).toEqual([2, 1]);
    const { docs, restored, waiting } = restoreDrafts(disk, offered);
    expect(docs['pages/about.json']!.data).toEqual({ meta: { title: 'About', description: 'Second tab' }, sections: [{ id: 'hero', data: { title: 'First tab' } }, { id: 'cta', data: { title: 'Go' } }] });
    expect(waiting).toEqual([]);
    discardDrafts(store, restored);
    expect(store.map.size).toBe(0);
  });

  it('offers conflicting drafts of one file one after another: restoring the newest never forgets the other', () => {
    const store = memoryStore();
    persistDrafts(store, 'first', edit('pages/home.json', { title: 'Older' }), 1);
    persistDrafts(store, 'second', edit('pages/home.json', { title: 'Newer' }), 2);
    const offered = recoverable(store, loaded);
    expect(offered.map(({ draft }) => draft.data)).toEqual([{ title: 'Newer' }, { title: 'Older' }]);
    const { docs, restored, waiting } = restoreDrafts(loaded, offered);
    expect(docs['pages/home.json']!.data).toEqual({ title: 'Newer' });
    discardDrafts(store, restored);
    expect(waiting.map(({ draft }) => draft.data)).toEqual([{ title: 'Older' }]);
    expect(readDrafts(store).map(({ data }) => data)).toEqual([{ title: 'Older' }]);
    // Offered next, it restores in its turn; Discard of everything on offer forgets both.
    expect(restoreDrafts(docs, waiting).docs['pages/home.json']!.data).toEqual({ title: 'Older' });
    discardDrafts(store, waiting);
    expect(store.map.size).toBe(0);
  });

  it('forgets this tab\'s draft of a file no longer among the documents (deleted, or renamed elsewhere)', () => {
    const store = memoryStore();
    const written = new Map();
    const edited = edit('pages/about.json', { title: 'Edited' });
    persistDrafts(store, 'tab-a', edited, 1, written);
    const { ['pages/about.json']: _gone, ...rest } = edited;
    persistDrafts(store, 'tab-a', rest, 2, written);
    expect(store.map.size).toBe(0);
  });

  it('still offers drafts that older versions of the editor stored, or set aside', () => {
    const store = memoryStore();
    const old = (title: string) => JSON.stringify({ file: 'pages/about.json', data: { title }, baseVersion: 'v9', savedAt: title === 'Kept' ? 2 : 1 });
    store.setItem('content-editor:draft:pages/about.json', old('Draft'));
    store.setItem('content-editor:pending:pages/about.json', old('Kept'));
    const offered = recoverable(store, loaded, new Set(['this']));
    // Both changed the title: two offers, the newest first.
    expect(offered.map(({ draft }) => draft.data)).toEqual([{ title: 'Kept' }, { title: 'Draft' }]);
    discardDrafts(store, offered);
    expect(store.map.size).toBe(0);
  });

  it('offers a draft only to whoever wrote it: on a shared computer, the next person neither sees nor discards it', () => {
    const store = memoryStore();
    persistDrafts(store, 'ada-tab', edit('pages/home.json', { title: 'Ada’s words' }), 1, undefined, 'ada');
    expect(recoverable(store, loaded, new Set(), 'eve')).toEqual([]);
    expect(readDrafts(store, new Set(), 'eve')).toEqual([]);
    const offered = recoverable(store, loaded, new Set(), 'ada');
    expect(offered.map(({ draft }) => [draft.data, draft.user])).toEqual([[{ title: 'Ada’s words' }, 'ada']]);
    // A draft an older editor stored names no one: it is offered to anyone, as before.
    store.setItem('content-editor:draft:pages/about.json', JSON.stringify({ file: 'pages/about.json', data: { title: 'Old' }, baseVersion: 'v9', savedAt: 1 }));
    expect(recoverable(store, loaded, new Set(), 'eve').map(({ draft }) => draft.file)).toEqual(['pages/about.json']);
  });

  it('names only the user’s own open tabs and what they are changing, never another user’s', () => {
    const store = memoryStore();
    persistDrafts(store, 'ada-tab', edit('pages/about.json', { title: 'Ada, still typing' }), 1, undefined, 'ada');
    persistDrafts(store, 'eve-tab', edit('pages/home.json', { title: 'Eve, in another tab' }), 2, undefined, 'eve');
    const live = new Set(['ada-tab', 'eve-tab', 'this']);
    expect(openElsewhere(store, 'this', live, 'eve')).toEqual({ files: ['pages/home.json'], tabs: ['eve-tab'] });
    expect(openElsewhere(store, 'this', live, 'bob')).toEqual({ files: [], tabs: [] });
  });
});
