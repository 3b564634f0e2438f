/**
 * One address, one owner, through the content store: a page file wins over an entry's page at
 * the same address, so a save that brought the two together would hide one from visitors
 * without a word (a UX review made a page at /posts/editing-without-fear/ and the post vanished).
 */
import { describe, expect, it } from 'vitest';
import { snapshotFromEntries } from '../../src/engine/snapshot';
import { planChangeset } from '../../src/server/store/plan';
import { validatePlan } from '../../src/server/store/validate';

const meta = { title: 'T', description: 'D' };
const page = (slug: string, extra: object = {}) => ({ id: slug.replaceAll('/', '-').replace(/[[\]]/g, ''), slug, meta, sections: [], ...extra });
const post = (title: string) => ({ title, excerpt: 'E', date: '2026-01-01', author: 'Ann', tags: [], body: 'B' });
const site = snapshotFromEntries([
  ['pages/home.json', page('home')],
  ['pages/posts/[slug].json', page('posts/[slug]', { template: { collection: 'posts' } })],
  ['pages/posts/kept.json', page('posts/kept')],
  ['collections/posts/hello.json', post('Hello')],
  ['collections/posts/kept.json', post('Kept')],
]);
const check = (changes: Parameters<typeof planChangeset>[1]) => validatePlan(site, planChangeset(site, changes)).map((issue) => `${issue.file}${issue.path}: ${issue.message}`);

describe('an address has one owner', () => {
  it('refuses a new page at an entry page’s address, or a page moved there', () => {
    expect(check([{ op: 'put', file: 'pages/posts/hello.json', content: page('posts/hello'), baseVersion: null }])).toEqual([
      'pages/posts/hello.json/slug: /posts/hello/ is the address of the entry collections/posts/hello.json: a page there would hide it from visitors; choose another address',
    ]);
    expect(check([{ op: 'move', file: 'pages/home.json', to: 'pages/posts/hello.json', baseVersion: 'v' }]).join()).toMatch(/home page|address of the entry/);
  });

  it('refuses a new post, or one renamed, under a page’s address', () => {
    const issue = "collections/posts/other.json: a page (pages/posts/other.json) has this entry's address, /posts/other/, and would hide its page from visitors; choose another slug";
    const withPage = snapshotFromEntries([...[...site.paths()].map((path) => [path, site.get(path)] as const), ['pages/posts/other.json', page('posts/other')]]);
    expect(validatePlan(withPage, planChangeset(withPage, [{ op: 'put', file: 'collections/posts/other.json', content: post('Other'), baseVersion: null }])).map((i) => `${i.file}${i.path}: ${i.message}`)).toEqual([issue]);
    expect(validatePlan(withPage, planChangeset(withPage, [{ op: 'move', file: 'collections/posts/hello.json', to: 'collections/posts/other.json', baseVersion: 'v' }])).map((i) => `${i.file}${i.path}: ${i.message}`)).toContain(issue);
  });

  it('refuses a template that would give an entry the address of a page', () => {
    const blog = snapshotFromEntries([['pages/home.json', page('home')], ['pages/blog/hello.json', page('blog/hello')], ['collections/posts/hello.json', post('Hello')]]);
    const template = page('blog/[slug]', { template: { collection: 'posts' } });
    expect(validatePlan(blog, planChangeset(blog, [{ op: 'put', file: 'pages/blog/[slug].json', content: template, baseVersion: null }])).map((i) => `${i.file}${i.path}: ${i.message}`)).toEqual([
      'pages/blog/[slug].json/template: the entry collections/posts/hello.json would have its page at /blog/hello/, where the page pages/blog/hello.json is, which would hide it from visitors',
    ]);
  });

  it('leaves a page a developer put over an entry alone, edits to either included', () => {
    expect(check([{ op: 'put', file: 'pages/posts/kept.json', content: { ...page('posts/kept'), meta: { ...meta, title: 'Edited' } }, baseVersion: 'v' }])).toEqual([]);
    expect(check([{ op: 'put', file: 'collections/posts/kept.json', content: post('Edited'), baseVersion: 'v' }])).toEqual([]);
  });
});
