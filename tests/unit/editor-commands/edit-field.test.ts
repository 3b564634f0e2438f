import { describe, expect, it } from 'vitest';
import { editField } from '../../../src/editor/lib/store/commands';
import { FOOTER, HOME, home, labels, NOW, POST, start } from './fixture';

describe('editField', () => {
  it('sets one value, copying only the path to it, and names the step after the section and field labels', () => {
    const before = start();
    const state = editField(before, { file: HOME, path: ['sections', 1, 'data', 'title'], value: 'Hello', now: NOW });
    expect((home(state).sections[1] as { data: { title: string } }).data.title).toBe('Hello');
    expect(home(state).sections[2]).toBe(home(before).sections[2]);
    expect(labels(state)).toEqual(['Edit Hero › Title']);
  });

  it('labels nested, settings, shared, page-settings and entry fields in words, never keys', () => {
    let state = start();
    state = editField(state, { file: HOME, path: ['sections', 1, 'data', 'primaryCta', 'label'], value: 'Start', now: NOW });
    state = editField(state, { file: HOME, path: ['sections', 2, 'settings', 'paddingTop'], value: 'lg', now: NOW + 5000 });
    state = editField(state, { file: FOOTER, path: ['data', 'copyright'], value: '© 2027', now: NOW + 10000 });
    state = editField(state, { file: HOME, path: ['meta', 'title'], value: 'Start', now: NOW + 15000 });
    state = editField(state, { file: POST, path: ['title'], value: 'Hello again', now: NOW + 20000 });
    expect(labels(state)).toEqual([
      'Edit Hero › Primary button › Label',
      'Edit Call to action › Padding top',
      'Edit Footer › Copyright',
      'Edit Page settings › SEO title',
      'Edit Post › Title',
    ]);
  });

  it('coalesces typing in one field into one step, but not across fields or after a pause', () => {
    let state = start();
    for (const [text, at] of [['H', 0], ['He', 100], ['Hey', 200]] as const) state = editField(state, { file: HOME, path: ['sections', 1, 'data', 'title'], value: text, now: NOW + at });
    expect(state.history.past).toHaveLength(1);
    state = editField(state, { file: HOME, path: ['sections', 1, 'data', 'subtitle'], value: 'x', now: NOW + 300 });
    state = editField(state, { file: HOME, path: ['sections', 1, 'data', 'subtitle'], value: 'xy', now: NOW + 10_000 });
    expect(state.history.past).toHaveLength(3);
  });

  it('makes each change to a list (an item added, moved or removed) its own step, however quick: one Undo brought back two removed items', () => {
    let state = start();
    const links = ['sections', 1, 'data', 'links'];
    const items = [{ label: 'A' }, { label: 'B' }, { label: 'C' }];
    for (const [value, at] of [[items, 0], [items.slice(1), 100], [[items[2], items[1]], 200], [[items[2]], 300]] as const) state = editField(state, { file: HOME, path: links, value, now: NOW + at });
    expect(state.history.past).toHaveLength(4);
    // Typing into an item's field still coalesces.
    for (const [text, at] of [['C', 400], ['Ce', 500]] as const) state = editField(state, { file: HOME, path: [...links, 0, 'label'], value: text, now: NOW + at });
    expect(state.history.past).toHaveLength(5);
  });

  it('ignores an unknown file or an empty path', () => {
    const state = start();
    expect(editField(state, { file: 'pages/nope.json', path: ['a'], value: 1, now: NOW })).toBe(state);
    expect(editField(state, { file: HOME, path: [], value: 1, now: NOW })).toBe(state);
  });
});
