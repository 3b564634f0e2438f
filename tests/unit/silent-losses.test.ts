/**
 * Content that broke no page but was lost without a word: a redirect left out because it is not
 * valid or leads nowhere, a hand-made page hiding an entry's page, two pages with one id. Each is
 * now in the site problem report, which the build fails on and the editor's Problems panel lists.
 */
import { describe, expect, it } from 'vitest';
import { publicSnapshot } from '../../src/engine/publication';
import { siteProblems } from '../../src/engine/problems';
import { redirectsIssues } from '../../src/engine/redirects';
import { snapshotFromEntries } from '../../src/engine/snapshot';
import { problemsOfFiles, resolverFor } from '../helpers/registry';

const meta = { title: 'T', description: 'D' };
const page = (slug: string, id = slug, extra: object = {}) => ({ id, slug, meta, sections: [], ...extra });
const post = { title: 'One', excerpt: 'E', date: '2026-01-02', author: 'A', tags: [], body: 'B' };
const site = (extra: Record<string, unknown>) => ({
  'pages/home.json': page('home'),
  'pages/about.json': page('about'),
  'pages/posts/[slug].json': page('posts/[slug]', 'post', { template: { collection: 'posts' } }),
  'collections/posts/one.json': post,
  ...extra,
});
const issuesOf = (problems: ReturnType<typeof problemsOfFiles>, file: string) => problems.find((problem) => problem.file === file)?.issues;

describe('redirects that are not followed', () => {
  const redirects = {
    redirects: [
      { from: '/Old3/', to: '/about/' },
      { from: '/old/', to: '/about/' },
      { from: '/older/', to: '/about/', extra: 1 },
      { from: '/gone/', to: '/nowhere/' },
      { from: '/about/', to: '/' },
    ],
    x: 1,
  };

  it('are each named, at its pointer, with why', () => {
    expect(issuesOf(problemsOfFiles(site({ 'redirects.json': redirects })), 'redirects.json')).toEqual([
      { path: '/redirects/2/extra', message: 'Unknown field "extra". Known fields: from, to, madeByMove.' },
      { path: '/x', message: 'Unknown field "x". Known fields: redirects.' },
      { path: '/redirects/0/from', message: expect.stringMatching(/^Use a site path like "\/about\/"/) },
      { path: '/redirects/3/to', message: 'there is no page at /nowhere/, so /gone/ answers "not found": point it at a page, or remove it' },
      { path: '/redirects/4/from', message: expect.stringMatching(/^a page lives at \/about\/, so this redirect is never followed/) },
    ]);
  });

  it('leave valid redirects, and a redirect to a draft page in the public view the build checks, alone', () => {
    expect(redirectsIssues({ redirects: [{ from: '/old/', to: '/about/' }] }, (slug) => slug === 'about')).toEqual([]);
    const files = site({ 'pages/soon.json': page('soon', 'soon', { status: 'draft' }), 'redirects.json': { redirects: [{ from: '/later/', to: '/soon/' }] } });
    const visible = publicSnapshot(snapshotFromEntries(Object.entries(files)), new Date());
    expect(visible.paths()).not.toContain('pages/soon.json');
    expect(siteProblems(resolverFor(visible), visible)).toEqual([]);
  });
});

describe('pages that hide or shadow others', () => {
  it('name a page file that hides an entry page, and the entry', () => {
    const problems = problemsOfFiles(site({ 'pages/posts/one.json': page('posts/one') }));
    expect(issuesOf(problems, 'pages/posts/one.json')).toEqual([
      { path: '/slug', message: 'hides the page of the entry collections/posts/one.json: both are at /posts/one/, and visitors get this page. Rename one of them' },
    ]);
  });

  it('name both files of a page id used twice, templates included', () => {
    const problems = problemsOfFiles(site({ 'pages/company.json': page('company', 'about'), 'pages/tags/[slug].json': page('tags/[slug]', 'post', { template: { collection: 'tags' } }) }));
    expect(issuesOf(problems, 'pages/about.json')).toEqual([{ path: '/id', message: 'the page id "about" is also the id of pages/company.json: page ids are unique' }]);
    expect(issuesOf(problems, 'pages/company.json')).toEqual([{ path: '/id', message: 'the page id "about" is also the id of pages/about.json: page ids are unique' }]);
    expect(issuesOf(problems, 'pages/tags/[slug].json')?.[0]?.message).toBe('the page id "post" is also the id of pages/posts/[slug].json: page ids are unique');
  });

  it('report nothing for a site with none of these', () => {
    expect(problemsOfFiles(site({}))).toEqual([]);
  });
});
