/**
 * A draft of a document renamed before the draft is restored (src/editor/lib/draft-renames.ts):
 * its edits go to the document under its new name, not to a new file under the old one.
 */
import { describe, expect, it } from 'vitest';
import { persistDrafts, recoverable, restoreDrafts } from '../../src/editor/lib/drafts';
import { docsFromPayload, type Docs } from '../../src/editor/lib/model';
import { memoryStore } from '../helpers/draft-store';

const post = { title: 'Launch notes', excerpt: 'What shipped', date: '2026-11-01' };
const about = { id: 'about', slug: 'about', meta: { title: 'About' }, sections: [] as unknown[] };

const docsOf = (docs: Parameters<typeof docsFromPayload>[0]['docs']): Docs => docsFromPayload({ problems: [], maxUploadBytes: 1, docs });
const before = docsOf([
  { file: 'collections/posts/launch.json', kind: 'entry', saveSlug: 'posts/launch', data: post, version: 'p1' },
  { file: 'pages/about.json', kind: 'page', saveSlug: 'about', data: about, version: 'a1' },
]);

/** A closed tab's drafts: `edits` made to the documents loaded as `before`. */
function draftsOf(edits: Record<string, unknown>) {
  const store = memoryStore();
  const edited = Object.fromEntries(Object.entries(before).map(([file, doc]) => [file, file in edits ? { ...doc, data: edits[file] } : doc]));
  persistDrafts(store, 'closed-tab', edited, 1000);
  return store;
}

