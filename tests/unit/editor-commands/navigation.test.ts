/** Where the editor is and what it shows over the workspace: routes, dialogs, notices, the viewport, the problems panel. */
import { describe, expect, it } from 'vitest';
import { goToField, notify, openDialog, openRoute, selectSection, setViewport, showProblems, siteChecked } from '../../../src/editor/lib/store/commands';
import { NOW, start } from './fixture';

describe('openRoute', () => {
  it('opens a page, an entry or the start screen with nothing selected and no dialog', () => {
    const selected = openDialog(selectSection(start(), { index: 1 }), { dialog: { kind: 'picker' } });
    expect(openRoute(selected, { route: '~posts/hello' })).toMatchObject({ route: '~posts/hello', selection: null, dialog: null });
    expect(openRoute(selected, { route: null })).toMatchObject({ route: null, selection: null });
    const same = start();
    expect(openRoute(same, { route: 'home' })).toBe(same);
  });
});

describe('openDialog', () => {
  it('shows one dialog at a time, and null closes it', () => {
    let state = openDialog(start(), { dialog: { kind: 'new-page' } });
    state = openDialog(state, { dialog: { kind: 'new-entry', collection: 'posts' } });
    expect(state.dialog).toEqual({ kind: 'new-entry', collection: 'posts' });
    expect(openDialog(state, { dialog: null }).dialog).toBeNull();
  });
});

describe('notify', () => {
  it('replaces the notice, and null dismisses it', () => {
    const state = notify(start(), { notice: { kind: 'info', text: 'One' } });
    expect(notify(state, { notice: { kind: 'error', text: 'Two' } }).notice).toEqual({ kind: 'error', text: 'Two' });
    expect(notify(state, { notice: null }).notice).toBeNull();
  });
});

describe('setViewport', () => {
  it('switches the preview width and keeps the state when unchanged', () => {
    const state = start();
    expect(setViewport(state, { viewport: 'mobile' }).viewport).toBe('mobile');
    expect(setViewport(state, { viewport: 'desktop' })).toBe(state);
  });
});

describe('showProblems and siteChecked', () => {
  it('opens and closes the panel, and takes the server’s new list', () => {
    const open = showProblems(start(), { open: true });
    expect(open.problemsOpen).toBe(true);
    expect(showProblems(open, { open: true })).toBe(open);
    const siteProblems = [{ file: 'pages/home.json', issues: [{ path: '/meta/title', message: 'Required' }], pages: ['home'] }];
    expect(siteChecked(open, { site: { problems: [], siteProblems } }).site.siteProblems).toEqual(siteProblems);
  });
});

describe('goToField', () => {
  it('opens the page, selects the section, closes the panel and asks to focus the field', () => {
    const state = goToField(showProblems(start('~posts/hello'), { open: true }), { location: { route: 'home', section: 2, field: 'data.title' }, now: NOW });
    expect(state).toMatchObject({ route: 'home', selection: 2, problemsOpen: false, focus: { kind: 'field', field: 'data.title', at: NOW } });
  });
});
