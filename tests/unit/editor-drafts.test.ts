import { describe, expect, it } from 'vitest';
import { discardDrafts, persistDrafts, readDrafts, recoverable, restoreDrafts, setAsidePending, type DraftStore } from '../../src/editor/lib/drafts';
import { docsFromPayload, isDirty, type Docs } from '../../src/editor/lib/model';

function memoryStore(): DraftStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
  };
}

const loaded: Docs = docsFromPayload({
  problems: [],
  maxUploadBytes: 10 * 1024 * 1024,
  docs: [
    { file: 'pages/home.json', kind: 'page', saveSlug: 'home', data: { title: 'Disk' }, version: 'v1' },
    { file: 'pages/about.json', kind: 'page', saveSlug: 'about', data: { title: 'About' }, version: 'v9' },
  ],
});

describe('draft recovery', () => {
  it('keeps drafts of dirty documents only, and forgets them once saved', () => {
    const store = memoryStore();
    const edited: Docs = { ...loaded, 'pages/home.json': { ...loaded['pages/home.json']!, data: { title: 'Draft' } } };
    persistDrafts(store, edited, 1000);
    expect(readDrafts(store)).toEqual([{ file: 'pages/home.json', data: { title: 'Draft' }, baseVersion: 'v1', savedAt: 1000 }]);
    const saved: Docs = { ...edited, 'pages/home.json': { ...edited['pages/home.json']!, savedJson: JSON.stringify({ title: 'Draft' }) } };
    persistDrafts(store, saved);
    expect(readDrafts(store)).toEqual([]);
  });

  it('offers drafts that differ from disk, warning when the file changed since', () => {
    const store = memoryStore();
    persistDrafts(store, { ...loaded, 'pages/home.json': { ...loaded['pages/home.json']!, data: { title: 'Draft' } } });
    expect(recoverable(store, loaded)).toEqual([expect.objectContaining({ changedOnDisk: false, isNew: false })]);
    const diskChanged: Docs = { ...loaded, 'pages/home.json': { ...loaded['pages/home.json']!, version: 'v2' } };
    expect(recoverable(store, diskChanged)[0]!.changedOnDisk).toBe(true);
  });

  it('restores drafts as unsaved edits, including new pages, and can discard them', () => {
    const store = memoryStore();
    const withNewPage: Docs = {
      ...loaded,
      'pages/home.json': { ...loaded['pages/home.json']!, data: { title: 'Draft' } },
      'pages/guides/new.json': { file: 'pages/guides/new.json', kind: 'page', saveSlug: 'guides/new', data: { id: 'n' }, savedJson: '', version: null },
    };
    persistDrafts(store, withNewPage);
    const found = recoverable(store, loaded);
    expect(found.map((r) => [r.draft.file, r.isNew])).toEqual([['pages/guides/new.json', true], ['pages/home.json', false]]);
    const restored = restoreDrafts(loaded, found);
    expect(restored['pages/home.json']!.data).toEqual({ title: 'Draft' });
    expect(isDirty(restored['pages/home.json']!)).toBe(true);
    expect(restored['pages/guides/new.json']).toMatchObject({ saveSlug: 'guides/new', version: null });
    discardDrafts(store, found);
    expect(store.map.size).toBe(0);
  });

  it('survives a full or broken storage', () => {
    const full: DraftStore = { ...memoryStore(), setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(() => persistDrafts(full, { ...loaded, 'pages/home.json': { ...loaded['pages/home.json']!, data: {} } })).not.toThrow();
    const broken = memoryStore();
    broken.setItem('content-editor:draft:pages/x.json', '{not json');
    expect(readDrafts(broken)).toEqual([]);
    expect(broken.map.size).toBe(0);
  });

  it('writes only documents that changed since the last write', () => {
    const store = memoryStore();
    const written = new Map();
    const edited = { ...loaded, 'pages/home.json': { ...loaded['pages/home.json']!, data: { title: 'One' } } };
    persistDrafts(store, edited, 1, written);
    let writes = 0;
    const counting: DraftStore = { ...store, getItem: store.getItem, setItem: (key, value) => { writes += 1; store.setItem(key, value); } };
    persistDrafts(counting, edited, 2, written);
    expect(writes).toBe(0);
    persistDrafts(counting, { ...edited, 'pages/home.json': { ...edited['pages/home.json']!, data: { title: 'Two' } } }, 3, written);
    expect(writes).toBe(1);
    expect(readDrafts(store)[0]).toMatchObject({ data: { title: 'Two' }, savedAt: 3 });
  });

  it('keeps this session’s edits while earlier drafts are on offer, and discarding those keeps these', () => {
    const store = memoryStore();
    persistDrafts(store, { ...loaded, 'pages/home.json': { ...loaded['pages/home.json']!, data: { title: 'Earlier' } } }, 1);
    const offered = recoverable(store, loaded);
    setAsidePending(store, offered);
    // This session edits the same page while the banner shows.
    persistDrafts(store, { ...loaded, 'pages/home.json': { ...loaded['pages/home.json']!, data: { title: 'Now' } } }, 2);
    expect(readDrafts(store).map((draft) => draft.data)).toEqual([{ title: 'Now' }]);
    discardDrafts(store, offered);
    expect(readDrafts(store).map((draft) => draft.data)).toEqual([{ title: 'Now' }]);
  });

  it('offers drafts set aside by a session that closed before they were settled', () => {
    const store = memoryStore();
    persistDrafts(store, { ...loaded, 'pages/about.json': { ...loaded['pages/about.json']!, data: { title: 'Kept' } } }, 1);
    setAsidePending(store, recoverable(store, loaded));
    expect(recoverable(store, loaded).map(({ draft }) => draft.data)).toEqual([{ title: 'Kept' }]);
  });
});
