/** Changeset bodies and what they make of the content: every issue at once, references kept whole. */
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/engine/schema/collections';
import { snapshotFromEntries } from '../../src/engine/snapshot';
import { HttpError } from '../../src/server/errors';
import { parseChangeset } from '../../src/server/store/changeset';
import { planChangeset } from '../../src/server/store/plan';

/** Every registered collection's folder, as the refusal lists them (a site may add collections). */
const everyCollectionFolder = COLLECTIONS.map((name) => `collections/${name}/`).join(', ');

const issuesOf = (body: Record<string, unknown>) => {
  try {
    parseChangeset(body);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return ((error as HttpError).extra.issues as { path: string; message: string }[]).map((issue) => `${issue.path}: ${issue.message}`);
  }
  return [];
};

describe('parseChangeset', () => {
  it('accepts put, delete and move', () => {
    const body = {
      message: 'Tidy up',
      changes: [
        { op: 'put', file: 'pages/about.json', content: { id: 'about' }, baseVersion: null },
        { op: 'delete', file: 'collections/tags/old.json', baseVersion: 'v1' },
        { op: 'move', file: 'pages/a.json', to: 'pages/b.json', baseVersion: 'v2' },
        { op: 'move', file: 'assets/images/a.png', to: 'assets/images/b.png', baseVersion: 'v3' },
        { op: 'move', file: 'pages/c.json', to: 'pages/d.json', baseVersion: 'v4', content: { id: 'c' } },
      ],
    };
    expect(parseChangeset(body)).toEqual(body);
  });

  it('lets a data file, never an image, be moved with the content it has at its new path', () => {
    expect(issuesOf({ changes: [{ op: 'move', file: 'assets/images/a.png', to: 'assets/images/b.png', baseVersion: 'v', content: 'iVBORw0KGgo' }] })).toEqual([
      '/changes/0/content: an image is moved as it is: its bytes are not part of a changeset',
    ]);
    expect(issuesOf({ changes: [{ op: 'move', file: 'pages/a.json', to: 'pages/b.json', baseVersion: 'v', contents: {} }] })).toEqual(['/changes/0/contents: unknown field "contents" for a move']);
  });

  it('moves a file within its kind only: a post does not become a page, nor a page an entry, with content or without', () => {
    const post = { op: 'move', file: 'collections/posts/a.json', to: 'pages/a.json', baseVersion: 'v', content: { id: 'a', slug: 'a', meta: {}, sections: [] } };
    expect(issuesOf({ changes: [post] })).toEqual(['/changes/0/to: a move renames a file, it stays what it was: an entry of collections/posts/ cannot become a page; delete it and put the new file instead']);
    expect(issuesOf({ changes: [{ op: 'move', file: 'pages/about.json', to: 'collections/posts/about.json', baseVersion: 'v' }] })[0]).toMatch(/a page cannot become an entry of collections\/posts\//);
    expect(issuesOf({ changes: [{ op: 'move', file: 'collections/tags/a.json', to: 'collections/posts/a.json', baseVersion: 'v' }] })[0]).toMatch(/an entry of collections\/tags\/ cannot become an entry of collections\/posts\//);
    expect(issuesOf({ changes: [{ op: 'move', file: 'shared/footer.json', to: 'pages/footer.json', baseVersion: 'v' }] })[0]).toMatch(/a shared document cannot become a page/);
    expect(issuesOf({ changes: [{ op: 'move', file: 'shared/footer.json', to: 'shared/site/footer.json', baseVersion: 'v' }] })).toEqual([]);
  });

  it('keeps pages off the server\'s own addresses, and the home page, the 404 page and templates where they are', () => {
    const reserved = 'Pages cannot start with "editor/": the server keeps /api/, /editor/, /assets/ for itself.';
    expect(issuesOf({ changes: [{ op: 'put', file: 'pages/editor/sign-in.json', content: {}, baseVersion: null }] })).toEqual([`/changes/0/file: ${reserved}`]);
    expect(issuesOf({ changes: [{ op: 'move', file: 'pages/a.json', to: 'pages/editor.json', baseVersion: 'v' }] })).toEqual([`/changes/0/to: ${reserved}`]);
    expect(issuesOf({ changes: [{ op: 'put', file: 'pages/api/[slug].json', content: {}, baseVersion: null }] })).toEqual(['/changes/0/file: Pages cannot start with "api/": the server keeps /api/, /editor/, /assets/ for itself.']);
    // A page that is already there (put before the rule) may still be changed, moved away or deleted.
    expect(issuesOf({ changes: [{ op: 'move', file: 'pages/editor/sign-in.json', to: 'pages/sign-in.json', baseVersion: 'v' }] })).toEqual([]);
    expect(issuesOf({ changes: [{ op: 'delete', file: 'pages/home.json', baseVersion: 'v' }] })).toEqual(['/changes/0/file: The home page is the site’s front door: it cannot be deleted or moved.']);
    expect(issuesOf({ changes: [{ op: 'move', file: 'pages/404.json', to: 'pages/missing.json', baseVersion: 'v' }] })[0]).toMatch(/^\/changes\/0\/file: This is the page visitors see at an address with no page/);
    expect(issuesOf({ changes: [{ op: 'move', file: 'pages/posts/[slug].json', to: 'pages/p/[slug].json', baseVersion: 'v' }] })[0]).toMatch(/^\/changes\/0\/file: A template page/);
    // A template is never moved, but one put by mistake can be deleted.
    expect(issuesOf({ changes: [{ op: 'delete', file: 'pages/junk/[slug].json', baseVersion: 'v' }] })).toEqual([]);
    // Whatever the file moved is: a tag moved to pages/editor/sign-in.json would be a page there.
    expect(issuesOf({ changes: [{ op: 'move', file: 'collections/tags/probe.json', to: 'pages/editor/sign-in.json', baseVersion: 'v' }] })).toEqual([`/changes/0/to: ${reserved}`]);
    expect(issuesOf({ changes: [{ op: 'move', file: 'pages/a.json', to: 'pages/home.json', baseVersion: 'v' }] })).toEqual(['/changes/0/to: A page cannot be moved to become the home page, the 404 page or a template.']);
    // Changing them in place is what editing is.
    expect(issuesOf({ changes: [{ op: 'put', file: 'pages/home.json', content: {}, baseVersion: 'v' }] })).toEqual([]);
  });

  it('keeps an image\'s type when it is renamed, and file names within what a file system takes', () => {
    expect(issuesOf({ changes: [{ op: 'move', file: 'assets/images/a.svg', to: 'assets/images/a.png', baseVersion: 'v' }] })).toEqual(['/changes/0/to: an image keeps its type when renamed (svg, not png): renaming does not convert it']);
    expect(issuesOf({ changes: [{ op: 'move', file: 'assets/images/a.jpg', to: 'assets/images/b.JPEG', baseVersion: 'v' }] })).toEqual([]);
    expect(issuesOf({ changes: [{ op: 'delete', file: `pages/${'a'.repeat(300)}.json`, baseVersion: 'v' }] })).toEqual(['/changes/0/file: must be at most 211 characters long']);
    expect(issuesOf({ changes: [{ op: 'put', file: `pages/${'a'.repeat(200)}.json`, content: {}, baseVersion: null }] })).toEqual([]);
  });

  it('writes under collections/ only the entries of registered collections, each directly in its folder: nothing else there is read or checked', () => {
    const put = (file: string) => issuesOf({ changes: [{ op: 'put', file, content: {}, baseVersion: null }] });
    expect(put('collections/posts/a-post.json')).toEqual([]);
    expect(put('collections/posts/sub/x.json')).toEqual(['/changes/0/file: entries are files directly in collections/posts/, not in a folder inside it']);
    expect(put('collections/drafts/x.json')).toEqual([`/changes/0/file: is in no collection: entries are files in ${everyCollectionFolder} (a new collection is declared in src/collections/)`]);
    expect(put('collections/x.json')).toEqual([`/changes/0/file: is in no collection: entries are files in ${everyCollectionFolder} (a new collection is declared in src/collections/)`]);
    expect(issuesOf({ changes: [{ op: 'move', file: 'collections/tags/a.json', to: 'collections/tags/old/a.json', baseVersion: 'v' }] })).toEqual(['/changes/0/to: entries are files directly in collections/tags/, not in a folder inside it']);
    // One put there by hand can still be moved away or deleted.
    expect(issuesOf({ changes: [{ op: 'move', file: 'collections/posts/sub/x.json', to: 'collections/posts/x.json', baseVersion: 'v' }] })).toEqual([]);
    expect(issuesOf({ changes: [{ op: 'delete', file: 'collections/drafts/x.json', baseVersion: 'v' }] })).toEqual([]);
    // Anywhere else outside pages/ is a shared document (docs/content-model.md).
    expect(put('fragments/notice.json')).toEqual([]);
  });

  it('reports every issue of every change in one answer', () => {
    expect(
      issuesOf({
        extra: 1,
        changes: [
          { op: 'put', file: '../etc/passwd', content: 1, baseVersion: null },
          { op: 'put', file: 'assets/images/a.png', content: 1, baseVersion: null },
          { op: 'delete', file: 'pages/x.json' },
          { op: 'move', file: 'pages/x.json', to: 'assets/images/x.png', baseVersion: 'v' },
          { op: 'rename', file: 'pages/y.json' },
          { op: 'put', file: 'shared/[slug].json', content: {}, baseVersion: 3, typo: true },
        ],
      }),
    ).toEqual([
      '/extra: unknown field "extra"',
      expect.stringMatching(/^\/changes\/0\/file: must be a data file path/),
      '/changes/1/op: images are added with POST /api/upload-asset; a changeset may only delete or move them',
      '/changes/2/baseVersion: is required',
      '/changes/3/to: an image moves to another image name, a data file to another data file',
      '/changes/4/op: must be "put", "delete" or "move"',
      '/changes/5/typo: unknown field "typo" for a put',
      '/changes/5/file: only page templates are named "[slug].json"',
      '/changes/5/baseVersion: must be a string or null',
    ]);
  });

  it('refuses a file named by two changes, and an empty changeset', () => {
    expect(issuesOf({ changes: [] })).toEqual(['/changes: must be a non-empty array']);
    expect(issuesOf({ changes: [{ op: 'delete', file: 'pages/a.json', baseVersion: 'v' }, { op: 'move', file: 'pages/b.json', to: 'pages/a.json', baseVersion: 'v' }] })).toEqual([
      ': is named by more than one change',
    ]);
  });
});

const site = snapshotFromEntries([
  ['pages/home.json', { id: 'home', slug: 'home', sections: [{ $ref: '../shared/header.json' }, { id: 'h', data: { image: { url: '/assets/images/a.png', alt: 'A' } } }] }],
  ['pages/about.json', { id: 'about', slug: 'about', sections: [{ $ref: '../shared/header.json' }] }],
  ['shared/header.json', { id: 'site-header', type: 'header', data: {} }],
]);

describe('planChangeset', () => {
  it('refuses to delete a file or an image that others still point at, naming every referrer', () => {
    const plan = planChangeset(site, [
      { op: 'delete', file: 'shared/header.json', baseVersion: 'v' },
      { op: 'delete', file: 'assets/images/a.png', baseVersion: 'v' },
    ]);
    expect(plan.issues).toEqual([
      { file: 'pages/home.json', path: '/sections/0', message: 'still points at shared/header.json, which this change deletes' },
      { file: 'pages/about.json', path: '/sections/0', message: 'still points at shared/header.json, which this change deletes' },
      { file: 'pages/home.json', path: '/sections/1/data/image/url', message: 'still points at /assets/images/a.png, which this change deletes' },
    ]);
  });

  it('allows the delete when the same changeset removes the references', () => {
    const home = site.get('pages/home.json') as { sections: unknown[] };
    const plan = planChangeset(site, [
      { op: 'delete', file: 'shared/header.json', baseVersion: 'v' },
      { op: 'put', file: 'pages/home.json', content: { ...home, sections: home.sections.slice(1) }, baseVersion: 'v' },
      { op: 'delete', file: 'pages/about.json', baseVersion: 'v' },
    ]);
    expect(plan.issues).toEqual([]);
    expect([...plan.after.paths()].sort()).toEqual(['pages/home.json']);
  });

  it('rewrites every ref to a moved file and every URL of a moved image', () => {
    const plan = planChangeset(site, [
      { op: 'move', file: 'shared/header.json', to: 'shared/nav/header.json', baseVersion: 'v' },
      { op: 'move', file: 'assets/images/a.png', to: 'assets/images/b.png', baseVersion: 'v' },
    ]);
    expect(plan.issues).toEqual([]);
    expect(plan.rewritten).toEqual(['pages/about.json', 'pages/home.json']);
    expect(plan.after.get('pages/home.json')).toMatchObject({ sections: [{ $ref: '../shared/nav/header.json' }, { data: { image: { url: '/assets/images/b.png' } } }] });
    expect(plan.after.get('shared/header.json')).toBeUndefined();
    expect(plan.after.get('shared/nav/header.json')).toEqual(site.get('shared/header.json'));
    expect(plan.imageMoves).toEqual(new Map([['assets/images/a.png', 'assets/images/b.png']]));
  });

  it('leaves no redirect behind a page moved away from an address the server keeps for itself (put there before it was reserved)', () => {
    const before = snapshotFromEntries([...site.paths()].map((path) => [path, site.get(path)] as [string, unknown]).concat([['pages/editor/sign-in.json', { id: 'x', slug: 'editor/sign-in', sections: [] }]]));
    const plan = planChangeset(before, [{ op: 'move', file: 'pages/editor/sign-in.json', to: 'pages/sign-in.json', baseVersion: 'v' }]);
    expect(plan.issues).toEqual([]);
    expect(plan.after.get('pages/sign-in.json')).toEqual({ id: 'x', slug: 'sign-in', sections: [] });
    expect(plan.after.get('redirects.json')).toBeUndefined();
    expect(plan.rewritten).toEqual([]);
  });

  it('gives a moved page its new slug and keeps its relative refs pointing at the same files', () => {
    const plan = planChangeset(site, [{ op: 'move', file: 'pages/about.json', to: 'pages/company/about-us.json', baseVersion: 'v' }]);
    expect(plan.after.get('pages/company/about-us.json')).toEqual({ id: 'about', slug: 'company/about-us', sections: [{ $ref: '../../shared/header.json' }] });
    expect(plan.rewritten).toEqual(['redirects.json']);
    expect(plan.after.get('redirects.json')).toEqual({ redirects: [{ from: '/about/', to: '/company/about-us/', madeByMove: true }] });
  });

  it('carries the content a move gives to the new path, with the new slug and its relative refs following as without one', () => {
    const content = { id: 'about', slug: 'about', sections: [{ $ref: '../shared/header.json' }, { id: 'cta', data: { href: '/company/about-us/#top' } }] };
    const plan = planChangeset(site, [{ op: 'move', file: 'pages/about.json', to: 'pages/company/about-us.json', baseVersion: 'v', content }]);
    expect(plan.after.get('pages/company/about-us.json')).toEqual({ ...content, slug: 'company/about-us', sections: [{ $ref: '../../shared/header.json' }, content.sections[1]] });
    expect(plan.after.get('pages/about.json')).toBeUndefined();
    expect(plan.issues).toEqual([]);
  });
});

describe('page moves and redirects', () => {
  it('adds a permanent redirect from the old path, and leads older redirects to the new one', () => {
    const withRedirects = snapshotFromEntries([...site.paths()].map((path) => [path, site.get(path)] as const).concat([['redirects.json', { redirects: [{ from: '/old-about/', to: '/about/' }] }]]));
    const plan = planChangeset(withRedirects, [{ op: 'move', file: 'pages/about.json', to: 'pages/company.json', baseVersion: 'v' }]);
    expect(plan.after.get('redirects.json')).toEqual({ redirects: [{ from: '/old-about/', to: '/company/' }, { from: '/about/', to: '/company/', madeByMove: true }] });
    expect(plan.rewritten).toEqual(['redirects.json']);
  });
});

describe('entry moves and redirects', () => {
  const withTemplates = (extra: [string, unknown][] = []) =>
    snapshotFromEntries([
      ...[...site.paths()].map((path) => [path, site.get(path)] as [string, unknown]),
      ['pages/blog/[slug].json', { id: 'post', slug: 'blog/[slug]', template: { collection: 'posts' }, sections: [] }],
      ['collections/posts/old-name.json', { title: 'A post' }],
      ['collections/tags/craft.json', { name: 'Craft' }],
      ...extra,
    ]);

  it('keeps a moved post’s old address working: a redirect at its template’s address (/blog/…), older ones led on', () => {
    const before = withTemplates([['redirects.json', { redirects: [{ from: '/blog/first-name/', to: '/blog/old-name/', madeByMove: true }] }]]);
    const plan = planChangeset(before, [{ op: 'move', file: 'collections/posts/old-name.json', to: 'collections/posts/new-name.json', baseVersion: 'v' }]);
    expect(plan.issues).toEqual([]);
    expect(plan.rewritten).toEqual(['redirects.json']);
    expect(plan.after.get('redirects.json')).toEqual({
      redirects: [
        { from: '/blog/first-name/', to: '/blog/new-name/', madeByMove: true },
        { from: '/blog/old-name/', to: '/blog/new-name/', madeByMove: true },
      ],
    });
  });

  it('leaves none for an entry whose collection has no template page: it had no address', () => {
    const plan = planChangeset(withTemplates(), [{ op: 'move', file: 'collections/tags/craft.json', to: 'collections/tags/making.json', baseVersion: 'v' }]);
    expect(plan.after.get('redirects.json')).toBeUndefined();
    expect(plan.rewritten).toEqual([]);
  });
});
