/** Saves that went wrong in ways the server's documents explain: an answer lost on the way, a file renamed or deleted elsewhere. */
import { describe, expect, it } from 'vitest';
import { createEntry, createPage, editField, removeSection, requestSave, restoreDrafts, saveConflicted, saveRejected, saveSucceeded, saveUnanswered, settleGoneDocument, travel } from '../../../src/editor/lib/store/commands';
import { isDirty } from '../../../src/editor/lib/model';
import type { ServerDoc } from '../../../src/editor/lib/server-docs';
import { initialState } from '../../../src/editor/lib/store/state';
import { FOOTER, HOME, NOW, POST, home, homePage, payload, start } from './fixture';

const server = (changes: Record<string, Partial<ServerDoc> | null>): ServerDoc[] => [
  ...payload.docs.flatMap((doc) => (changes[doc.file] === null ? [] : [{ ...doc, ...changes[doc.file] }])),
  ...Object.entries(changes).flatMap(([file, doc]) => (doc && !payload.docs.some((known) => known.file === file) ? [doc as ServerDoc] : [])),
];
const sentOf = (state: ReturnType<typeof start>) => (state.save.status === 'saving' ? state.save.files.map((file) => ({ file, json: JSON.stringify(state.docs[file]!.data) })) : []);

describe('saveUnanswered: no answer came, so the server is asked what it has', () => {
  const saving = requestSave(editField(start(), { file: HOME, path: ['sections', 1, 'data', 'title'], value: 'Sent', now: NOW }), {});
  const sent = sentOf(saving);

  it('counts the save as done when the server has every document as sent, at its new version', () => {
    const state = saveUnanswered(saving, { sent, server: server({ [HOME]: { data: JSON.parse(sent[0]!.json), version: 'v-new' } }) });
    expect(state.docs[HOME]).toMatchObject({ version: 'v-new' });
    expect(isDirty(state.docs[HOME]!)).toBe(false);
    expect(state.notice?.kind).toBe('success');
    expect(state.notice?.text).toContain('the editor checked that the save arrived');
  });

  it('says honestly that it did not arrive, or that it cannot tell, and never that nothing was saved when it cannot tell', () => {
    const missing = saveUnanswered(saving, { sent, server: server({}) });
    expect(missing.notice).toMatchObject({ kind: 'error', text: expect.stringContaining('Your save did not arrive') });
    expect(isDirty(missing.docs[HOME]!)).toBe(true);
    const unknown = saveUnanswered(saving, { sent });
    expect(unknown.notice?.text).toContain('whether your save arrived is not known');
    expect(unknown.notice?.text).not.toContain('Nothing was saved');
    expect(unknown.save.status).toBe('idle');
  });

  it('a later save refused because that save had arrived is no conflict: it is saved, not blamed on someone else', () => {
    const state = saveConflicted(saving, { error: 'Changed', conflicts: [{ file: HOME, currentVersion: 'v-new' }], sent, server: server({ [HOME]: { data: JSON.parse(sent[0]!.json), version: 'v-new' } }) });
    expect(state.dialog).toBeNull();
    expect(state.docs[HOME]).toMatchObject({ version: 'v-new' });
    expect(state.notice?.kind).toBe('success');
  });
});

