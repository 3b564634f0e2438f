/**
 * A field no schema declares (`"titel"` typed by hand in a page file) had no control in the form, so
 * every save of the page was refused and only a text editor could fix it. The form now names it,
 * and "Remove field" removes it: this command.
 */
import { describe, expect, it } from 'vitest';
import { editField, removeField, travel } from '../../../src/editor/lib/store/commands';
import { entryIssues, pageIssues, sectionIssues } from '../../../src/editor/lib/validate';
import { FOOTER, HOME, home, labels, NOW, start, startAsEditor } from './fixture';

const TITEL = ['sections', 1, 'data', 'titel'] as const;
const withTitel = () => editField(start(), { file: HOME, path: TITEL, value: 'x', now: NOW - 10_000 });

describe('removeField', () => {
  it('is needed: the editor names an unknown field at its path, so the form can show it and Save is blocked', () => {
    const state = withTitel();
    expect(sectionIssues(home(state).sections[1]).get('data.titel')).toBe('Unknown field "titel": did you mean "title"? Known fields: label, title, titleHighlight, subtitle, primaryCta, secondaryCta, image.');
    expect(pageIssues(home(state)).has('sections.1.data.titel')).toBe(true);
  });

  it('removes the field as one undoable step named after it, leaving the page valid', () => {
    const before = withTitel();
    const state = removeField(before, { file: HOME, path: TITEL, now: NOW });
    expect(home(state).sections[1]).toEqual(home(start()).sections[1]);
    expect(pageIssues(home(state)).size).toBe(0);
    expect(labels(state).at(-1)).toBe('Remove field “titel” from Hero');
    expect(home(travel(state, { steps: -1, now: NOW + 1 } as never)).sections[1]).toHaveProperty('data.titel', 'x');
  });

  it('changes nothing where there is no such field, or no such file', () => {
    const state = start();
    expect(removeField(state, { file: HOME, path: TITEL, now: NOW })).toBe(state);
    expect(removeField(state, { file: 'pages/nope.json', path: ['a'], now: NOW })).toBe(state);
    expect(removeField(state, { file: HOME, path: [], now: NOW })).toBe(state);
  });

  it('is refused, with the reason, in a file the user may not change', () => {
    const state = removeField(startAsEditor(), { file: FOOTER, path: ['data', 'copyright'], now: NOW });
    expect(state.notice).toMatchObject({ kind: 'error' });
    expect(state.docs[FOOTER]!.data).toHaveProperty('data.copyright');
  });
});

describe('unknown fields elsewhere in the forms', () => {
  it('are named at their paths in page settings and in entries, one by one, so those forms show them too', () => {
    const page = { ...home(start()), extra: 1, meta: { ...home(start()).meta, titel: 'x' } };
    const issues = pageIssues(page);
    expect(issues.get('extra')).toMatch(/^Unknown field "extra"/);
    expect(issues.get('meta.titel')).toMatch(/^Unknown field "titel": did you mean "title"\?/);
    expect(issues.has('')).toBe(false); // not also as one issue at the page, as zod's strict object has it
    const post = { title: 'Hello', excerpt: 'E', date: '2026-01-01', author: 'A', tags: [], body: 'Hi', subtitel: 'x' };
    expect([...entryIssues('posts', post)]).toEqual([['subtitel', expect.stringMatching(/^Unknown field "subtitel"/)]]);
  });
});
