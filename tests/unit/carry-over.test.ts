import { describe, expect, it } from 'vitest';
import { changedInPlace, filesOfPage } from '../../src/lib/carry-over';
import { snapshotFromEntries } from '../../src/engine/snapshot';
import { publicSnapshot } from '../../src/engine/publication';
import { contentVersionOf } from '../../src/server/publish/published-pages';

const header = { id: 'site-header', type: 'header', data: {} };
const about = { id: 'about', slug: 'about', sections: [{ $ref: '../shared/header.json' }] };
const home = { id: 'home', slug: 'home', sections: [] };
const post = { title: 'A post' };
const base = { 'shared/header.json': header, 'pages/about.json': about, 'pages/home.json': home, 'collections/posts/a.json': post, 'shared/site.json': { name: 'Site' } };
const snapshotOf = (files: Record<string, unknown>) => snapshotFromEntries(Object.entries(files));

describe('changedInPlace', () => {
  it('names the page files and shared documents whose parsed object changed', () => {
    const before = snapshotOf(base);
    expect(changedInPlace(before, snapshotOf({ ...base }))).toEqual(new Set());
    expect(changedInPlace(before, snapshotOf({ ...base, 'pages/about.json': { ...about } }))).toEqual(new Set(['pages/about.json']));
    expect(changedInPlace(before, snapshotOf({ ...base, 'shared/header.json': { ...header } }))).toEqual(new Set(['shared/header.json']));
  });

  it('gives up on a change every page may see: an entry, the site settings, a file added or removed, a template', () => {
    const before = snapshotOf(base);
    expect(changedInPlace(before, snapshotOf({ ...base, 'collections/posts/a.json': { ...post } }))).toBeUndefined();
    expect(changedInPlace(before, snapshotOf({ ...base, 'shared/site.json': { name: 'Other' } }))).toBeUndefined();
    expect(changedInPlace(before, snapshotOf({ ...base, 'pages/new.json': home }))).toBeUndefined();
    const { 'pages/home.json': _home, ...withoutHome } = base;
    expect(changedInPlace(before, snapshotOf(withoutHome))).toBeUndefined();
    const template = { 'pages/posts/[slug].json': { id: 'post' } };
    expect(changedInPlace(snapshotOf({ ...base, ...template }), snapshotOf({ ...base, 'pages/posts/[slug].json': { id: 'post' } }))).toBeUndefined();
  });
});

describe('filesOfPage', () => {
  it('follows $refs from the page file, its entry, and the files they reach', () => {
    const shared = { ...base, 'shared/header.json': { ...header, data: { menu: { $ref: 'menu.json' } } }, 'shared/menu.json': [] };
    expect(filesOfPage({ slug: 'about', file: 'pages/about.json' }, snapshotOf(shared))).toEqual(new Set(['pages/about.json', 'shared/header.json', 'shared/menu.json']));
    expect(filesOfPage({ slug: 'posts/a', file: 'pages/posts/[slug].json', entry: { collection: 'posts', slug: 'a', file: 'collections/posts/a.json' } }, snapshotOf(base))).toEqual(
      new Set(['pages/posts/[slug].json', 'collections/posts/a.json']),
    );
  });

  it('finds the refs of a file object once, and again for the same object at another path, where a relative ref names another file', () => {
    let walks = 0;
    // Counts how often the page's sections are walked for refs.
    const counted = { id: 'about', slug: 'about', get sections() { walks += 1; return [{ $ref: '../shared/header.json' }]; } };
    const files = { ...base, 'pages/about.json': counted };
    expect(filesOfPage({ slug: 'about', file: 'pages/about.json' }, snapshotOf(files))).toEqual(new Set(['pages/about.json', 'shared/header.json']));
    // The next snapshot shares the unchanged object: its refs are known.
    expect(filesOfPage({ slug: 'about', file: 'pages/about.json' }, snapshotOf({ ...files }))).toEqual(new Set(['pages/about.json', 'shared/header.json']));
    expect(walks).toBe(1);
    const elsewhere = { ...files, 'pages/deeper/about.json': counted, 'pages/shared/header.json': header };
    expect(filesOfPage({ slug: 'deeper/about', file: 'pages/deeper/about.json' }, snapshotOf(elsewhere))).toEqual(new Set(['pages/deeper/about.json', 'pages/shared/header.json']));
    expect(walks).toBe(2);
  });
});