describe('a save over a file renamed or deleted elsewhere', () => {
  const MOVED = 'collections/posts/hi.json';
  const loadedPost = payload.docs[3]!;
  const editing = editField(start('~posts/hello'), { file: POST, path: ['title'], value: 'Mine', now: NOW });
  const saving = requestSave(editing, {});
  const refused = (changes: Record<string, Partial<ServerDoc> | null>) =>
    saveConflicted(saving, { error: 'Changed', conflicts: [{ file: POST, currentVersion: null }], sent: sentOf(saving), server: server(changes) });

  it('says where a renamed one went, and carries the edits onto it, never recreating the old file', () => {
    const state = refused({ [POST]: null, [MOVED]: { ...loadedPost, file: MOVED, saveSlug: 'posts/hi', version: 'v-moved' } });
    expect(state.dialog).toMatchObject({ kind: 'gone', file: POST, movedTo: { file: MOVED }, carried: { data: { title: 'Mine' } } });
    const carried = settleGoneDocument(state, { edits: 'carry' });
    expect(carried.docs[POST]).toBeUndefined();
    expect(carried.docs[MOVED]).toMatchObject({ version: 'v-moved', data: { title: 'Mine' } });
    expect(isDirty(carried.docs[MOVED]!)).toBe(true);
    expect(carried.route).toBe('~posts/hi');
    // Named as saved, where the move was made: the same title at both, told apart by where each lives (it named the same post twice).
    expect(carried.notice?.text).toBe('Your edits to Post “Hello” (hello) are now on its new address, Post “Hello” (hi), unsaved: Save to keep them.');
    expect(requestSave(carried, {}).save).toMatchObject({ status: 'saving', files: [MOVED], baseVersions: {} });
  });

  it('offers no carrying when the renamed one was changed in the same field, and discarding takes it as saved', () => {
    const state = refused({ [POST]: null, [MOVED]: { ...loadedPost, file: MOVED, saveSlug: 'posts/hi', data: { ...(loadedPost.data as object), excerpt: 'E', title: 'Theirs' } } });
    // Their title changed too: the content no longer matches, nor can the edits merge.
    expect(state.dialog).toMatchObject({ kind: 'gone', file: POST });
    expect(state.dialog).not.toHaveProperty('carried');
    expect(settleGoneDocument(state, { edits: 'carry' })).toBe(state);
    const discarded = settleGoneDocument(state, { edits: 'discard' });
    expect(discarded.docs[POST]).toBeUndefined();
    expect(discarded.dialog).toBeNull();
  });

  it('a page renamed there and changed in the same field: moves the edits there keeping mine where both changed (its copy at the old address never saved)', () => {
    const START = 'pages/start.json';
    const typed = requestSave(editField(start('home'), { file: HOME, path: ['sections', 1, 'data', 'title'], value: 'Mine', now: NOW }), {});
    const theirs = { ...homePage, slug: 'start', sections: homePage.sections.map((section, index) => (index === 1 ? { ...(section as object), data: { ...(section as { data: object }).data, title: 'Theirs', subtitle: 'Their subtitle' } } : section)) };
    const state = saveConflicted(typed, { error: 'Changed', conflicts: [{ file: HOME, currentVersion: null }], sent: sentOf(typed), server: server({ [HOME]: null, [START]: { file: START, kind: 'page', saveSlug: 'start', data: theirs, version: 'v-start' } }) });
    expect(state.dialog).toMatchObject({ kind: 'gone', file: HOME, movedTo: { file: START } });
    expect(state.dialog).not.toHaveProperty('carried');
    const moved = settleGoneDocument(state, { edits: 'carry-mine' });
    expect(moved.docs[HOME]).toBeUndefined();
    expect((moved.docs[START]!.data as typeof homePage).sections[1]).toMatchObject({ data: { title: 'Mine', subtitle: 'Their subtitle' } });
    expect(moved.route).toBe('start');
    expect(requestSave(moved, {}).save).toMatchObject({ status: 'saving', files: [START] });
    // Undo goes on at the new name, onto their version there (it undid nothing, naming the old file).
    const undone = travel(moved, { steps: -1, now: NOW + 9000 });
    expect(undone.docs[HOME]).toBeUndefined();
    expect(undone.docs[START]!.data).toMatchObject({ slug: 'start' });
    expect((undone.docs[START]!.data as typeof homePage).sections[1]).toMatchObject({ data: { title: 'Theirs', subtitle: 'Their subtitle' } });
  });

  it('says a deleted one is gone, and discarding lets go of it', () => {
    const state = refused({ [POST]: null });
    expect(state.dialog).toEqual({ kind: 'gone', file: POST });
    const discarded = settleGoneDocument(state, { edits: 'discard' });
    expect(discarded.docs[POST]).toBeUndefined();
    expect(discarded.route).toBeNull();
  });

  it('still asks, naming the field, for a file whose same field was changed there, not gone', () => {
    const theirs = { ...(loadedPost.data as object), title: 'Theirs' };
    const state = saveConflicted(saving, { error: 'Changed', conflicts: [{ file: POST, currentVersion: 'v8' }], sent: sentOf(saving), server: server({ [POST]: { version: 'v8', data: theirs } }) });
    expect(state.dialog).toMatchObject({ kind: 'conflict', file: POST, currentVersion: 'v8', theirs: { data: theirs, version: 'v8' }, clashes: [['title']] });
  });
});

