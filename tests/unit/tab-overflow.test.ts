/** The sidebar's row of tabs: which tabs with unsaved changes it scrolls out of sight (QA). */
import { describe, expect, it } from 'vitest';
import { hiddenDirtyTabs, type TabBox } from '../../src/editor/lib/tab-overflow';

// Six tabs of 60 px in a row showing 100–250: "b" and "c" show whole, "a" is cut at the start, the rest beyond the end.
const row = { left: 100, right: 250 };
const tabs = (dirty: string[]): TabBox[] =>
  ['a', 'b', 'c', 'd', 'e', 'f'].map((name, index) => ({ name, left: 70 + index * 60, right: 130 + index * 60, dirty: dirty.includes(name) }));

describe('hiddenDirtyTabs', () => {
  it('names nothing when every tab with unsaved changes shows whole, or none has any', () => {
    expect(hiddenDirtyTabs(row, tabs(['b', 'c']))).toEqual({ left: null, right: null });
    expect(hiddenDirtyTabs(row, tabs([]))).toEqual({ left: null, right: null });
  });

  it('names the nearest hidden one on each side, a tab cut by the edge counting as hidden', () => {
    expect(hiddenDirtyTabs(row, tabs(['a', 'e', 'f']))).toEqual({ left: 'a', right: 'e' });
    expect(hiddenDirtyTabs(row, tabs(['d']))).toEqual({ left: null, right: 'd' });
    expect(hiddenDirtyTabs({ left: 230, right: 430 }, tabs(['a', 'b', 'f']))).toEqual({ left: 'b', right: null });
  });

  it('takes the tabs in any order', () => {
    expect(hiddenDirtyTabs(row, tabs(['a', 'd', 'e', 'f']).reverse())).toEqual({ left: 'a', right: 'd' });
  });

  it('allows half a pixel of rounding at the edges', () => {
    expect(hiddenDirtyTabs({ left: 130.4, right: 249.6 }, tabs(['b']))).toEqual({ left: null, right: null });
  });
});
