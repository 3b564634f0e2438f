/** Roles in the store: an `editor` may not change the shared header and footer; the commands that would are refused, with the reason. An admin changes everything. */
import { describe, expect, it } from 'vitest';
import { editField, removeSection, requestOp, requestSave, restoreDrafts, moveSection, travel } from '../../../src/editor/lib/store/commands';
import { isDirty } from '../../../src/editor/lib/model';
import { forbiddenFiles, mayWrite, readOnlyNote } from '../../../src/editor/lib/permissions';
import { initialState } from '../../../src/editor/lib/store/state';
import { FOOTER, HOME, homePage, ids, NOW, payload, POST, start, startAsEditor } from './fixture';

const NOTE = 'Only an administrator can change the shared header and footer.';
const editFooter = (state = startAsEditor()) => editField(state, { file: FOOTER, path: ['data', 'copyright'], value: '© 2027', now: NOW });

describe('mayWrite', () => {
  it('is the server’s rule: an editor writes pages, entries and images; an admin everything', () => {
    const editor = { name: 'ada', role: 'editor' } as const;
    const admin = { name: 'grace', role: 'admin' } as const;
    for (const file of [HOME, POST, 'assets/images/logo.png']) expect(mayWrite(editor, file), file).toBe(true);
    for (const file of [FOOTER, 'shared/header.json', 'redirects.json']) expect(mayWrite(editor, file), file).toBe(false);
    for (const file of [HOME, FOOTER, 'redirects.json']) expect(mayWrite(admin, file), file).toBe(true);
    expect(forbiddenFiles(editor, [HOME, FOOTER])).toEqual([FOOTER]);
    expect(readOnlyNote(FOOTER)).toBe(NOTE);
    expect(readOnlyNote('redirects.json')).toBe('Only an administrator can change src/data/redirects.json.');
  });
});

describe('editField for an editor', () => {
  it('refuses a change to a shared document, saying why, and changes nothing', () => {
    const before = startAsEditor();
    const state = editFooter(before);
    expect(state.docs).toBe(before.docs);
    expect(state.history).toBe(before.history);
    expect(state.notice).toEqual({ kind: 'error', text: NOTE });
  });

  it('changes pages and entries as before, and an admin changes the shared ones', () => {
    expect(isDirty(editField(startAsEditor(), { file: POST, path: ['title'], value: 'Hello again', now: NOW }).docs[POST]!)).toBe(true);
    expect(isDirty(editFooter(start()).docs[FOOTER]!)).toBe(true);
  });

  it('may still move a shared section on a page, or remove it from the page: that changes the page only', () => {
    // A shared call to action between the page's own sections (the header and footer stay put for everyone).
    const promo = { file: 'shared/promo.json', kind: 'shared' as const, saveSlug: 'shared/promo', data: { id: 'site-promo', type: 'cta-banner', data: { title: 'Promo', ctas: [] } }, version: 'v6' };
    const sections = [...homePage.sections.slice(0, 3), { $ref: '../shared/promo.json' }, homePage.sections[3]!];
    const docs = [...payload.docs.map((doc) => (doc.file === HOME ? { ...doc, data: { ...homePage, sections } } : doc)), promo];
    const moved = moveSection(initialState({ ...payload, docs, user: { name: 'ada', role: 'editor' } }, 'home'), { from: 3, to: 2, now: NOW });
    expect(ids(moved).at(2)).toBe('../shared/promo.json');
    expect(isDirty(moved.docs['shared/promo.json']!)).toBe(false);
    const removed = removeSection(startAsEditor(), { index: 0, now: NOW });
    expect(ids(removed)).not.toContain('../shared/header.json');
    expect(isDirty(removed.docs['shared/header.json']!)).toBe(false);
  });
});

describe('requestOp for an editor', () => {
  it('refuses to rename or delete a shared document', () => {
    const state = requestOp(startAsEditor(), { op: { action: 'delete', target: { type: 'doc', file: FOOTER } } });
    expect(state.op).toBeNull();
    expect(state.notice).toEqual({ kind: 'error', text: NOTE });
  });

  it('offers it for pages, entries and images, and to an admin for everything', () => {
    for (const target of [{ type: 'doc', file: POST }, { type: 'image', url: '/assets/images/a.png' }] as const) {
      expect(requestOp(startAsEditor(), { op: { action: 'rename', target } }).op).toEqual({ action: 'rename', target });
    }
    expect(requestOp(start(), { op: { action: 'delete', target: { type: 'doc', file: FOOTER } } }).op).not.toBeNull();
  });
});

describe('restoreDrafts for an editor', () => {
  const draftOf = (file: string, data: unknown) => ({ draft: { file, data, baseVersion: 'v1', savedAt: 1 }, changedOnDisk: false, isNew: false, keys: [], savedAt: [1] });
  const footerData = { id: 'site-footer', type: 'footer', data: { brandText: 'Site', copyright: '© 2030', menu: [] } };
  const offered = (role: 'editor' | 'admin') =>
    initialState({ ...payload, user: { name: 'ada', role } }, 'home', [draftOf(POST, { ...(payload.docs[3]!.data as object), title: 'Drafted' }), draftOf(FOOTER, footerData)]);

  it('restores the drafts it may save, and leaves the shared ones on offer', () => {
    const state = restoreDrafts(offered('editor'), { now: 1 });
    expect(isDirty(state.docs[POST]!)).toBe(true);
    expect(isDirty(state.docs[FOOTER]!)).toBe(false);
    expect(state.recovery.map(({ draft }) => draft.file)).toEqual([FOOTER]);
    expect(state.notice?.text).toBe('Restored unsaved changes to 1 post. Save to keep them. Only an administrator can restore the changes to 1 shared section.');
    // Nothing left it may restore: it says so and keeps them.
    const again = restoreDrafts(state, { now: 2 });
    expect(again.recovery).toBe(state.recovery);
    expect(again.notice?.text).toBe(`Only an administrator can restore these drafts (${FOOTER}).`);
  });

  it('is one step of the history: Undo goes back to the files as saved', () => {
    const state = restoreDrafts(offered('admin'), { now: 1 });
    expect(state.history.past.map((step) => step.label)).toEqual(['Restore unsaved changes']);
    const undone = travel(state, { steps: -1, now: 2 });
    expect(isDirty(undone.docs[POST]!)).toBe(false);
    expect(isDirty(undone.docs[FOOTER]!)).toBe(false);
  });

  it('restores everything for an admin', () => {
    const state = restoreDrafts(offered('admin'), { now: 1 });
    expect(state.recovery).toEqual([]);
    expect(isDirty(state.docs[FOOTER]!)).toBe(true);
  });
});

describe('requestSave and the role', () => {
  it('blocks a save with changes to files the role may not change (signed in again as an editor)', () => {
    const adminEdits = editFooter(start());
    const state = requestSave({ ...adminEdits, session: { ...adminEdits.session, user: { name: 'ada', role: 'editor' } } }, {});
    expect(state.save.status).toBe('idle');
    expect(state.notice).toEqual({
      kind: 'error',
      text: `Save is blocked: ${NOTE} Undo your changes to this file, or ask an administrator.`,
      details: [{ text: `src/data/${FOOTER}` }],
    });
  });
});
