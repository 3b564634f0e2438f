/** Where the editor is and what it shows over the workspace: routes, dialogs, notices, the viewport, the problems panel. */
import { describe, expect, it } from 'vitest';
import { addSection, goToField, notify, openDialog, openRoute, selectSection, setViewport, showPane, showProblems, siteChecked } from '../../../src/editor/lib/store/commands';
import { NOW, start } from './fixture';
import { pageRows } from '../../../src/editor/app/PageTree';
import { docsFromPayload } from '../../../src/editor/lib/model';

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

describe('the pane a narrow window shows', () => {
  it('starts with the lists, and showPane picks another', () => {
    const state = start();
    expect(state.pane).toBe('content');
    expect(showPane(state, { pane: 'preview' }).pane).toBe('preview');
    expect(showPane(state, { pane: 'content' })).toBe(state);
  });

  it('brings the form forward when a section is chosen or added, a field is gone to, or an entry or the settings open', () => {
    const onPreview = showPane(start(), { pane: 'preview' });
    expect(selectSection(onPreview, { index: 1, fromPreview: true }).pane).toBe('form');
    expect(addSection(onPreview, { sectionType: 'content-block', now: NOW }).pane).toBe('form');
    expect(goToField(onPreview, { location: { route: 'home', section: 1, field: 'data.title' }, now: NOW }).pane).toBe('form');
    expect(openRoute(onPreview, { route: '~posts/hello' }).pane).toBe('form');
    expect(openRoute(onPreview, { route: '~site' }).pane).toBe('form');
    // A page's outline is in the pane that listed it.
    expect(openRoute(showPane(start(), { pane: 'content' }), { route: 'about' }).pane).toBe('content');
  });
});

describe('the page list', () => {
  it('indents a page under the pages above it in its path only, not under whichever page came before it', () => {
    const page = (slug: string) => ({ file: `pages/${slug}.json`, kind: 'page' as const, saveSlug: slug, data: { id: slug, slug, meta: { title: slug, description: 'D' }, sections: [] }, version: 'v' });
    const docs = docsFromPayload({ problems: [], maxUploadBytes: 1, docs: ['about', 'docs/getting-started', 'guides-archive', 'guides', 'guides/setup', 'guides/setup/linux'].map(page) });
    expect(pageRows(docs).map(({ slug, depth }) => [slug, depth])).toEqual([
      ['about', 0],
      ['docs/getting-started', 0],
      // A folder's pages follow it, before a page whose name only starts like it.
      ['guides', 0],
      ['guides/setup', 1],
      ['guides/setup/linux', 2],
      ['guides-archive', 0],
    ]);
  });
});