describe('a save over a file changed elsewhere in other fields (a review saw "Replace with mine" undo a colleague\'s edit)', () => {
  const loadedPost = payload.docs[3]!;
  const saving = requestSave(editField(start('~posts/hello'), { file: POST, path: ['title'], value: 'Mine', now: NOW }), {});

  it('keeps both, based on their version, saves again at once and says so once saved', () => {
    const theirs = { ...(loadedPost.data as object), author: 'Their author' };
    const state = saveConflicted(saving, { error: 'Changed', conflicts: [{ file: POST, currentVersion: 'v8' }], sent: sentOf(saving), server: server({ [POST]: { version: 'v8', data: theirs } }) });
    expect(state.dialog).toBeNull();
    expect(state.docs[POST]).toMatchObject({ version: 'v8', data: { title: 'Mine', author: 'Their author' } });
    expect(JSON.parse(state.docs[POST]!.savedJson)).toEqual(theirs);
    expect(state.save).toMatchObject({ status: 'saving', files: [POST], merged: [POST] });
    const saved = saveSucceeded(state, { saved: [{ file: POST, version: 'v9', json: JSON.stringify(state.docs[POST]!.data) }] });
    expect(saved.notice?.text).toBe('Saved the post “Mine”. Post “Mine” had been changed elsewhere meanwhile, in other fields than yours: both changes are kept, and the form shows them.');
  });
});

describe('restoreDrafts with two tabs’ conflicting drafts of one file', () => {
  it('restores one and keeps the other on offer, saying so', () => {
    const draft = (title: string, savedAt: number) => ({ draft: { file: POST, data: { ...(payload.docs[3]!.data as object), title }, baseVersion: 'v4', savedAt }, changedOnDisk: false, isNew: false, keys: [`k${savedAt}`], savedAt: [savedAt] });
    const state = restoreDrafts(initialState(payload, 'home', [draft('Newer', 2), draft('Older', 1)]), { now: 3 });
    expect((state.docs[POST]!.data as { title: string }).title).toBe('Newer');
    expect(state.recovery.map(({ keys }) => keys)).toEqual([['k1']]);
    expect(state.notice?.text).toContain('is still on offer');
  });
});