describe('a draft of a document renamed since', () => {
  it('carries an entry\'s edits to its new file, found by its content as loaded', () => {
    const store = draftsOf({ 'collections/posts/launch.json': { ...post, title: 'Launch notes, revised' } });
    const after = docsOf([
      { file: 'collections/posts/launch-2026.json', kind: 'entry', saveSlug: 'posts/launch-2026', data: post, version: 'p2' },
      { file: 'pages/about.json', kind: 'page', saveSlug: 'about', data: about, version: 'a1' },
    ]);
    const [offer, ...others] = recoverable(store, after);
    expect(others).toEqual([]);
    expect(offer).toMatchObject({ movedFrom: 'collections/posts/launch.json', isNew: false, changedOnDisk: false, draft: { file: 'collections/posts/launch-2026.json', baseVersion: 'p2' } });
    expect(offer!.gone).toBeUndefined();
    const restored = restoreDrafts(after, [offer!]).docs;
    expect(restored['collections/posts/launch-2026.json']!.data).toEqual({ ...post, title: 'Launch notes, revised' });
    // No duplicate at the old name.
    expect(restored['collections/posts/launch.json']).toBeUndefined();
  });

  it('carries a page\'s edits to the page with its id, keeping its new slug and the changes made there', () => {
    const store = draftsOf({ 'pages/about.json': { ...about, meta: { title: 'About us' } } });
    const movedAndEdited = { ...about, slug: 'company/about', sections: [{ id: 's1', type: 'content-block', data: { body: 'Added there' } }] };
    const after = docsOf([
      { file: 'collections/posts/launch.json', kind: 'entry', saveSlug: 'posts/launch', data: post, version: 'p1' },
      { file: 'pages/company/about.json', kind: 'page', saveSlug: 'company/about', data: movedAndEdited, version: 'a2' },
    ]);
    const [offer] = recoverable(store, after);
    // Changed there apart from its name: the banner says restoring takes the draft's values where both changed one.
    expect(offer).toMatchObject({ movedFrom: 'pages/about.json', changedOnDisk: true, draft: { file: 'pages/company/about.json', baseVersion: 'a2' } });
    expect(restoreDrafts(after, [offer!]).docs['pages/company/about.json']!.data).toEqual({ ...movedAndEdited, meta: { title: 'About us' } });
  });

  it('is offered as gone, to be made again under its old name only by choice, when it cannot be found', () => {
    const store = draftsOf({ 'collections/posts/launch.json': { ...post, title: 'Launch notes, revised' } });
    // Deleted, or renamed and changed so that its content no longer tells.
    const after = docsOf([{ file: 'pages/about.json', kind: 'page', saveSlug: 'about', data: about, version: 'a1' }]);
    const [offer] = recoverable(store, after);
    expect(offer).toMatchObject({ gone: true, isNew: true, draft: { file: 'collections/posts/launch.json' } });
    expect(offer!.movedFrom).toBeUndefined();
  });

  it('is not carried to another entry that was alike when the draft was written: that one was there all along', () => {
    const starter = { title: 'Untitled', excerpt: '', date: '2026-11-01' };
    const twins = docsOf([
      { file: 'collections/posts/a.json', kind: 'entry', saveSlug: 'posts/a', data: starter, version: 'a1' },
      { file: 'collections/posts/b.json', kind: 'entry', saveSlug: 'posts/b', data: starter, version: 'b1' },
    ]);
    const store = memoryStore();
    persistDrafts(store, 'closed-tab', { ...twins, 'collections/posts/a.json': { ...twins['collections/posts/a.json']!, data: { ...starter, title: 'A, written' } } }, 1000);
    // a.json is deleted since.
    const [offer] = recoverable(store, docsOf([{ file: 'collections/posts/b.json', kind: 'entry', saveSlug: 'posts/b', data: starter, version: 'b1' }]));
    expect(offer).toMatchObject({ gone: true, isNew: true, draft: { file: 'collections/posts/a.json' } });
  });

  it('follows a page renamed while a new page took its old address, and leaves that page alone', () => {
    const store = draftsOf({ 'pages/about.json': { ...about, meta: { title: 'About us' } } });
    const newcomer = { id: 'other', slug: 'about', meta: { title: 'A new About' }, sections: [] };
    const after = docsOf([
      { file: 'pages/about.json', kind: 'page', saveSlug: 'about', data: newcomer, version: 'n1' },
      { file: 'pages/company/about.json', kind: 'page', saveSlug: 'company/about', data: { ...about, slug: 'company/about' }, version: 'a2' },
    ]);
    const offers = recoverable(store, after);
    expect(offers).toEqual([expect.objectContaining({ movedFrom: 'pages/about.json', draft: expect.objectContaining({ file: 'pages/company/about.json' }) })]);
    const restored = restoreDrafts(after, offers).docs;
    expect(restored['pages/about.json']!.data).toEqual(newcomer);
    expect(restored['pages/company/about.json']!.data).toEqual({ ...about, slug: 'company/about', meta: { title: 'About us' } });
  });

  it('says restoring replaces the page that took the address of a page deleted since', () => {
    const store = draftsOf({ 'pages/about.json': { ...about, meta: { title: 'About us' } } });
    const newcomer = { id: 'other', slug: 'about', meta: { title: 'A new About' }, sections: [] };
    const [offer] = recoverable(store, docsOf([{ file: 'pages/about.json', kind: 'page', saveSlug: 'about', data: newcomer, version: 'n1' }]));
    expect(offer).toMatchObject({ gone: true, isNew: false, draft: { file: 'pages/about.json' } });
  });

  it('follows an entry renamed away while another entry was renamed onto its file, leaving that one alone', () => {
    const store = draftsOf({ 'collections/posts/launch.json': { ...post, title: 'Launch notes, revised' } });
    const other = { title: 'Another post', excerpt: 'Elsewhere', date: '2026-10-01' };
    const after = docsOf([
      { file: 'collections/posts/launch.json', kind: 'entry', saveSlug: 'posts/launch', data: other, version: 'o2' },
      { file: 'collections/posts/launch-notes.json', kind: 'entry', saveSlug: 'posts/launch-notes', data: post, version: 'p2' },
    ]);
    const [offer] = recoverable(store, after);
    expect(offer).toMatchObject({ movedFrom: 'collections/posts/launch.json', draft: { file: 'collections/posts/launch-notes.json', data: { ...post, title: 'Launch notes, revised' } } });
    expect(offer!.mergedWithSave).toBeUndefined();
  });

  it('joins a draft written for the new name, merged field by field where they differ in different fields', () => {
    const store = draftsOf({ 'collections/posts/launch.json': { ...post, title: 'Launch notes, revised' } });
    const after = docsOf([{ file: 'collections/posts/launch-2026.json', kind: 'entry', saveSlug: 'posts/launch-2026', data: post, version: 'p2' }]);
    // Another closed tab, later, edited the renamed post's excerpt.
    persistDrafts(store, 'later-tab', { ...after, 'collections/posts/launch-2026.json': { ...after['collections/posts/launch-2026.json']!, data: { ...post, excerpt: 'All that shipped' } } }, 2000);
    const offers = recoverable(store, after);
    expect(offers).toHaveLength(1);
    expect(offers[0]!.keys).toHaveLength(2);
    expect(offers[0]!.draft.data).toEqual({ ...post, title: 'Launch notes, revised', excerpt: 'All that shipped' });
  });
});
