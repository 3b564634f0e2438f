/** Saving: requestSave decides, the outcome commands record what the server said. */
import { describe, expect, it } from 'vitest';
import { editField, requestSave, saveConflicted, saveFailed, saveRejected, saveSucceeded, settleConflict, travel } from '../../../src/editor/lib/store/commands';
import { isDirty } from '../../../src/editor/lib/model';
import { shownServerIssues } from '../../../src/editor/lib/store/server-marks';
import type { EditorState } from '../../../src/editor/lib/store/state';
import { FOOTER, HOME, home, homePage, NOW, POST, start } from './fixture';

/** The server's marks on `file` as the form shows them now. */
const marksOf = (state: EditorState, file: string) => shownServerIssues(state.serverIssues[file], state.docs[file]?.data);
const typed = (value: string) => editField(start(), { file: HOME, path: ['sections', 1, 'data', 'title'], value, now: NOW });

describe('requestSave', () => {
  it('says there is nothing to save when nothing changed', () => {
    const state = requestSave(start(), {});
    expect(state.save.status).toBe('idle');
    expect(state.notice).toEqual({ kind: 'info', text: 'Nothing to save.' });
  });

  it('starts saving every changed file as one changeset, with overridden versions after a conflict', () => {
    let state = editField(typed('Hey'), { file: FOOTER, path: ['data', 'copyright'], value: '© 2027', now: NOW + 5000 });
    state = requestSave(state, { baseVersions: { [FOOTER]: 'v9' } });
    expect(state.save).toEqual({ status: 'saving', files: [HOME, FOOTER], baseVersions: { [FOOTER]: 'v9' }, summary: 'home: Hero › Title; shared/footer: Footer › Copyright' });
    expect(state.history.savingAt).toBe(2);
    expect(requestSave(state, {})).toBe(state);
  });

  it('blocks a save the server would refuse, each problem in words and linked to its field', () => {
    const state = requestSave(typed(''), {});
    expect(state.save.status).toBe('idle');
    expect(state.notice).toMatchObject({ kind: 'error', text: 'Save is blocked: fix 1 problem first.' });
    expect(state.notice?.details).toEqual([
      { text: 'Page “Home” (/) › Hero › Title: Required', location: { route: 'home', section: 1, field: 'data.title' } },
    ]);
  });
});

