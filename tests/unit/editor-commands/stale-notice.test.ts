/** A notice of the last action goes once another changes the documents or the page shown (a UX review saw "Moved FAQ up" after a Delete). */
import { describe, expect, it } from 'vitest';
import { run, withStaleNoticeCleared } from '../../../src/editor/lib/store/store';
import { NOW, POST, start } from './fixture';

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
    const said = { kind: 'success' as const, text: 'Saved the page “Home”.' };
    expect(withStaleNoticeCleared(before, { ...before, docs: { ...before.docs }, notice: said }).notice).toBe(said);
    const error = withNotice('error');
    expect(withStaleNoticeCleared(error, { ...error, route: 'other' }).notice).toBe(error.notice);
  });

  it("follows a blocked save's problems as they are fixed, and goes with the last (a UX review saw it stay after both were fixed)", () => {
    const broken = (state: ReturnType<typeof start>, path: string[], value: unknown) => run(state, { type: 'editField', file: POST, path, value, now: NOW });
    let state = broken(broken(start(), ['title'], ' '), ['excerpt'], ' ');
    state = run(state, { type: 'requestSave' });
    expect(state.notice).toMatchObject({ kind: 'error', text: 'Save is blocked: fix 2 problems first.', blockedSave: true });
    state = broken(state, ['title'], 'Hello again');
    expect(state.notice).toMatchObject({ text: 'Save is blocked: fix 1 problem first.', details: [{ text: 'Post “Hello again” › Excerpt: Required' }] });
    // Moving around does not change it; the last fix takes it away.
    expect(run(state, { type: 'openRoute', route: 'home', now: NOW }).notice).toBe(state.notice);
    expect(broken(state, ['excerpt'], 'A summary.').notice).toBeNull();
  });

  it('is applied by the store to every command', () => {
    const before = withNotice('success');
    const after = run(before, { type: 'openRoute', route: '~posts/hello', now: NOW });
    expect(after.route).toBe('~posts/hello');
    expect(after.notice).toBeNull();
  });
});
