import { describe as group, expect, it } from 'vitest';
import { reducer, type EditorState } from '../../src/editor/app/useEditorState';
import { emptyHistory } from '../../src/editor/lib/history';
import { docsFromPayload, moveSection, type StoredPage } from '../../src/editor/lib/model';

const page: StoredPage = {
  id: 'home', slug: 'home', meta: { title: 'Home', description: 'D' },
  sections: [
    { $ref: '../shared/header.json' },
    { id: 'home-hero', type: 'hero', data: { title: 'Hi' } },
    { id: 'home-cta', type: 'cta-banner', data: { title: 'Go', ctas: [] } },
  ],
};
const start: EditorState = {
  docs: docsFromPayload({
    problems: [],
    maxUploadBytes: 1,
    docs: [
      { file: 'pages/home.json', kind: 'page', saveSlug: 'home', data: page, version: 'v1' },
      { file: 'shared/footer.json', kind: 'shared', saveSlug: 'shared/footer', data: { id: 'site-footer', type: 'footer', data: { copyright: '©' } }, version: 'v2' },
    ],
  } as never),
  history: emptyHistory,
};
const home = (state: EditorState) => state.docs['pages/home.json']!.data as StoredPage;
const labels = (state: EditorState) => state.history.past.map((step) => step.label);

group('editor state: labelled, undoable edits', () => {
  it('labels field edits, moves, additions, deletions, shared edits and new pages', () => {
    let state = reducer(start, { type: 'set', file: 'pages/home.json', path: ['sections', 1, 'data', 'title'], value: 'Hello' });
    state = reducer(state, { type: 'set', file: 'pages/home.json', path: [], value: moveSection(home(state), 2, 1), label: 'Move cta-banner up' });
    state = reducer(state, { type: 'set', file: 'pages/home.json', path: [], value: { ...home(state), sections: [...home(state).sections, { id: 'home-x', type: 'content-block', data: { body: 'x' } }] } });
    state = reducer(state, { type: 'set', file: 'pages/home.json', path: [], value: { ...home(state), sections: home(state).sections.slice(0, -1) } });
    state = reducer(state, { type: 'set', file: 'shared/footer.json', path: ['data', 'copyright'], value: '© 2027' });
    state = reducer(state, { type: 'set', file: 'pages/home.json', path: ['meta', 'title'], value: 'Start' });
    state = reducer(state, { type: 'put', doc: { file: 'pages/new.json', kind: 'page', saveSlug: 'new', data: {}, savedJson: '', version: null } });
    expect(labels(state)).toEqual([
      'Edit hero title', 'Move cta-banner up', 'Add content-block', 'Delete content-block', 'Edit footer copyright', 'Edit page title', 'Create page /new',
    ]);
  });

  it('coalesces typing into one step and undoes and redoes across three kinds of edit', () => {
    let state = start;
    for (const text of ['H', 'He', 'Hey']) state = reducer(state, { type: 'set', file: 'pages/home.json', path: ['sections', 1, 'data', 'title'], value: text });
    state = reducer(state, { type: 'set', file: 'pages/home.json', path: [], value: moveSection(home(state), 2, 1) });
    state = reducer(state, { type: 'set', file: 'shared/footer.json', path: ['data', 'copyright'], value: '© 2027' });
    // Without a caller's label, a swap of neighbours is described from the diff.
    expect(labels(state)).toEqual(['Edit hero title', 'Move hero down', 'Edit footer copyright']);

    state = reducer(state, { type: 'undo' });
    expect(state.docs['shared/footer.json']!.data).toMatchObject({ data: { copyright: '©' } });
    expect(state.lastUndo).toMatchObject({ kind: 'undo', label: 'Edit footer copyright' });
    state = reducer(state, { type: 'undo' });
    expect(home(state).sections.map((s) => (s as { id?: string }).id)).toEqual([undefined, 'home-hero', 'home-cta']);
    state = reducer(state, { type: 'undo' });
    expect((home(state).sections[1] as { data: { title: string } }).data.title).toBe('Hi');
    expect(reducer(state, { type: 'undo' })).toBe(state);

    state = reducer(reducer(reducer(state, { type: 'redo' }), { type: 'redo' }), { type: 'redo' });
    expect((home(state).sections[2] as { data: { title: string } }).data.title).toBe('Hey');
    expect(state.docs['shared/footer.json']!.data).toMatchObject({ data: { copyright: '© 2027' } });
  });

  it('does not record saves or reloads, and keeps history across a save', () => {
    let state = reducer(start, { type: 'set', file: 'pages/home.json', path: ['meta', 'title'], value: 'Saved title' });
    state = reducer(state, { type: 'saved', file: 'pages/home.json', version: 'v9', json: JSON.stringify(home(state)) });
    state = reducer(state, { type: 'put', doc: start.docs['shared/footer.json']!, undoable: false });
    expect(labels(state)).toEqual(['Edit page title']);
    state = reducer(state, { type: 'undo' });
    expect(state.docs['pages/home.json']).toMatchObject({ version: 'v9', data: { meta: { title: 'Home' } } });
  });
});
