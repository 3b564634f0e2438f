import { describe, expect, it } from 'vitest';
import { duplicateSection, editField, moveSection, removeSection, selectSection, travel } from '../../../src/editor/lib/store/commands';
import { FOOTER, HOME, home, ids, NOW, start } from './fixture';

const edited = () => {
  let state = editField(start(), { file: HOME, path: ['sections', 1, 'data', 'title'], value: 'Hey', now: NOW });
  state = moveSection(state, { from: 2, to: 1, now: NOW + 5000 });
  return editField(state, { file: FOOTER, path: ['data', 'copyright'], value: '© 2027', now: NOW + 10_000 });
};

describe('travel', () => {
  it('undoes one step and says what it undid', () => {
    const state = travel(edited(), { steps: -1, now: NOW });
    expect(state.docs[FOOTER]!.data).toMatchObject({ data: { copyright: '©' } });
    expect(state.notice?.text).toBe('Undid: Edit Footer › Copyright.');
    expect(state.lastUndo).toMatchObject({ kind: 'undo', label: 'Edit Footer › Copyright' });
  });

  it('goes back several steps at once (a History menu step) and forward again', () => {
    let state = travel(edited(), { steps: -3, now: NOW });
    expect((home(state).sections[1] as { data: { title: string } }).data.title).toBe('Hi');
    expect(state.history.future).toHaveLength(3);
    expect(state.notice?.text).toBe('Undid: Edit Hero › Title (3 steps).');
    state = travel(state, { steps: 2, now: NOW });
    expect(ids(state).slice(1, 3)).toEqual(['home-cta', 'home-hero']);
    expect(state.history.past).toHaveLength(2);
  });

  it('stops at the ends of the history, and does nothing with no step', () => {
    const state = start();
    expect(travel(state, { steps: -1, now: NOW })).toBe(state);
    expect(travel(travel(edited(), { steps: -10, now: NOW }), { steps: -1, now: NOW }).history.past).toHaveLength(0);
  });

  it('keeps the selected section selected wherever a step puts it, and drops it when it is gone', () => {
    let state = selectSection(start(), { index: 3 });
    state = removeSection(state, { index: 1, now: NOW });
    state = selectSection(state, { index: 2 });
    // The footer: at 3 once the hero is back, at 2 again when it goes.
    state = travel(state, { steps: -1, now: NOW });
    expect(state.selection).toBe(3);
    state = travel(state, { steps: 1, now: NOW });
    expect(state.selection).toBe(2);
    // The hero, selected and then removed by a redo: gone, so nothing is selected (not the section that took its place).
    state = selectSection(travel(state, { steps: -1, now: NOW }), { index: 1 });
    expect(travel(state, { steps: 1, now: NOW }).selection).toBeNull();
  });

  it('after undoing a Duplicate or a move, the form is not on another section', () => {
    let state = duplicateSection(selectSection(start(), { index: 1 }), { index: 1, now: NOW });
    expect(ids(state)[state.selection!]).not.toBe('home-hero');
    // The copy is gone: the CTA that now sits where it was is not selected in its place.
    expect(travel(state, { steps: -1, now: NOW }).selection).toBeNull();
    state = moveSection(selectSection(start(), { index: 1 }), { from: 1, to: 2, now: NOW });
    expect(ids(state)[state.selection!]).toBe('home-hero');
    state = travel(state, { steps: -1, now: NOW });
    expect(ids(state)[state.selection!]).toBe('home-hero');
  });
});
