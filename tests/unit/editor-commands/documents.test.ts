/** Commands that add or replace whole documents: new pages and entries, reloads, drafts, applied deletes and renames. */
import { describe, expect, it } from 'vitest';
import { createEntry, createPage, discardDrafts, discardNewDocument, draftsFound, editField, opApplied, openDialog, reloadFile, requestOp, restoreDrafts, travel } from '../../../src/editor/lib/store/commands';
import { initialState } from '../../../src/editor/lib/store/state';
import { isDirty } from '../../../src/editor/lib/model';
import { HOME, labels, NOW, payload, start } from './fixture';

describe('createPage', () => {
  it('creates an unsaved page, opens it and can be undone', () => {
    const state = createPage(start(), { slug: 'pricing', title: 'Pricing', now: NOW });
    expect(state.docs['pages/pricing.json']).toMatchObject({ kind: 'page', version: null, saveSlug: 'pricing' });
    expect(state).toMatchObject({ route: 'pricing', dialog: null, selection: null });
    expect(labels(state)).toEqual(['Create page /pricing']);
    expect(travel(state, { steps: -1, now: NOW }).docs['pages/pricing.json']).toBeUndefined();
  });

  it('refuses a slug that exists', () => {
    const state = start();
    expect(createPage(state, { slug: 'home', now: NOW })).toBe(state);
  });
});

describe('createEntry', () => {
  it('creates an unsaved entry with starter data and opens it', () => {
    const state = createEntry(start(), { collection: 'posts', slug: 'new-post', today: '2026-11-23', now: NOW });
    expect(state.docs['collections/posts/new-post.json']).toMatchObject({ kind: 'entry', version: null, data: { title: 'New Post', date: '2026-11-23' } });
    expect(state.route).toBe('~posts/new-post');
    expect(labels(state)).toEqual(['Create post “new-post”']);
  });

  it('takes the title given in the dialog, and names the entry by it', () => {
    const state = createEntry(start(), { collection: 'posts', slug: 'spring-update', title: ' Our spring update! ', today: '2026-11-23', now: NOW });
    expect(state.docs['collections/posts/spring-update.json']!.data).toMatchObject({ status: 'draft', title: 'Our spring update!' });
    expect(state.notice).toEqual({ kind: 'info', text: 'Created the post “Our spring update!”. Press Save to keep it.' });
  });
});

describe('reloadFile', () => {
  it('replaces a file with what is on disk, clean and not undoable', () => {
    const disk = { ...payload.docs[0]!, data: { ...(payload.docs[0]!.data as object), id: 'home-2' }, version: 'v8' };
    const state = reloadFile(start(), { doc: disk });
    expect(state.docs[HOME]).toMatchObject({ version: 'v8', data: { id: 'home-2' } });
    expect(isDirty(state.docs[HOME]!)).toBe(false);
    expect(state.history.past).toHaveLength(0);
  });
});

describe('draftsFound', () => {
  it('offers the drafts of closed tabs and names the files another open tab is changing', () => {
    const draft = { file: HOME, data: { id: 'restored' }, baseVersion: 'v1', savedAt: 1 };
    const state = draftsFound(initialState(payload, 'home'), { recovery: [{ draft, changedOnDisk: false, isNew: false, keys: ['k'], savedAt: [1] }], openElsewhere: ['pages/about.json'] });
    expect(state.recovery.map(({ draft }) => draft.file)).toEqual([HOME]);
    expect(state.openElsewhere).toEqual(['pages/about.json']);
    // Nothing else changes: the documents stay as loaded until the user restores.
    expect(state.docs).toEqual(initialState(payload, 'home').docs);
  });
});

describe('restoreDrafts and discardDrafts', () => {
  const draft = { file: HOME, data: { ...(payload.docs[0]!.data as object), id: 'restored' }, baseVersion: 'v1', savedAt: 1 };
  const offered = initialState(payload, 'home', [{ draft, changedOnDisk: false, isNew: false, keys: [], savedAt: [1] }]);

  it('restores the drafts as unsaved edits and says how many', () => {
    const state = restoreDrafts(offered, { now: 1 });
    expect(state.recovery).toEqual([]);
    expect(state.docs[HOME]?.data).toMatchObject({ id: 'restored' });
    expect(isDirty(state.docs[HOME]!)).toBe(true);
    expect(state.notice?.text).toBe('Restored unsaved changes to 1 page. Save to keep them.');
  });

  it('discards them once confirmed, keeping the documents as loaded, closing the question and saying what went', () => {
    const asked = openDialog(offered, { dialog: { kind: 'discard-drafts' } });
    const state = discardDrafts(asked);
    expect(state.recovery).toEqual([]);
    expect(state.dialog).toBeNull();
    expect(state.docs).toBe(offered.docs);
    expect(state.notice).toEqual({ kind: 'info', text: 'Discarded the unsaved changes from an earlier session to 1 page.' });
    expect(discardDrafts(state)).toBe(state);
  });
});

describe('requestOp and opApplied', () => {
  it('asks for a delete, then reloads everything, starts the history afresh and leaves the deleted page', () => {
    let state = requestOp(createPage(start(), { slug: 'x', now: NOW }), { op: { action: 'delete', target: { type: 'doc', file: HOME } } });
    expect(state.op).toEqual({ action: 'delete', target: { type: 'doc', file: HOME } });
    state = opApplied(state, { payload: { ...payload, docs: payload.docs.slice(1) }, message: 'Deleted the page.', route: null });
    expect(state).toMatchObject({ op: null, route: null, selection: null, notice: { kind: 'success', text: 'Deleted the page.' } });
    expect(state.docs[HOME]).toBeUndefined();
    expect(state.history.past).toHaveLength(0);
  });

  it('stays where it is when the route did not change (a renamed image)', () => {
    const state = opApplied(start(), { payload, message: 'Renamed.' });
    expect(state.route).toBe('home');
  });
});

describe('discardNewDocument', () => {
  it('lets go of a page never saved, as one step that Undo takes back with its edits (it had no Delete…, and nothing said Undo would do)', () => {
    const created = createPage(start(), { slug: 'team', title: 'Team', now: NOW });
    const typed = editField(created, { file: 'pages/team.json', path: ['meta', 'title'], value: 'Our team', now: NOW + 5000 });
    const discarded = discardNewDocument(typed, { file: 'pages/team.json', now: NOW + 10_000 });
    expect(discarded.docs['pages/team.json']).toBeUndefined();
    expect(discarded.route).toBeNull();
    expect(discarded.notice).toEqual({ kind: 'info', text: 'Discarded Page “Our team” (/team/), which was never saved. Undo brings it back.' });
    expect(Object.values(discarded.docs).some(isDirty)).toBe(false);
    const back = travel(discarded, { steps: -1, now: NOW + 11_000 });
    expect(back.docs['pages/team.json']).toMatchObject({ version: null, data: { meta: { title: 'Our team' } } });
    expect(travel(back, { steps: 1, now: NOW + 12_000 }).docs['pages/team.json']).toBeUndefined();
  });

  it('does nothing to a document that was saved: that is Delete…', () => {
    const state = start();
    expect(discardNewDocument(state, { file: HOME, now: NOW })).toBe(state);
  });
});
