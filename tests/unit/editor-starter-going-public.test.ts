/** Which starter text a save would newly show visitors: what Save asks about before it goes public. */
import { describe, expect, it } from 'vitest';
import { addSection, createEntry, editField, moveSection, publishDocument, requestSave, saveSucceeded, scheduleDocument, selectSection, unpublishDocument } from '../../src/editor/lib/store/commands';
import { docIssues } from '../../src/editor/lib/store/issues';
import { isDirty } from '../../src/editor/lib/model';
import { starterGoingPublic } from '../../src/editor/lib/starter-going-public';
import { sectionStarterCopy } from '../../src/editor/lib/starter-copy';
import { sectionRegistry } from '../../src/sections/registry';
import type { EditorState } from '../../src/editor/lib/store/state';
import { initialState } from '../../src/editor/lib/store/state';
import { FOOTER, home, HOME, homePage, NOW, payload, POST, start } from './editor-commands/fixture';

const ABOUT = 'pages/about.json';
const withAbout = (data: object = {}) =>
  initialState({ ...payload, docs: [...payload.docs, { file: ABOUT, kind: 'page', saveSlug: 'about', data: { ...homePage, id: 'about', slug: 'about', meta: { title: 'About', description: 'About us.' }, ...data }, version: 'v6' }] }, 'about');

const now = new Date(NOW);
const dirtyFiles = (state: EditorState) => Object.values(state.docs).filter(isDirty).map((doc) => doc.file);
/** What the dialog names (each field's key, what "Save anyway" remembers, is tested on its own below). */
const going = (state: EditorState, confirmed = {}) => starterGoingPublic(state.docs, dirtyFiles(state), now, confirmed).map(({ keys, ...named }) => named);
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

  it("names an entry's starter text once it would be public", () => {
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
  });
});

describe('starter text in lists, in shared sections, and already answered', () => {
  const ITEMS = ['sections', 2, 'data', 'items'];
  const itemsOf = (state: EditorState) => (home(state).sections[2] as { data: { items: unknown[] } }).data.items;
  const setItems = (state: EditorState, items: unknown[]) => editField(state, { file: HOME, path: ITEMS, value: items, now: NOW });

  it('does not ask again when list items that still hold sample text change places, and still names them', () => {
    const [sample] = itemsOf(withFaq()) as [{ question: string; answer: string }];
    // Two sample questions public already (a second one copied), then swapped, and one of them moved below the user's own.
    const own = { question: 'Do you ship abroad?', answer: 'Yes.' };
    const kept = saved(setItems(withFaq(), [sample, { ...sample }, own]));
    const swapped = setItems(kept, [{ ...sample }, own, sample]);
    expect(going(swapped)).toEqual([]);
    expect(sectionStarterCopy('faq', (home(swapped).sections[2] as { data: unknown }).data)).toEqual([
      'Question 1 › Question', 'Question 1 › Answer', 'Question 3 › Question', 'Question 3 › Answer',
    ]);
    // A third copy is news: one more than visitors have.
    expect(going(setItems(kept, [sample, sample, sample, own]))[0]!.fields.map((field) => field.label)).toEqual(['FAQ › Question 3 › Question', 'FAQ › Question 3 › Answer']);
  });

  it("counts a sample item moved from its starter's place, but not a user's text that happens to equal one sample value", () => {
    const grid = sectionRegistry.get('feature-grid')!.defaults as { items: unknown[] };
    const [fast, accessible, structured] = grid.items;
    expect(sectionStarterCopy('feature-grid', { ...grid, items: [accessible, fast, structured] })).toHaveLength(6);
    // "0 KB" is the second sample stat's value, and the user's own first stat's.
    expect(sectionStarterCopy('stats-band', { stats: [{ icon: 'zap', value: '0 KB', label: 'JavaScript on visitor pages' }] })).toEqual([]);
  });

  it('names sample text a published page shows from a shared section, by the shared section’s name, and only then', () => {
    const sampled = editField(start(), { file: FOOTER, path: ['data', 'copyright'], value: '© 2026 Brand', now: NOW });
    expect(going(sampled)).toEqual([{ file: FOOTER, name: 'Shared footer', fields: [{ label: 'Copyright', location: { route: 'home', section: 3, field: 'data.copyright' } }] }]);
    // Once public, it is no news; shown by no page, or by a draft only, it is not public at all.
    expect(going(editField(saved(sampled), { file: HOME, path: ['meta', 'description'], value: 'Ours.', now: NOW }))).toEqual([]);
    const unlinked = editField(start(), { file: HOME, path: ['sections'], value: homePage.sections.slice(0, -1), now: NOW });
    expect(going(editField(saved(unlinked), { file: FOOTER, path: ['data', 'copyright'], value: '© 2026 Brand', now: NOW }))).toEqual([]);
    // Shown by the draft About only (the home page without it): not public, until About is published in this save.
    const draftShows = saved(editField(saved(editField(withAbout({ status: 'draft' }), { file: HOME, path: ['sections'], value: homePage.sections.slice(0, -1), now: NOW })), { file: FOOTER, path: ['data', 'copyright'], value: '© 2026 Brand', now: NOW }));
    expect(going(editField(draftShows, { file: ABOUT, path: ['meta', 'description'], value: 'Ours.', now: NOW }))).toEqual([]);
    const published = publishDocument(draftShows, { file: ABOUT, now: NOW });
    expect(going(published).map((document) => document.name)).toEqual(['Shared footer']);
  });

  it('remembers each field by where it is and its text, so text already answered is not named again, but more of it is', () => {
    const asked = starterGoingPublic(withFaq().docs, [HOME], now);
    expect(asked[0]!.keys).toEqual(['section/home-faq/data/items/*/question\u0000What is the question?', 'section/home-faq/data/items/*/answer\u0000A short, direct answer. **Bold** and [links](/) work.']);
    const confirmed = { [HOME]: asked[0]!.keys };
    expect(going(withFaq(), confirmed)).toEqual([]);
    // A second FAQ is new sample text: asked about, by itself.
    const second = addSection(selectSection(withFaq(), { index: 2 }), { sectionType: 'faq', now: NOW });
    expect(going(second, confirmed)[0]!.fields.map((field) => field.location.section)).toEqual([3, 3]);
  });
});

describe('a new tag', () => {
  it('starts valid with no description, so saving it (public at once) shows visitors no sample text and asks nothing', () => {
    const made = createEntry(start(), { collection: 'tags', slug: 'field-notes', title: 'Field notes', today: '2026-11-22', now: NOW });
    const tag = made.docs['collections/tags/field-notes.json']!;
    expect(tag.data).toEqual({ name: 'Field notes', accent: '#4f46e5' });
    expect(docIssues(tag, made.docs).size).toBe(0);
    expect(going(made)).toEqual([]);
    expect(requestSave(made, { now: NOW }).save).toMatchObject({ status: 'saving', files: ['collections/tags/field-notes.json'] });
  });
});
