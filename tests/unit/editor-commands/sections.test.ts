/** The commands on a page's sections: add, move, duplicate, remove, restore, dismiss. */
import { describe, expect, it } from 'vitest';
import { addSection, dismissRemoved, duplicateSection, moveSection, removeSection, restoreRemoved, selectSection, travel } from '../../../src/editor/lib/store/commands';
import { home, ids, labels, NOW, start } from './fixture';

describe('addSection', () => {
  it('adds before the trailing footer with nothing selected, selects it, scrolls to it and asks to focus its row', () => {
    const state = addSection(start(), { sectionType: 'content-block', now: NOW });
    expect(ids(state)).toEqual(['../shared/header.json', 'home-hero', 'home-cta', 'home-content-block', '../shared/footer.json']);
    expect(state).toMatchObject({ selection: 3, dialog: null, focus: { kind: 'section', index: 3 } });
    expect(state.scrollRequest).toBe(1);
    expect(labels(state)).toEqual(['Add Rich text']);
  });

  it('adds right after the selected section, with a unique conventional id', () => {
    let state = selectSection(start(), { index: 1 });
    state = addSection(state, { sectionType: 'cta-banner', now: NOW });
    expect(ids(state)[2]).toBe('home-cta-banner');
    state = addSection(state, { sectionType: 'cta-banner', now: NOW + 1 });
    expect(ids(state)[3]).toBe('home-cta-banner-2');
  });

  it('adds above the footer, not under it, when the footer is selected', () => {
    const state = addSection(selectSection(start(), { index: 3 }), { sectionType: 'faq', now: NOW });
    expect(ids(state)).toEqual(['../shared/header.json', 'home-hero', 'home-cta', 'home-faq', '../shared/footer.json']);
    expect(state.selection).toBe(3);
  });

  it('adds a type that must come first (the hero) right under the header, wherever the selection is', () => {
    const withoutHero = { ...start(), docs: { ...start().docs } };
    let state = selectSection(removeSection(withoutHero, { index: 1, now: NOW }), { index: 1 });
    state = addSection(state, { sectionType: 'hero', now: NOW });
    expect(ids(state)).toEqual(['../shared/header.json', 'home-hero', 'home-cta', '../shared/footer.json']);
    expect(state.selection).toBe(1);
  });

  it('puts the shared header back at the top, and the shared footer at the bottom, after “Remove from page”: not a header of the page’s own under its content', () => {
    let state = selectSection(removeSection(start(), { index: 0, now: NOW }), { index: 1 });
    state = removeSection(state, { index: 2, now: NOW });
    expect(ids(state)).toEqual(['home-hero', 'home-cta']);
    state = addSection(state, { sectionType: 'header', now: NOW });
    state = addSection(selectSection(state, { index: 1 }), { sectionType: 'footer', now: NOW });
    expect(ids(state)).toEqual(['../shared/header.json', 'home-hero', 'home-cta', '../shared/footer.json']);
    expect(state.selection).toBe(3);
    expect(labels(state).slice(-2)).toEqual(['Add Header', 'Add Footer']);
  });

  it('gives a page a header of its own, at the top, only where the site has no shared one', () => {
    const base = start();
    const { ['shared/header.json']: _header, ...docs } = base.docs;
    const state = addSection(removeSection({ ...base, docs }, { index: 0, now: NOW }), { sectionType: 'header', now: NOW });
    expect(ids(state)[0]).toBe('home-header');
    expect(state.selection).toBe(0);
  });

  it('does nothing for an unknown type or without an open page', () => {
    const state = start();
    expect(addSection(state, { sectionType: 'nope', now: NOW })).toBe(state);
    const none = start(null);
    expect(addSection(none, { sectionType: 'hero', now: NOW })).toBe(none);
  });
});

