/** Documents named in sentences the way a person knows them: saved, unsaved, restored (QA: "Saved 1 document."). */
import { describe, expect, it } from 'vitest';
import { countedFiles, docNameInSentence, listedNames } from '../../src/editor/lib/doc-name';
import { docsFromPayload } from '../../src/editor/lib/model';

const docs = docsFromPayload({
  docs: [
    { file: 'pages/home.json', kind: 'page', saveSlug: 'home', version: 'vh', data: { id: 'home', slug: 'home', meta: { title: 'Northwind — a studio' }, sections: [] } },
    { file: 'pages/about.json', kind: 'page', saveSlug: 'about', version: 'va', data: { id: 'about', slug: 'about', meta: { title: 'About — Northwind' }, sections: [] } },
    { file: 'pages/posts/[slug].json', kind: 'page', saveSlug: 'posts/[slug]', version: 'vt', data: { id: 'post', slug: 'posts/[slug]', template: { collection: 'posts' }, meta: {}, sections: [] } },
    { file: 'shared/footer.json', kind: 'shared', saveSlug: 'shared/footer', version: 'vf', data: { id: 'site-footer', type: 'footer', data: {} } },
    { file: 'shared/site.json', kind: 'shared', saveSlug: 'shared/site', version: 'vs', data: { name: 'Northwind' } },
    { file: 'collections/posts/hello.json', kind: 'entry', saveSlug: 'posts/hello', version: 'vp', data: { title: 'Hello' } },
    { file: 'collections/tags/news.json', kind: 'entry', saveSlug: 'tags/news', version: 'vn', data: { name: 'News' } },
  ],
});

describe('a document named in a sentence', () => {
  it('is its kind and title, short, never its file', () => {
    expect(docNameInSentence(docs, 'pages/about.json')).toBe('the page “About”');
    expect(docNameInSentence(docs, 'pages/home.json')).toBe('the page “Home”');
    expect(docNameInSentence(docs, 'pages/posts/[slug].json')).toBe('each post’s page');
    expect(docNameInSentence(docs, 'collections/posts/hello.json')).toBe('the post “Hello”');
    expect(docNameInSentence(docs, 'collections/tags/news.json')).toBe('the tag “News”');
    expect(docNameInSentence(docs, 'shared/footer.json')).toBe('the shared footer');
    expect(docNameInSentence(docs, 'shared/site.json')).toBe('the site settings');
  });
});

describe('names listed in a sentence', () => {
  it('joins a few with "and", and counts the rest', () => {
    expect(listedNames([])).toBe('');
    expect(listedNames(['A'])).toBe('A');
    expect(listedNames(['A', 'B'])).toBe('A and B');
    expect(listedNames(['A', 'B', 'C'])).toBe('A, B and C');
    expect(listedNames(['A', 'B', 'C', 'D', 'E'])).toBe('A, B and 3 more');
  });
});

describe('documents counted by kind', () => {
  it('says what they are, pages first, each file once', () => {
    expect(countedFiles(['pages/about.json'])).toBe('1 page');
    expect(countedFiles(['pages/about.json', 'pages/home.json', 'collections/posts/hello.json'])).toBe('2 pages and 1 post');
    expect(countedFiles(['shared/site.json', 'collections/tags/news.json', 'shared/footer.json', 'pages/about.json', 'pages/about.json'])).toBe('1 page, 1 tag, 1 shared section and the site settings');
    expect(countedFiles(['collections/posts/a.json', 'collections/posts/b.json'])).toBe('2 posts');
    // Collections in the tabs' order, whichever changed first.
    expect(countedFiles(['collections/tags/news.json', 'collections/posts/hello.json'])).toBe('1 post and 1 tag');
    expect(countedFiles([])).toBe('');
  });
});
