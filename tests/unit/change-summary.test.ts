/** A save's commit message names what changed in the words of the forms (src/editor/lib/change-summary.ts). */
import { describe, expect, it } from 'vitest';
import { changeSummary } from '../../src/editor/lib/change-summary';
import { isDirty } from '../../src/editor/lib/model';
import { addSection, editField, moveSection, removeSection, travel } from '../../src/editor/lib/store/commands';
import type { EditorState } from '../../src/editor/lib/store/state';
import { FOOTER, HOME, NOW, POST, start } from './editor-commands/fixture';

const summaryOf = (state: EditorState) => changeSummary(state.docs, Object.values(state.docs).filter(isDirty));
const edit = (state: EditorState, file: string, path: (string | number)[], value: unknown, at = NOW) => editField(state, { file, path, value, now: at });

describe('changeSummary', () => {
  it('names each changed field of one document as its form does, once', () => {
    let state = edit(start(), HOME, ['sections', 1, 'data', 'title'], 'Hello');
    state = edit(state, HOME, ['sections', 1, 'data', 'title'], 'Hello there', NOW + 5000);
    state = edit(state, HOME, ['meta', 'description'], 'New words.', NOW + 9000);
    expect(summaryOf(state)).toBe('Page settings › SEO description, Hero › Title');
  });

  it('names sections added, removed and moved, and the changes inside a button', () => {
    expect(summaryOf(addSection(start(), { sectionType: 'faq', now: NOW }))).toMatch(/^add FAQ/);
    expect(summaryOf(removeSection(start(), { index: 2, now: NOW }))).toBe('remove Call to action');
    expect(summaryOf(moveSection(start(), { from: 2, to: 1, now: NOW }))).toBe('reorder sections');
    expect(summaryOf(edit(start(), HOME, ['sections', 1, 'data', 'primaryCta', 'label'], 'Start'))).toBe('Hero › Primary button › Label');
  });

  it('puts each document\'s changes after its address when a save holds several, and names entries\' fields', () => {
    let state = edit(start(), HOME, ['sections', 1, 'data', 'title'], 'Hey');
    state = edit(state, FOOTER, ['data', 'copyright'], '© 2027', NOW + 5000);
    state = edit(state, POST, ['title'], 'Hello again', NOW + 9000);
    expect(summaryOf(state)).toBe('home: Hero › Title; shared/footer: Footer › Copyright; posts/hello: Post › Title');
  });

  it('says nothing of an edit undone before saving, nor of a new document (the store says "Add")', () => {
    const undone = travel(edit(start(), HOME, ['sections', 1, 'data', 'title'], 'Gone'), { steps: -1, now: NOW + 1 });
    expect(summaryOf(undone)).toBeUndefined();
    const fresh = { ...start().docs[HOME]!, file: 'pages/new.json', version: null };
    expect(changeSummary({ [fresh.file]: fresh }, [fresh])).toBeUndefined();
  });

  it('counts what it does not name, and keeps within the content store\'s 500 characters', () => {
    let state = start();
    ['title', 'subtitle'].forEach((key, index) => (state = edit(state, HOME, ['sections', 1, 'data', key], 'x', NOW + index * 5000)));
    state = edit(state, HOME, ['meta', 'title'], 'T', NOW + 20_000);
    state = edit(state, HOME, ['meta', 'description'], 'D', NOW + 25_000);
    state = edit(state, HOME, ['sections', 2, 'data', 'title'], 'C', NOW + 30_000);
    expect(summaryOf(state)).toMatch(/ and 1 more$/);
    const long = edit(start(), POST, ['excerpt'], 'E');
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`f${index}`, index]));
    const doc = { ...long.docs[POST]!, data: { ...(long.docs[POST]!.data as object), ...many } };
    expect(changeSummary({ ...long.docs, [POST]: doc }, [doc])!.length).toBeLessThanOrEqual(500);
  });
});
