/** A notice of the last action goes once another changes the documents or the page shown (a UX review saw "Moved FAQ up" after a Delete). */
import { describe, expect, it } from 'vitest';
import { run, withStaleNoticeCleared } from '../../../src/editor/lib/store/store';
import { NOW, start } from './fixture';

describe('withStaleNoticeCleared', () => {
  const withNotice = (kind: 'info' | 'success' | 'error') => ({ ...start(), notice: { kind, text: 'Moved Hero down to position 2.' } });

  it('clears an info or success notice when a later command changes the documents or the route without one of its own', () => {
    for (const kind of ['info', 'success'] as const) {
      const before = withNotice(kind);
      expect(withStaleNoticeCleared(before, { ...before, docs: { ...before.docs } }).notice).toBeNull();
      expect(withStaleNoticeCleared(before, { ...before, route: 'other' }).notice).toBeNull();
    }
  });

  it('keeps it when nothing of that changed, when the command said something new, and always keeps an error', () => {
    const before = withNotice('info');
    expect(withStaleNoticeCleared(before, { ...before, selection: 2 }).notice).toBe(before.notice);
    const said = { kind: 'success' as const, text: 'Saved 1 document.' };
    expect(withStaleNoticeCleared(before, { ...before, docs: { ...before.docs }, notice: said }).notice).toBe(said);
    const error = withNotice('error');
    expect(withStaleNoticeCleared(error, { ...error, route: 'other' }).notice).toBe(error.notice);
  });

  it('is applied by the store to every command', () => {
    const before = withNotice('success');
    const after = run(before, { type: 'openRoute', route: '~posts/hello', now: NOW });
    expect(after.route).toBe('~posts/hello');
    expect(after.notice).toBeNull();
  });
});
