/** A file that cannot be read, said to a content editor: by what it holds, and as a developer's to fix (QA). */
import { describe, expect, it } from 'vitest';
import { unreadableName, unreadableSentence } from '../../src/editor/lib/unreadable-files';
import { initialState } from '../../src/editor/lib/store/state';
import { payload } from './editor-commands/fixture';

describe('an unreadable file', () => {
  it('is named by what it holds, in the editor’s words, else by its path', () => {
    expect(unreadableName('pages/about.json')).toBe('Page /about/');
    expect(unreadableName('pages/docs/getting-started.json')).toBe('Page /docs/getting-started/');
    expect(unreadableName('pages/home.json')).toBe('Home page');
    // A template page is known by the addresses it gives, as the page list shows it (a review: "Page /blog/[slug]/").
    expect(unreadableName('pages/blog/[slug].json')).toBe('The template of /blog/…');
    expect(unreadableName('collections/posts/hello.json')).toBe('Post “hello”');
    expect(unreadableName('collections/tags/news.json')).toBe('Tag “news”');
    expect(unreadableName('shared/site.json')).toBe('Site settings');
    expect(unreadableName('shared/footer.json')).toBe('Shared section “footer”');
    expect(unreadableName('redirects.json')).toBe('redirects.json');
    expect(unreadableName('src/sections/quote/section.ts')).toBe('src/sections/quote/section.ts');
  });

  it('is said plainly, as a developer’s to fix, never in the parser’s words', () => {
    expect(unreadableSentence('pages/about.json')).toBe('This file cannot be read, so it cannot be opened or changed here. A developer must fix it.');
    expect(unreadableSentence('src/sections/quote/section.ts')).toMatch(/code does not load.*A developer must fix it\.$/);
  });

  it('is named plainly in the note the editor opens with, the parser’s words left to the Problems panel', () => {
    const message = 'This file is not valid JSON (Expected double-quoted property name in JSON at position 69); the pages that use it work again once it is fixed';
    const state = initialState({ ...payload, problems: [{ file: 'pages/about.json', message }] }, 'home');
    expect(state.notice).toEqual({ kind: 'error', text: 'Some files cannot be read: a developer must fix them (Problems has the details).', details: [{ text: 'Page /about/ (pages/about.json)' }] });
    expect(JSON.stringify(state.notice)).not.toContain('JSON');
    // A file named by its path alone is not named twice (a review: "src/… (src/…)").
    const code = initialState({ ...payload, problems: [{ file: 'src/sections/quote/section.ts', message: 'does not load' }] }, 'home');
    expect(code.notice?.details).toEqual([{ text: 'src/sections/quote/section.ts' }]);
  });
});