describe('save outcomes', () => {
  it('saveSucceeded marks the sent data clean at its new version; later typing stays unsaved', () => {
    const sent = requestSave(typed('Hey'), {});
    const json = JSON.stringify(sent.docs[HOME]!.data);
    const during = editField(sent, { file: HOME, path: ['sections', 1, 'data', 'title'], value: 'Hey!', now: NOW + 100 });
    const state = saveSucceeded(during, { saved: [{ file: HOME, version: 'v10', json }] });
    expect(state.docs[HOME]).toMatchObject({ version: 'v10', savedJson: json });
    expect(isDirty(state.docs[HOME]!)).toBe(true);
    expect(state.save.status).toBe('idle');
    // Named as a person knows it, not counted as "1 document" (QA).
    expect(state.notice).toEqual({ kind: 'success', text: 'Saved the page “Home”.' });
    // Typing on during the save is a step of its own, after the save point the History menu marks.
    expect(state.history.past).toHaveLength(2);
    expect(state.history.savedAt).toBe(1);
  });

  it('saveRejected keeps the edits, puts the server’s issues on their fields and lists them as links', () => {
    const state = saveRejected(requestSave(typed('Hey'), {}), {
      error: 'The change leaves content invalid',
      issues: [{ file: POST, path: '/tags/0', message: 'No tag “x”' }],
    });
    expect(state.save.status).toBe('idle');
    expect(marksOf(state, POST)?.get('tags.0')).toBe('No tag “x”');
    expect(state.notice?.details?.[0]).toEqual({ text: 'Post “Hello” › Tag 1: No tag “x”', location: { route: '~posts/hello', section: null, field: 'tags.0' } });
    // In words an editor knows, not the server's sentence naming files.
    expect(state.notice?.text).toBe('Nothing was saved: one thing needs fixing first (it is below, and marked on its field).');
    expect(isDirty(state.docs[HOME]!)).toBe(true);
  });

  it("drops the server's mark on a field once that field changes, by an edit or an undo, and shows it again on a redo back to the value judged", () => {
    const rejected = saveRejected(requestSave(typed('Hey'), {}), { error: 'Invalid', issues: [{ file: HOME, path: '/sections/1/data/title', message: 'No uploaded image has this address' }] });
    expect(marksOf(rejected, HOME)?.size).toBe(1);
    const undone = travel(rejected, { steps: -1, now: NOW + 1 });
    expect(marksOf(undone, HOME)?.size).toBe(0);
    expect(marksOf(travel(undone, { steps: 1, now: NOW + 2 }), HOME)?.get('sections.1.data.title')).toBe('No uploaded image has this address');
    const retyped = editField(rejected, { file: HOME, path: ['sections', 1, 'data', 'title'], value: 'Hey you', now: NOW + 1 });
    expect(marksOf(retyped, HOME)?.size).toBe(0);
    // Undone back to what the server refused, the field is marked again: the next save would refuse it (a review).
    expect(marksOf(travel(retyped, { steps: -1, now: NOW + 2 }), HOME)?.get('sections.1.data.title')).toBe('No uploaded image has this address');
  });

  it("keeps the marks of the fields an edit or an undo left alone, until they change or the next save (QA)", () => {
    const marked = [
      { file: HOME, path: '/sections/1/data/title', message: 'Too long' },
      { file: HOME, path: '/sections/1/data/subtitle', message: 'Too long' },
      { file: HOME, path: '/sections/2/data/title', message: 'Too long' },
    ];
    const rejected = saveRejected(requestSave(typed('Hey'), {}), { error: 'Invalid', issues: marked });
    const keys = (state: typeof rejected) => [...(marksOf(state, HOME)?.keys() ?? [])];
    // Retyping the subtitle clears its mark alone.
    const edited = editField(rejected, { file: HOME, path: ['sections', 1, 'data', 'subtitle'], value: 'Hello.', now: NOW + 1 });
    expect(keys(edited)).toEqual(['sections.1.data.title', 'sections.2.data.title']);
    // Undoing that edit puts the subtitle back as judged: its mark is back.
    expect(keys(travel(edited, { steps: -1, now: NOW + 2 }))).toEqual(['sections.1.data.title', 'sections.1.data.subtitle', 'sections.2.data.title']);
    // Undoing the typed title changes the title: its mark goes, the others stay.
    expect(keys(travel(rejected, { steps: -1, now: NOW + 2 }))).toEqual(['sections.1.data.subtitle', 'sections.2.data.title']);
    // An edit elsewhere in the same document, or of another document, keeps them all.
    expect(keys(editField(rejected, { file: HOME, path: ['meta', 'description'], value: 'New.', now: NOW + 1 }))).toEqual(['sections.1.data.title', 'sections.1.data.subtitle', 'sections.2.data.title']);
    expect(keys(editField(rejected, { file: FOOTER, path: ['data', 'copyright'], value: '© 2027', now: NOW + 1 }))).toHaveLength(3);
    // The next save judges anew.
    const resent = requestSave(edited, {});
    const saved = saveSucceeded(resent, { saved: [{ file: HOME, version: 'v2', json: JSON.stringify(resent.docs[HOME]!.data) }] });
    expect(marksOf(saved, HOME)?.size ?? 0).toBe(0);
  });

  it('a save that adds a link to a page visitors do not get, from a document they do, says so', () => {
    // A UX review: a menu item in the shared header to a draft page saved silently, and every page linked to a 404.
    const HEADER = 'shared/header.json';
    let state = editField(start(), { file: HOME, path: ['status'], value: 'draft', now: NOW });
    state = editField(state, { file: HEADER, path: ['data', 'links'], value: [{ label: 'Home', href: '/#top' }], now: NOW + 1 });
    const sent = requestSave(state, {});
    const saved = [HOME, HEADER].map((file) => ({ file, version: 'v', json: JSON.stringify(sent.docs[file]!.data) }));
    expect(saveSucceeded(sent, { saved, now: NOW }).notice?.text).toBe('Saved the page “Home” and the shared header. It now links to “Home” (a draft): visitors who follow that link get “page not found” until it is published.');
    // A link that was there already, or one from a page visitors do not get either, is not news.
    const again = editField(saveSucceeded(sent, { saved, now: NOW }), { file: HEADER, path: ['data', 'logoText'], value: 'Site!', now: NOW + 2 });
    const resent = requestSave(again, {});
    expect(saveSucceeded(resent, { saved: [{ file: HEADER, version: 'w', json: JSON.stringify(resent.docs[HEADER]!.data) }], now: NOW }).notice?.text).toBe('Saved the shared header.');
  });

  it('saveConflicted opens the conflict dialog for the first file; saveFailed says why', () => {
    const saving = requestSave(typed('Hey'), {});
    expect(saveConflicted(saving, { error: 'Changed on disk', conflicts: [{ file: HOME, currentVersion: 'v7' }] })).toMatchObject({
      save: { status: 'idle' },
      dialog: { kind: 'conflict', file: HOME, currentVersion: 'v7' },
    });
    expect(saveConflicted(saving, { error: 'Changed on disk', conflicts: [] }).notice?.text).toBe('Nothing was saved: Changed on disk');
    expect(saveFailed(saving, { error: 'Network error' })).toMatchObject({
      save: { status: 'idle' },
      notice: { kind: 'error', text: 'Nothing was saved: Network error. Your changes are kept, unsaved: press Save to try again.' },
    });
  });

  it('names the values changed both ways, and keeps every other change of either side whichever is kept', () => {
    // Here: the hero title and the CTA title. There: the hero title too, and the hero subtitle.
    let state = typed('Mine');
    state = editField(state, { file: HOME, path: ['sections', 2, 'data', 'title'], value: 'My CTA', now: NOW + 1 });
    const theirData = structuredClone(homePage) as typeof homePage;
    Object.assign((theirData.sections[1] as { data: object }).data, { title: 'Theirs', subtitle: 'Their subtitle' });
    const server = [{ file: HOME, kind: 'page' as const, saveSlug: 'home', data: theirData, version: 'v9' }];
    const conflicted = saveConflicted(requestSave(state, {}), { error: 'Changed', conflicts: [{ file: HOME, currentVersion: 'v9' }], server });
    expect(conflicted.dialog).toMatchObject({ kind: 'conflict', file: HOME, currentVersion: 'v9', clashes: [['sections', 1, 'data', 'title']] });

    const theirs = settleConflict(conflicted, { keep: 'theirs' });
    const data = (state: typeof theirs, index: number) => (home(state).sections[index] as { data: Record<string, unknown> }).data;
    expect(data(theirs, 1)).toMatchObject({ title: 'Theirs', subtitle: 'Their subtitle' });
    expect(data(theirs, 2).title).toBe('My CTA');
    expect(theirs.docs[HOME]!.version).toBe('v9');
    expect(isDirty(theirs.docs[HOME]!)).toBe(true);
    expect(theirs.save.status).toBe('idle');
    expect(theirs.notice?.text).toBe('Took their version of the value changed both ways; your other edits are kept, not saved yet.');

    const mine = settleConflict(conflicted, { keep: 'mine' });
    expect(data(mine, 1)).toMatchObject({ title: 'Mine', subtitle: 'Their subtitle' });
    expect(data(mine, 2).title).toBe('My CTA');
    expect(mine.save).toMatchObject({ status: 'saving', files: [HOME] });
    expect(mine.dialog).toBeNull();
    // Without the server's version (it could not be read), there is nothing to settle here: the dialog offers whole files.
    expect(settleConflict(saveConflicted(requestSave(state, {}), { error: 'Changed', conflicts: [{ file: HOME, currentVersion: 'v9' }] }), { keep: 'mine' }).dialog).toMatchObject({ kind: 'conflict' });
  });

  it('merges the files that merge, asks about the first that clashes, and Undo never brings back what they changed', () => {
    // Here: the hero title (clashes) and the footer's copyright (theirs changed its brand text only).
    let state = typed('Mine');
    state = editField(state, { file: FOOTER, path: ['data', 'copyright'], value: '© Mine', now: NOW + 5000 });
    const theirHome = structuredClone(homePage) as typeof homePage;
    Object.assign((theirHome.sections[1] as { data: object }).data, { title: 'Theirs', subtitle: 'Their subtitle' });
    const footer = state.docs[FOOTER]!;
    const theirFooter = { ...(JSON.parse(footer.savedJson) as { data: object }), data: { ...(JSON.parse(footer.savedJson) as { data: object }).data, brandText: 'Their brand' } };
    const server = [
      { file: HOME, kind: 'page' as const, saveSlug: 'home', data: theirHome, version: 'h9' },
      { file: FOOTER, kind: 'shared' as const, saveSlug: 'shared/footer', data: theirFooter, version: 'f9' },
    ];
    const conflicted = saveConflicted(requestSave(state, {}), { error: 'Changed', conflicts: [{ file: FOOTER, currentVersion: 'f9' }, { file: HOME, currentVersion: 'h9' }], server });
    // The footer merged (both changes, on their version); the home page is asked about, with its one clash.
    expect(conflicted.docs[FOOTER]).toMatchObject({ version: 'f9', data: { data: { brandText: 'Their brand', copyright: '© Mine' } } });
    expect(conflicted.dialog).toMatchObject({ kind: 'conflict', file: HOME, clashes: [['sections', 1, 'data', 'title']] });
    const theirs = settleConflict(conflicted, { keep: 'theirs' });
    // Undo goes back through the edits made here, each on their version: their subtitle and brand text stay.
    const undone = travel(travel(theirs, { steps: -1, now: NOW }), { steps: -1, now: NOW });
    expect((home(undone).sections[1] as { data: Record<string, unknown> }).data).toMatchObject({ title: 'Theirs', subtitle: 'Their subtitle' });
    expect(undone.docs[FOOTER]!.data).toMatchObject({ data: { brandText: 'Their brand', copyright: '©' } });
  });

  it('saveFailed puts a refusal for the role (403) and an unreachable git remote (502, 503) in words, and keeps every change ready to save again', () => {
    const saving = requestSave(typed('Hey'), {});
    const forbidden = saveFailed(saving, { error: 'Only an administrator can change shared/header.json', status: 403 });
    expect(forbidden.notice).toEqual({
      kind: 'error',
      text: 'Nothing was saved: Only an administrator can change shared/header.json. Your changes are kept, unsaved: undo the ones your role may not make, or ask an administrator.',
    });
    for (const status of [502, 503]) {
      const state = saveFailed(saving, { error: 'The content repository’s remote cannot be reached.', status });
      expect(state.notice?.text).toBe('Nothing was saved: The content repository’s remote cannot be reached. Your changes are kept, unsaved: press Save to try again in a moment.');
      expect(state.save.status).toBe('idle');
      expect(isDirty(state.docs[HOME]!)).toBe(true);
      // Ready to retry: Save sends the same changes again.
      expect(requestSave(state, {}).save).toEqual({ status: 'saving', files: [HOME], baseVersions: {}, summary: 'Hero › Title' });
    }
  });
});

