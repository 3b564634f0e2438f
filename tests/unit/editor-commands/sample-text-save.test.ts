/** Save asks first when it would show visitors sample text they do not have yet (a new FAQ on a published page). */
import { describe, expect, it } from 'vitest';
import { addSection, editField, goToField, openDialog, requestSave, saveConflicted, saveSucceeded, saveUnanswered, selectSection, unpublishDocument } from '../../../src/editor/lib/store/commands';
import { isDirty } from '../../../src/editor/lib/model';
import { run } from '../../../src/editor/lib/store/store';
import { initialState, type EditorState } from '../../../src/editor/lib/store/state';
import { HOME, homePage, NOW, payload, start } from './fixture';

/** A page that may be a draft (the home page is always public). */
const ABOUT = 'pages/about.json';
const withAbout = (data: object = {}) =>
  initialState({ ...payload, docs: [...payload.docs, { file: ABOUT, kind: 'page', saveSlug: 'about', data: { ...homePage, id: 'about', slug: 'about', meta: { title: 'About', description: 'About us.' }, ...data }, version: 'v6' }] }, 'about');
/** The open page (the home page, always public, unless given) with an FAQ added after its hero, its sample question and answer unchanged. */
const withFaq = (state: EditorState = start()) => addSection(selectSection(state, { index: 1 }), { sectionType: 'faq', now: NOW });
const ASKED = {
  kind: 'sample-text',
  documents: [
    {
      file: HOME,
      name: 'Page “Home” (/)',
      fields: [
        { label: 'FAQ › Question 1 › Question', location: { route: 'home', section: 2, field: 'data.items.0.question' } },
        { label: 'FAQ › Question 1 › Answer', location: { route: 'home', section: 2, field: 'data.items.0.answer' } },
      ],
      keys: ['section/home-faq/data/items/*/question\u0000What is the question?', 'section/home-faq/data/items/*/answer\u0000A short, direct answer. **Bold** and [links](/) work.'],
    },
  ],
};

describe('Save with sample text going public', () => {
  it('asks first, naming the page and each field, and saves nothing until answered', () => {
    const before = withFaq();
    const asked = requestSave(before, { now: NOW });
    expect(asked.dialog).toEqual(ASKED);
    expect(asked.save.status).toBe('idle');
    expect(asked.docs).toBe(before.docs);
    expect(asked.history).toBe(before.history);
  });

  it('saves on “Save anyway”, closing the dialog', () => {
    const saving = requestSave(requestSave(withFaq(), { now: NOW }), { sampleTextConfirmed: true, now: NOW });
    expect(saving.save).toMatchObject({ status: 'saving', files: [HOME] });
    expect(saving.dialog).toBeNull();
  });

  it('goes to the first field, or cancels, leaving the edits unsaved', () => {
    const asked = requestSave(withFaq(), { now: NOW });
    const gone = goToField(asked, { location: ASKED.documents[0]!.fields[0]!.location, now: NOW });
    expect(gone).toMatchObject({ dialog: null, route: 'home', selection: 2, pane: 'form', focus: { kind: 'field', field: 'data.items.0.question', at: NOW } });
    const cancelled = openDialog(asked, { dialog: null });
    expect(cancelled.dialog).toBeNull();
    expect(cancelled.save.status).toBe('idle');
    expect(isDirty(cancelled.docs[HOME]!)).toBe(true);
  });

  it('asks the same for Ctrl+S, which dispatches the same command', () => {
    expect(run(withFaq(), { type: 'requestSave', now: NOW }).dialog).toEqual(ASKED);
  });

  it('saves at once a page visitors do not get (a draft, or unpublished in the same save), and one whose sample text is replaced', () => {
    expect(requestSave(withFaq(withAbout()), { now: NOW }).dialog?.kind).toBe('sample-text');
    expect(requestSave(withFaq(withAbout({ status: 'draft' })), { now: NOW }).save.status).toBe('saving');
    expect(requestSave(unpublishDocument(withFaq(withAbout()), { file: ABOUT, now: NOW }), { now: NOW }).save.status).toBe('saving');
    let replaced = editField(withFaq(), { file: HOME, path: ['sections', 2, 'data', 'items', 0, 'question'], value: 'Do you ship abroad?', now: NOW });
    replaced = editField(replaced, { file: HOME, path: ['sections', 2, 'data', 'items', 0, 'answer'], value: 'Yes, everywhere.', now: NOW });
    expect(requestSave(replaced, { now: NOW }).save.status).toBe('saving');
  });

  it('does not ask again when a save it asked about goes again after changes saved elsewhere', () => {
    const saving = requestSave(withFaq(), { sampleTextConfirmed: true, now: NOW });
    const theirs = { ...structuredClone(homePage), meta: { ...homePage.meta, description: 'Their words.' } };
    const merged = saveConflicted(saving, { error: 'Changed', conflicts: [{ file: HOME, currentVersion: 'v9' }], server: [{ file: HOME, kind: 'page', saveSlug: 'home', data: theirs, version: 'v9' }] });
    expect(merged.dialog).toBeNull();
    expect(merged.save).toMatchObject({ status: 'saving', files: [HOME], merged: [HOME] });
  });

  it('does not ask again about the same text when Save is pressed again after a save whose answer was lost, but asks about new sample text', () => {
    const sent = requestSave(requestSave(withFaq(), { now: NOW }), { sampleTextConfirmed: true, now: NOW });
    expect(sent.confirmedSampleText).toEqual({ [HOME]: ASKED.documents[0]!.keys });
    const lost = saveUnanswered(sent, { sent: [{ file: HOME, json: JSON.stringify(sent.docs[HOME]!.data) }] });
    expect(lost.save.status).toBe('idle');
    const again = requestSave(lost, { now: NOW });
    expect(again.dialog).toBeNull();
    expect(again.save).toMatchObject({ status: 'saving', files: [HOME] });
    // Another FAQ is sample text not answered for: asked about, by itself.
    const more = requestSave(addSection(selectSection(lost, { index: 2 }), { sectionType: 'faq', now: NOW }), { now: NOW });
    expect(more.dialog).toMatchObject({ kind: 'sample-text', documents: [{ file: HOME, fields: [{ location: { section: 3 } }, { location: { section: 3 } }] }] });
    // Once the file saves, what visitors have answers for it, and the memory goes.
    const done = saveSucceeded(again, { saved: [{ file: HOME, version: 'v9', json: JSON.stringify(again.docs[HOME]!.data) }] });
    expect(done.confirmedSampleText).toBeUndefined();
  });

  it('forgets every answer once a save lands, a file not in it too: a shared section answered for one page is asked about again for the next page that publishes it (a review)', () => {
    const answered = { ...withFaq(), confirmedSampleText: { 'shared/banner.json': ['data.title\u0000Ready to start?'] } };
    const done = saveSucceeded(answered, { saved: [{ file: HOME, version: 'v9', json: JSON.stringify(answered.docs[HOME]!.data) }] });
    expect(done.confirmedSampleText).toBeUndefined();
  });

  it('remembers only what the sample-text dialog asked: a save going again after a conflict answers nothing new', () => {
    expect(requestSave(withFaq(), { sampleTextConfirmed: true, now: NOW }).confirmedSampleText).toBeUndefined();
  });
});