describe('changedInPlace with hidden files', () => {
  it('gives up when one page goes public and another hidden at once, though every file reads the same', () => {
    const files = { 'pages/a.json': home, 'pages/b.json': about };
    const listing = (paths: string[]) => ({ get: (path: string) => (files as Record<string, unknown>)[path], paths: () => paths });
    expect(changedInPlace(listing(['pages/a.json']), listing(['pages/b.json']))).toBeUndefined();
    expect(changedInPlace(listing(['pages/a.json']), listing(['pages/a.json']))).toEqual(new Set());
  });

  it('names a hidden file whose content changed: the pages that include it through a $ref must be resolved again', () => {
    const now = new Date('2026-11-28T00:00:00Z');
    const snippet = { id: 'snippet', slug: 'snippet', status: 'draft', sections: [{ id: 's', type: 'content-block', data: { title: 'One' } }] };
    const draftPost = { title: 'Soon', status: 'draft' };
    const including = { ...about, sections: [{ $ref: 'snippet.json#/sections/0' }, { $ref: '../collections/posts/soon.json' }] };
    const files = { ...base, 'pages/about.json': including, 'pages/snippet.json': snippet, 'collections/posts/soon.json': draftPost };
    const before = publicSnapshot(snapshotOf(files), now);
    expect([...before.paths()]).not.toContain('pages/snippet.json');

    const pageEdited = publicSnapshot(snapshotOf({ ...files, 'pages/snippet.json': { ...snippet, sections: [{ id: 's', type: 'content-block', data: { title: 'Two' } }] } }), now);
    expect(changedInPlace(before, pageEdited)).toEqual(new Set(['pages/snippet.json']));
    // An entry is site-wide while listed; hidden, only a $ref reads it.
    const entryEdited = publicSnapshot(snapshotOf({ ...files, 'collections/posts/soon.json': { ...draftPost, title: 'Later' } }), now);
    expect(changedInPlace(before, entryEdited)).toEqual(new Set(['collections/posts/soon.json']));
    expect(filesOfPage({ slug: 'about', file: 'pages/about.json' }, before)).toEqual(new Set(['pages/about.json', 'pages/snippet.json', 'collections/posts/soon.json']));
    // A hidden file added or removed (a new draft) reaches only the pages whose $refs name it, found or not.
    expect(changedInPlace(before, publicSnapshot(snapshotOf({ ...files, 'pages/other-draft.json': snippet }), now))).toEqual(new Set(['pages/other-draft.json']));
    const { 'pages/snippet.json': _gone, ...withoutSnippet } = files;
    expect(changedInPlace(before, publicSnapshot(snapshotOf(withoutSnippet), now))).toEqual(new Set(['pages/snippet.json']));

    // The content version names the hidden files a published page includes: two public outputs never share one.
    expect(contentVersionOf(pageEdited)).not.toBe(contentVersionOf(before));
    expect(contentVersionOf(entryEdited)).not.toBe(contentVersionOf(before));
    expect(contentVersionOf(publicSnapshot(snapshotOf(files), now))).toBe(contentVersionOf(before));
    // But not a draft no published page includes: saving one tells visitors nothing.
    const lonelyDraft = { ...snippet, id: 'lonely', slug: 'lonely' };
    const withLonely = publicSnapshot(snapshotOf({ ...files, 'pages/lonely.json': lonelyDraft }), now);
    expect(contentVersionOf(withLonely)).toBe(contentVersionOf(before));
    const lonelyEdited = publicSnapshot(snapshotOf({ ...files, 'pages/lonely.json': { ...lonelyDraft, meta: { title: 'Secret plans' } } }), now);
    expect(contentVersionOf(lonelyEdited)).toBe(contentVersionOf(before));
    // Until it is published.
    const lonelyPublished = publicSnapshot(snapshotOf({ ...files, 'pages/lonely.json': { ...lonelyDraft, status: 'published' } }), now);
    expect(contentVersionOf(lonelyPublished)).not.toBe(contentVersionOf(before));
    // Nor moving a draft, which adds a redirect visitors do not get (it leads to no public page): the public redirects are hashed, not the file.
    const moved = publicSnapshot(snapshotOf({ ...files, 'pages/lonely.json': lonelyDraft, 'redirects.json': { redirects: [{ from: '/secret-plan/', to: '/lonely/', madeByMove: true }] } }), now);
    expect(contentVersionOf(moved, [])).toBe(contentVersionOf(withLonely, []));
    expect(contentVersionOf(moved, [{ from: '/secret-plan', to: '/lonely/' }])).not.toBe(contentVersionOf(withLonely, []));
  });
});