describe('shownServerIssues', () => {
  const judged = { cover: { url: '/a.png', alt: 'A' }, sections: [{ id: 'hero', data: { title: 'T' } }, { id: 'cta', data: { title: 'C' } }, { $ref: '../shared/footer.json' }] };
  const marks = { issues: new Map([['cover', 'Pick an image'], ['sections.0.data.title', 'Too long'], ['sections.2', 'Missing file'], ['', 'Whole file']]), judged };
  const keys = (current: unknown) => [...(shownServerIssues(marks, current)?.keys() ?? [])];

  it('drops a mark on a group when anything inside it changes, and one on the whole file at any change', () => {
    expect(keys({ ...judged, cover: { ...judged.cover, alt: 'B' } })).toEqual(['sections.0.data.title', 'sections.2']);
  });

  it('returns the same marks while the data is the data judged', () => {
    expect(shownServerIssues(marks, judged)).toBe(marks.issues);
    expect(shownServerIssues(undefined, judged)).toBeUndefined();
  });

  it('follows a section by its id when sections move, and drops its marks when it is removed (a review: they stayed at the old place)', () => {
    const [hero, cta, footer] = judged.sections;
    expect(keys({ ...judged, sections: [cta, hero, footer] })).toEqual(['cover', 'sections.1.data.title', 'sections.2']);
    expect(keys({ ...judged, sections: [cta, footer] })).toEqual(['cover']);
  });
});