describe('a save of a page or post created here, whose address was taken meanwhile (it crashed the editor)', () => {
  const theirs = (file: string, saveSlug: string, data: unknown, kind: ServerDoc['kind']): ServerDoc => ({ file, kind, saveSlug, data, version: 'v-theirs' });

  it('moves the new page, unsaved, to the next free address with a free id, puts theirs in its place, and says so; Undo follows it', () => {
    const created = createPage(start('home'), { slug: 'team', title: 'Team', now: NOW });
    const typed = editField(created, { file: 'pages/team.json', path: ['meta', 'title'], value: 'Our team', now: NOW + 5000 });
    const saving = requestSave(typed, {});
    const their = { id: 'team', slug: 'team', status: 'draft', meta: { title: 'Team (theirs)', description: 'Theirs.' }, sections: [] };
    const state = saveConflicted(saving, { error: 'Exists', conflicts: [{ file: 'pages/team.json', currentVersion: 'v-theirs' }], sent: sentOf(saving), server: server({ 'pages/team.json': theirs('pages/team.json', 'team', their, 'page') }) });
    expect(state.save.status).toBe('idle');
    expect(state.dialog).toBeNull();
    expect(state.docs['pages/team.json']).toMatchObject({ version: 'v-theirs', data: their });
    expect(isDirty(state.docs['pages/team.json']!)).toBe(false);
    const moved = state.docs['pages/team-2.json']!;
    expect(moved).toMatchObject({ version: null, saveSlug: 'team-2', data: { id: 'team-2', slug: 'team-2', meta: { title: 'Our team' } } });
    expect(state.route).toBe('team-2');
    expect(state.notice).toEqual({ kind: 'error', text: 'Page “Our team” (/team/) was not saved: meanwhile, Page “Team (theirs)” (/team/) was saved at that address, by someone else or in another tab. Yours is kept, unsaved, at /team-2/: press Save to keep it there.' });
    // Undo goes back through its edits at the new address, and theirs stays.
    const undone = travel(state, { steps: -1, now: NOW + 9000 });
    expect(undone.docs['pages/team-2.json']!.data).toMatchObject({ id: 'team-2', slug: 'team-2', meta: { title: 'Team' } });
    expect(undone.docs['pages/team.json']).toMatchObject({ version: 'v-theirs' });
    // Save sends it at its new address.
    expect(requestSave(state, {}).save).toMatchObject({ status: 'saving', files: ['pages/team-2.json'] });
  });

  it('moves a new post the same way', () => {
    const created = createEntry(start('home'), { collection: 'posts', slug: 'launch-notes', title: 'Launch notes', today: '2026-11-29', now: NOW });
    const saving = requestSave(created, {});
    const file = 'collections/posts/launch-notes.json';
    const their = { title: 'Launch notes (theirs)', excerpt: 'Theirs.', date: '2026-01-01', author: 'Bea', tags: [], body: 'Theirs.' };
    const state = saveConflicted(saving, { error: 'Exists', conflicts: [{ file, currentVersion: 'v-theirs' }], sent: sentOf(saving), server: server({ [file]: theirs(file, 'posts/launch-notes', their, 'entry') }) });
    expect(state.docs['collections/posts/launch-notes-2.json']).toMatchObject({ version: null, saveSlug: 'posts/launch-notes-2' });
    expect(state.docs[file]).toMatchObject({ version: 'v-theirs' });
    expect(state.route).toBe('~posts/launch-notes-2');
    expect(state.notice?.text).toContain('Yours is kept, unsaved, at “launch-notes-2”');
  });
});

