/** Which starter text a save would newly show visitors: what Save asks about before it goes public. */
import { describe, expect, it } from 'vitest';
import { addSection, editField, moveSection, publishDocument, saveSucceeded, scheduleDocument, selectSection, unpublishDocument } from '../../src/editor/lib/store/commands';
import { isDirty } from '../../src/editor/lib/model';
import { starterGoingPublic } from '../../src/editor/lib/starter-going-public';
import type { EditorState } from '../../src/editor/lib/store/state';
import { initialState } from '../../src/editor/lib/store/state';
import { FOOTER, HOME, homePage, NOW, payload, POST, start } from './editor-commands/fixture';

const ABOUT = 'pages/about.json';
const withAbout = (data: object = {}) =>
  initialState({ ...payload, docs: [...payload.docs, { file: ABOUT, kind: 'page', saveSlug: 'about', data: { ...homePage, id: 'about', slug: 'about', meta: { title: 'About', description: 'About us.' }, ...data }, version: 'v6' }] }, 'about');

const now = new Date(NOW);
const dirtyFiles = (state: EditorState) => Object.values(state.docs).filter(isDirty).map((doc) => doc.file);
const going = (state: EditorState) => starterGoingPublic(state.docs, dirtyFiles(state), now);
/** An FAQ added after the hero (index 2): its sample question and answer, its kept title not. */
const withFaq = (state: EditorState = start()) => addSection(selectSection(state, { index: 1 }), { sectionType: 'faq', now: NOW });
/** The state once the server has every changed file as it is now. */
const saved = (state: EditorState) => saveSucceeded(state, { saved: dirtyFiles(state).map((file) => ({ file, version: 'v9', json: JSON.stringify(state.docs[file]!.data) })) });
const FAQ_FIELDS = [
  { label: 'FAQ › Question 1 › Question', location: { route: 'home', section: 2, field: 'data.items.0.question' } },
  { label: 'FAQ › Question 1 › Answer', location: { route: 'home', section: 2, field: 'data.items.0.answer' } },
];

describe('starter text a save would make public', () => {
  it("names a published page's new section's sample text, by the form's labels and where to edit it, but not its kept title", () => {
    expect(going(withFaq())).toEqual([{ file: HOME, name: 'Page “Home” (/)', fields: FAQ_FIELDS }]);
    expect(going(start())).toEqual([]);
  });

  it('names nothing once the sample text is replaced, and only what is left of it', () => {
    const edited = editField(withFaq(), { file: HOME, path: ['sections', 2, 'data', 'items', 0, 'question'], value: 'Do you ship abroad?', now: NOW });
    expect(going(edited)[0]!.fields.map((field) => field.label)).toEqual(['FAQ › Question 1 › Answer']);
    expect(going(editField(edited, { file: HOME, path: ['sections', 2, 'data', 'items', 0, 'answer'], value: 'Yes.', now: NOW }))).toEqual([]);
  });

  it('names nothing on a draft or a page scheduled for later: visitors get neither', () => {
    expect(going(withFaq(withAbout({ status: 'draft' })))).toEqual([]);
    expect(going(withFaq(withAbout({ publishAt: new Date(NOW + 86_400_000).toISOString() })))).toEqual([]);
    // Unpublished in the same save: it goes out of sight, sample text and all.
    expect(going(unpublishDocument(withFaq(withAbout()), { file: ABOUT, now: NOW }))).toEqual([]);
  });

  it('names it on a page whose schedule has come, and on a draft the save publishes', () => {
    expect(going(withFaq(withAbout({ publishAt: new Date(NOW - 1000).toISOString() })))).toHaveLength(1);
    const published = publishDocument(saved(withFaq(withAbout({ status: 'draft' }))), { file: ABOUT, now: NOW });
    expect(going(published)).toEqual([{ file: ABOUT, name: 'Page “About” (/about/)', fields: FAQ_FIELDS.map((field) => ({ ...field, location: { ...field.location, route: 'about' } })) }]);
    // Scheduled instead: not yet.
    expect(going(scheduleDocument(published, { file: ABOUT, at: new Date(NOW + 86_400_000).toISOString(), now: NOW }))).toEqual([]);
  });

  it('does not ask again about sample text visitors have already, moved or not, and asks about a second section of it', () => {
    const kept = saved(withFaq());
    const typed = editField(kept, { file: HOME, path: ['meta', 'description'], value: 'Our home.', now: NOW });
    expect(going(typed)).toEqual([]);
    expect(going(moveSection(typed, { from: 2, to: 3, now: NOW }))).toEqual([]);
    const second = addSection(selectSection(typed, { index: 2 }), { sectionType: 'faq', now: NOW });
    expect(going(second)).toEqual([{ file: HOME, name: 'Page “Home” (/)', fields: FAQ_FIELDS.map((field) => ({ ...field, location: { ...field.location, section: 3 } })) }]);
  });

  it("names an entry's starter text once it would be public, and never a shared section's", () => {
    const excerpt = editField(start(), { file: POST, path: ['excerpt'], value: 'A sentence or two that sums up the post.', now: NOW });
    const post = editField(excerpt, { file: POST, path: ['body'], value: 'Start writing here.', now: NOW });
    expect(going(post)).toEqual([
      {
        file: POST,
        name: 'Post “Hello”',
        fields: [
          { label: 'Excerpt', location: { route: '~posts/hello', section: null, field: 'excerpt' } },
          { label: 'Body', location: { route: '~posts/hello', section: null, field: 'body' } },
        ],
      },
    ]);
    expect(going(unpublishDocument(post, { file: POST, now: NOW }))).toEqual([]);
    expect(starterGoingPublic(editField(start(), { file: FOOTER, path: ['data', 'copyright'], value: '©', now: NOW }).docs, [FOOTER], now)).toEqual([]);
  });
});