describe('moveSection', () => {
  it('moves, selects, announces and names the step with the section label', () => {
    const state = moveSection(start(), { from: 2, to: 1, now: NOW });
    expect(ids(state).slice(1, 3)).toEqual(['home-cta', 'home-hero']);
    expect(state.selection).toBe(1);
    expect(state.notice?.text).toBe('Moved Call to action up to position 2.');
    expect(labels(state)).toEqual(['Move Call to action up']);
    expect(state.focus).toMatchObject({ kind: 'section', index: 1 });
  });

  it('names a jump by its position and keeps the focus where it is after a drag', () => {
    let state = addSection(start(), { sectionType: 'content-block', now: NOW });
    state = addSection({ ...state, selection: null }, { sectionType: 'faq', now: NOW });
    state = moveSection(state, { from: 1, to: 4, focusRow: false, now: NOW });
    expect(ids(state)).toEqual(['../shared/header.json', 'home-cta', 'home-content-block', 'home-faq', 'home-hero', '../shared/footer.json']);
    expect(labels(state).at(-1)).toBe('Move Hero to position 5');
    expect(state.focus).toMatchObject({ kind: 'section', index: 4 });
    expect(moveSection({ ...state, focus: null }, { from: 4, to: 1, focusRow: false, now: NOW }).focus).toBeNull();
  });

  it('keeps the header at the top and the footer at the bottom: a drag onto either lands next to it', () => {
    const before = start();
    const ontoFooter = moveSection(before, { from: 1, to: 3, now: NOW });
    expect(ids(ontoFooter)).toEqual(['../shared/header.json', 'home-cta', 'home-hero', '../shared/footer.json']);
    expect(labels(ontoFooter)).toEqual(['Move Hero down']);
    const ontoHeader = moveSection(before, { from: 2, to: 0, now: NOW });
    expect(ids(ontoHeader)).toEqual(['../shared/header.json', 'home-cta', 'home-hero', '../shared/footer.json']);
  });

  it('says so, and changes nothing, when the header or footer is moved or a section is already next to it', () => {
    const before = start();
    const cases: [number, number, string][] = [
      [3, 2, 'Footer (shared) stays at the bottom of the page.'],
      [0, 1, 'Header (shared) stays at the top of the page.'],
      [2, 3, 'Call to action is already the last section above the footer.'],
      [1, 0, 'Hero is already the first section under the header.'],
    ];
    for (const [from, to, text] of cases) {
      const state = moveSection(before, { from, to, now: NOW });
      expect(state.docs).toBe(before.docs);
      expect(state.notice).toEqual({ kind: 'info', text });
    }
  });

  it('refuses moves out of range or onto itself', () => {
    const state = start();
    for (const [from, to] of [[1, -1], [1, 4], [2, 2]]) expect(moveSection(state, { from: from!, to: to!, now: NOW })).toBe(state);
  });
});

describe('duplicateSection', () => {
  it('puts a copy with a new id after the original and selects it', () => {
    const state = duplicateSection(start(), { index: 1, now: NOW });
    expect(ids(state).slice(1, 3)).toEqual(['home-hero', 'home-hero-2']);
    expect(state.selection).toBe(2);
    expect(labels(state)).toEqual(['Duplicate Hero']);
  });

  it('leaves a shared section alone: a second link would repeat its id, which no page can save', () => {
    const before = start();
    expect(duplicateSection(before, { index: 0, now: NOW })).toBe(before);
  });
});

describe('removeSection, restoreRemoved and dismissRemoved', () => {
  it('removes a section and offers it back in place', () => {
    let state = removeSection(selectSection(start(), { index: 1 }), { index: 1, now: NOW });
    expect(ids(state)).not.toContain('home-hero');
    expect(state.selection).toBeNull();
    expect(state.removed).toMatchObject({ index: 1, label: 'Hero' });
    // Focus goes to the row that took its place (its Delete button is gone), and to the one before for the last row.
    expect(state.focus).toMatchObject({ kind: 'section', index: 1 });
    expect(removeSection(start(), { index: 3, now: NOW }).focus).toMatchObject({ kind: 'section', index: 2 });
    state = restoreRemoved(state, { now: NOW + 1 });
    expect(ids(state)[1]).toBe('home-hero');
    expect(state).toMatchObject({ removed: null, selection: 1 });
    expect(labels(state)).toEqual(['Delete Hero', 'Restore Hero']);
  });

  it('drops the toast once Ctrl+Z (or any step) moves the history: its Undo then added a second copy', () => {
    const removed = removeSection(start(), { index: 1, now: NOW });
    const undone = travel(removed, { steps: -1, now: NOW + 1 });
    expect(ids(undone).filter((id) => id === 'home-hero')).toHaveLength(1);
    expect(undone.removed).toBeNull();
    expect(ids(restoreRemoved(undone, { now: NOW + 2 })).filter((id) => id === 'home-hero')).toHaveLength(1);
  });

  it('says a shared section’s file stays, and the toast can be dismissed without restoring', () => {
    let state = removeSection(start(), { index: 3, now: NOW });
    expect(state.removed).toMatchObject({ label: 'Footer (shared)', sharedFile: 'shared/footer.json' });
    state = dismissRemoved(state);
    expect(state.removed).toBeNull();
    expect(home(state).sections).toHaveLength(3);
    expect(dismissRemoved(state)).toBe(state);
  });
});

describe('selectSection', () => {
  it('asks the preview to scroll only when the editor chose the section', () => {
    const fromEditor = selectSection(start(), { index: 2 });
    expect(fromEditor).toMatchObject({ selection: 2, scrollRequest: 1 });
    expect(selectSection(fromEditor, { index: 1, fromPreview: true })).toMatchObject({ selection: 1, scrollRequest: 1 });
  });
});