describe('a save refused over changes elsewhere brings every document up to the server (a hostile review)', () => {
  const SITE_FOOTER = 'shared/site-footer.json';
  const footerDoc = payload.docs.find((doc) => doc.file === FOOTER)!;
  // Another tab renamed the footer: the server rewrote the page's `$ref` to it.
  const renamedFooter = (data: unknown) => ({
    [FOOTER]: null,
    [SITE_FOOTER]: { ...footerDoc, file: SITE_FOOTER, saveSlug: 'shared/site-footer', version: 'v-renamed' },
    [HOME]: { data, version: 'v-home-2' },
  });
  const homeWithRef = (ref: string) => ({ ...homePage, sections: homePage.sections.map((section) => ((section as { $ref?: string }).$ref === '../shared/footer.json' ? { $ref: ref } : section)) });

  it('keeps the footer removed here when it was renamed there (it came back, under its new name, and the save said all was saved)', () => {
    const removed = removeSection(start(), { index: 3, now: NOW });
    expect(home(removed).sections).toHaveLength(3);
    const saving = requestSave(removed, {});
    const state = saveConflicted(saving, { error: 'Changed', conflicts: [{ file: HOME, currentVersion: 'v-home-2' }], sent: sentOf(saving), server: server(renamedFooter(homeWithRef('../shared/site-footer.json'))) });
    expect(state.dialog).toBeNull();
    expect(state.save).toMatchObject({ status: 'saving', files: [HOME] });
    expect((state.docs[HOME]!.data as typeof homePage).sections.map((section) => (section as { $ref?: string }).$ref ?? (section as { id: string }).id)).toEqual(['../shared/header.json', 'home-hero', 'home-cta']);
    // The footer is known by its new name; the old one is gone from the editor.
    expect(state.docs[FOOTER]).toBeUndefined();
    expect(state.docs[SITE_FOOTER]).toMatchObject({ version: 'v-renamed' });
  });

  it('takes a clean document renamed there, as the server has it (a post’s tag boxes offered the tag by its old name, and the save was refused)', () => {
    const tagDoc = payload.docs.find((doc) => doc.file === 'collections/tags/news.json')!;
    const edited = editField(start('~posts/hello'), { file: POST, path: ['title'], value: 'Mine', now: NOW });
    const saving = requestSave(edited, {});
    const theirPost = { ...(payload.docs[3]!.data as object), tags: ['latest'] };
    const state = saveConflicted(saving, {
      error: 'Changed',
      conflicts: [{ file: POST, currentVersion: 'v-post-2' }],
      sent: sentOf(saving),
      server: server({ [POST]: { data: theirPost, version: 'v-post-2' }, [tagDoc.file]: null, 'collections/tags/latest.json': { ...tagDoc, file: 'collections/tags/latest.json', saveSlug: 'tags/latest', version: 'v-latest' } }),
    });
    expect(state.docs[tagDoc.file]).toBeUndefined();
    expect(state.docs['collections/tags/latest.json']).toMatchObject({ version: 'v-latest' });
    expect(state.docs[POST]!.data).toMatchObject({ title: 'Mine', tags: ['latest'] });
  });

  it('takes a clean document changed there, whose history follows (Undo brought its old version back)', () => {
    const tag = 'collections/tags/news.json';
    const edited = editField(start('~posts/hello'), { file: POST, path: ['title'], value: 'Mine', now: NOW });
    const saving = requestSave(edited, {});
    const state = saveConflicted(saving, {
      error: 'Changed',
      conflicts: [{ file: POST, currentVersion: 'v-post-2' }],
      sent: sentOf(saving),
      server: server({ [POST]: { data: { ...(payload.docs[3]!.data as object), excerpt: 'Theirs' }, version: 'v-post-2' }, [tag]: { data: { name: 'News!', description: 'D', accent: '#123456' }, version: 'v-tag-2' } }),
    });
    expect(state.docs[tag]).toMatchObject({ version: 'v-tag-2', data: { name: 'News!' } });
    expect(state.docs[POST]!.data).toMatchObject({ title: 'Mine', excerpt: 'Theirs' });
    // Undo does not bring back the tag's old version: its history is on the new one.
    const undone = travel(state, { steps: -1, now: NOW + 9000 });
    expect(undone.docs[tag]!.data).toMatchObject({ name: 'News!' });
  });
});

describe('a save refused as invalid takes in what the server has (a hostile review)', () => {
  it('points a new page at a shared footer renamed elsewhere, and says so: every save was refused, "the file does not exist"', () => {
    const SITE_FOOTER = 'shared/site-footer.json';
    const footerDoc = payload.docs.find((doc) => doc.file === FOOTER)!;
    const created = createPage(start('home'), { slug: 'team', title: 'Team', now: NOW });
    const saving = requestSave(created, {});
    const state = saveRejected(saving, {
      error: 'The change would leave content that is not valid, in pages/team.json',
      issues: [{ file: 'pages/team.json', path: '/sections/4/$ref', message: 'file shared/footer.json does not exist' }],
      server: server({ [FOOTER]: null, [SITE_FOOTER]: { ...footerDoc, file: SITE_FOOTER, saveSlug: 'shared/site-footer', version: 'v-renamed' } }),
    });
    expect((state.docs['pages/team.json']!.data as typeof homePage).sections.at(-1)).toEqual({ $ref: '../shared/site-footer.json' });
    expect(state.docs[FOOTER]).toBeUndefined();
    expect(state.notice?.text).toContain('Meanwhile, something Page “Team” (/team/) shows was renamed elsewhere, and it now points at the new name: press Save to try again.');
    expect(requestSave(state, {}).save).toMatchObject({ status: 'saving', files: ['pages/team.json'] });
  });
});
