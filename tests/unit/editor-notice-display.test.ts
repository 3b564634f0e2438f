/** How a notice shows: a finished action's floats and goes by itself, a problem or a question stays (QA: a notice pushed the panes down under the pointer). */
import { describe, expect, it } from 'vitest';
import { noticeFloats, noticeShownMs } from '../../src/editor/lib/notice-display';

describe('a notice', () => {
  it('floats when it reports what an action did, and stays in the flow when it is a problem or needs an answer', () => {
    expect(noticeFloats({ kind: 'success' })).toBe(true); // "Saved the page “About”."
    expect(noticeFloats({ kind: 'info' })).toBe(true); // "Moved FAQ down to position 4.", "Undid: …", "Created /pricing."
    expect(noticeFloats({ kind: 'error' })).toBe(false); // "Save is blocked: fix 1 problem first."
  });

  it('shows for six seconds at least, and longer when it has more to read', () => {
    expect(noticeShownMs({ text: 'Moved FAQ down to position 4.' })).toBe(6_000);
    const long = { text: Array.from({ length: 30 }, () => 'word').join(' '), details: [{ text: 'one more line' }] };
    expect(noticeShownMs(long)).toBe(33 * 400);
  });
});
