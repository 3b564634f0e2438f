/**
 * What a hostile review slipped past the content store's validation: an image URL that leads to no
 * image (deleted meanwhile, or never uploaded), a file named like another but for letter case,
 * and a page put where a moved page's redirect leads away from.
 */
import { describe, expect, it } from 'vitest';
import { snapshotFromEntries, type ContentSnapshot } from '../../src/engine/snapshot';
import type { Change } from '../../src/server/store/changeset';
import { HttpError } from '../../src/server/errors';
import type { StoreBackend, StoreWrite } from '../../src/server/store/content-store';
import { caseTwinIssues } from '../../src/server/store/file-name-case';
import { createContentStore } from '../../src/server/store/content-store';
import { planChangeset } from '../../src/server/store/plan';
import { validatePlan } from '../../src/server/store/validate';
import { contentVersion } from '../../src/server/version';

const meta = { title: 'T', description: 'D' };
const page = (slug: string, extra: object = {}) => ({ id: slug.replaceAll('/', '-').replace(/[[\]]/g, ''), slug, meta, sections: [], ...extra });
const post = (title: string) => ({ title, excerpt: 'E', date: '2026-01-01', author: 'Ann', tags: [], body: 'B' });
const withImage = (slug: string, url: string) => page(slug, { meta: { ...meta, ogImage: { url, alt: 'A' } } });
/** A backend's `version` over a snapshot: the store checks the files it rewrites against the snapshot it planned on. */
const versionIn = (snapshot: ContentSnapshot) => async (file: string) => (snapshot.get(file) === undefined ? undefined : contentVersion(snapshot.get(file)));

/** A site as the store sees it: data files and the uploaded images' names. */
function siteOf(files: [string, unknown][], images: string[] = ['a.png', 'Photo.png']): ContentSnapshot {
  return { ...snapshotFromEntries(files), uploadedImages: () => images };
}
const site = siteOf([
  ['pages/home.json', page('home')],
  ['pages/about.json', withImage('about', '/assets/images/a.png')],
  ['pages/old.json', withImage('old', '/assets/images/gone.png')],
  ['pages/posts/[slug].json', page('posts/[slug]', { template: { collection: 'posts' } })],
  ['collections/posts/hello.json', post('Hello')],
  ['redirects.json', { redirects: [{ from: '/journal/', to: '/about/' }, { from: '/posts/moved/', to: '/about/' }] }],
]);
const check = (changes: Change[], on = site) => validatePlan(on, planChangeset(on, changes)).map((issue) => `${issue.file}${issue.path}: ${issue.message}`);
const put = (file: string, content: unknown, baseVersion: string | null = 'v'): Change => ({ op: 'put', file, content, baseVersion });

describe('image URLs lead to an uploaded image', () => {
  it('refuses a page naming an image that is not there, at its field, in any spelling of its URL', () => {
    for (const url of ['/assets/images/ghost-missing.webp', '/assets/images/ghost.png?v=2', '/assets/images/ghost.png#top', '/assets/images/%67host.png', '/assets/images/', '/assets/images/a.png/x']) {
      expect(check([put('pages/about.json', withImage('about', url))]), url).toEqual([
        `pages/about.json/meta/ogImage/url: no uploaded image has this address (${url}): it was deleted or renamed since, or never uploaded. Upload it again, or choose another image`,
      ]);
    }
  });

  it('takes an image that is there, in any spelling, and does not judge external URLs', () => {
    for (const url of ['/assets/images/a.png', '/assets/images/a.png?v=2', '/assets/images/%61.png', 'https://cdn.example/assets/images/ghost.png', '/about/']) {
      expect(check([put('pages/about.json', withImage('about', url))]), url).toEqual([]);
    }
  });

  it('refuses the race: an image deleted in the same change, or moved away, is not there after it', () => {
    expect(check([put('pages/home.json', withImage('home', '/assets/images/a.png')), { op: 'delete', file: 'assets/images/a.png', baseVersion: 'v' }])).toEqual([
      'pages/home.json/meta/ogImage/url: still points at /assets/images/a.png, which this change deletes',
      'pages/about.json/meta/ogImage/url: still points at /assets/images/a.png, which this change deletes',
    ]);
    // Deleted first (nothing saved named it), then a page saved with the image it had added meanwhile.
    const deleted = siteOf([...site.paths()].map((file) => [file, site.get(file)]), ['Photo.png']);
    expect(check([put('pages/home.json', withImage('home', '/assets/images/a.png'))], deleted)).toEqual([
      'pages/home.json/meta/ogImage/url: no uploaded image has this address (/assets/images/a.png): it was deleted or renamed since, or never uploaded. Upload it again, or choose another image',
    ]);
  });

  it('still saves a document that named a missing image before, edited or moved for another reason', () => {
    expect(check([put('pages/old.json', { ...withImage('old', '/assets/images/gone.png'), meta: { ...meta, title: 'Edited', ogImage: { url: '/assets/images/gone.png', alt: 'A' } } })])).toEqual([]);
    expect(check([{ op: 'move', file: 'pages/old.json', to: 'pages/older.json', baseVersion: 'v' }])).toEqual([]);
  });

  it('keeps every spelling of an image URL when the image is deleted or moved', () => {
    const spelled = siteOf([['pages/home.json', page('home')], ['pages/about.json', withImage('about', '/assets/images/a.png?v=2')]]);
    expect(check([{ op: 'delete', file: 'assets/images/a.png', baseVersion: 'v' }], spelled)).toEqual(['pages/about.json/meta/ogImage/url: still points at /assets/images/a.png, which this change deletes']);
    const plan = planChangeset(spelled, [{ op: 'move', file: 'assets/images/a.png', to: 'assets/images/b.png', baseVersion: 'v' }]);
    expect(plan.after.get('pages/about.json')).toMatchObject({ meta: { ogImage: { url: '/assets/images/b.png?v=2' } } });
    expect(validatePlan(spelled, plan)).toEqual([]);
  });

  it('judges no image URL where the snapshot does not list the images', () => {
    const unlisted = snapshotFromEntries([['pages/home.json', page('home')]]);
    expect(check([put('pages/home.json', withImage('home', '/assets/images/ghost.png'))], unlisted)).toEqual([]);
  });
});

describe('no two files differ only in letter case', () => {
  it('names the existing file a new one would collide with, data files and images alike', () => {
    expect(caseTwinIssues(['pages/About.json', 'assets/images/Photo.png'], ['pages/about.json', 'assets/images/photo.png', 'assets/images/Photo.png', 'pages/new.json'])).toEqual([
      { file: 'pages/about.json', path: '', message: 'differs only in letter case from pages/About.json, which exists: on macOS and Windows the two would be one file. Use that name, or another' },
      { file: 'assets/images/photo.png', path: '', message: 'differs only in letter case from assets/images/Photo.png, which exists: on macOS and Windows the two would be one file. Use that name, or another' },
    ]);
    expect(caseTwinIssues([], ['assets/images/a.png', 'assets/images/A.png']).map((issue) => issue.message)).toEqual([
      'differs only in letter case from assets/images/a.png, which this change also writes: on macOS and Windows the two would be one file. Use that name, or another',
    ]);
    expect(caseTwinIssues(['assets/images/Cafe\u0301.png'], ['assets/images/café.png'])).toHaveLength(1);
  });

  it('refuses a page, an entry, or an image moved, at a name a file has in another case; renaming one by case is fine', () => {
    const handMade = siteOf([['pages/home.json', page('home')], ['pages/About.json', page('about')], ['collections/posts/Hello.json', post('Hello')]]);
    expect(check([put('pages/about.json', page('about'), null)], handMade)).toEqual([
      'pages/about.json: differs only in letter case from pages/About.json, which exists: on macOS and Windows the two would be one file. Use that name, or another',
    ]);
    expect(check([put('collections/posts/hello.json', post('Hi'), null)], handMade).join()).toMatch(/collections\/posts\/hello.json: differs only in letter case from collections\/posts\/Hello.json/);
    expect(check([{ op: 'move', file: 'assets/images/a.png', to: 'assets/images/photo.png', baseVersion: 'v' }])).toEqual([
      'assets/images/photo.png: differs only in letter case from assets/images/Photo.png, which exists: on macOS and Windows the two would be one file. Use that name, or another',
    ]);
    expect(check([{ op: 'move', file: 'assets/images/Photo.png', to: 'assets/images/photo.png', baseVersion: 'v' }])).toEqual([]);
  });

  it('refuses an upload beside an image of the same name in another case, under the store\'s lock', async () => {
    const commits: StoreWrite[][] = [];
    const backend: StoreBackend = { version: async () => undefined, snapshot: async () => site, commit: async (writes) => (commits.push(writes), {}), recover: async () => {} };
    const store = createContentStore(backend, 'case-twin-uploads');
    const refusal = await store.putImage('photo.png', new Uint8Array([1]), { overwrite: true }).catch((error: HttpError) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).status).toBe(409);
    expect((refusal as HttpError).message).toBe('An image named "photo.png" differs only in letter case from assets/images/Photo.png, which exists: on macOS and Windows the two would be one file. Use that name, or another');
    await store.putImage('other.png', new Uint8Array([1]), { overwrite: false });
    expect(commits.map((writes) => writes[0]!.file)).toEqual(['assets/images/other.png']);
  });
});

describe('a redirect never leads away from a page', () => {
  const journalIssue = 'pages/journal.json/slug: /journal/ redirects to /about/ (redirects.json), and a page there would end that redirect without a word. Remove the redirect in the same change, or choose another address';

  it('refuses a new page where a moved page’s redirect leads away from, naming the redirect', () => {
    expect(check([put('pages/journal.json', page('journal'), null)])).toEqual([journalIssue]);
  });

  it('takes it when the same change removes that redirect, or when a page moves there (which removes it)', () => {
    expect(check([put('pages/journal.json', page('journal'), null), put('redirects.json', { redirects: [{ from: '/posts/moved/', to: '/about/' }] })])).toEqual([]);
    expect(check([{ op: 'move', file: 'pages/old.json', to: 'pages/journal.json', baseVersion: 'v' }])).toEqual([]);
  });

  it('refuses an entry, or a template, that would give an entry page that address', () => {
    expect(check([put('collections/posts/moved.json', post('Moved'), null)])).toEqual([
      "collections/posts/moved.json: this entry's page would be at /posts/moved/, but /posts/moved/ redirects to /about/ (redirects.json), and a page there would end that redirect without a word. Remove the redirect in the same change, or choose another slug",
    ]);
    const withEntry = siteOf([['pages/home.json', page('home')], ['pages/about.json', page('about')], ['collections/posts/journal.json', post('J')], ['redirects.json', { redirects: [{ from: '/journal/', to: '/about/' }] }]]);
    expect(check([put('pages/[slug].json', page('[slug]', { template: { collection: 'posts' } }), null)], withEntry)).toEqual([
      'pages/[slug].json/template: the entry collections/posts/journal.json would have its page at /journal/, but /journal/ redirects to /about/ (redirects.json), and a page there would end that redirect without a word. Remove the redirect in the same change',
    ]);
  });

  it('lets only whoever may change the redirects move a page onto an address another page’s redirect leaves from', async () => {
    const applied: StoreWrite[][] = [];
    const backend: StoreBackend = { version: versionIn(site), snapshot: async () => site, commit: async (writes) => (applied.push(writes), {}), recover: async () => {} };
    const store = createContentStore(backend, 'ended-redirects');
    const move: Change = { op: 'move', file: 'pages/old.json', to: 'pages/journal.json', baseVersion: contentVersion(site.get('pages/old.json')) };
    const editor = (file: string) => file.startsWith('pages/') || file.startsWith('collections/');
    const refusal = await store.apply({ changes: [move] }, undefined, editor).catch((error: HttpError) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).status).toBe(403);
    expect((refusal as HttpError).message).toBe(
      'Moving a page there would end the redirect /journal/ → /about/ (redirects.json), which only an administrator can change. Choose another address, or ask an administrator to remove the redirect first',
    );
    expect(applied).toEqual([]);
    // An administrator may: the move takes the address and ends the redirect, as before.
    await store.apply({ changes: [move] }, undefined, () => true);
    const redirects = applied[0]!.find((write) => write.file === 'redirects.json');
    expect(JSON.parse((redirects as { data: string }).data).redirects).toEqual([{ from: '/posts/moved/', to: '/about/' }, { from: '/old/', to: '/journal/', madeByMove: true }]);
  });

  it('lets an editor move a page back along its own trail, ending the redirect its own move left', async () => {
    const moved = siteOf([...site.paths()].filter((file) => file !== 'pages/about.json').map((file) => [file, site.get(file)] as [string, unknown]).concat([['pages/company.json', page('company')]]));
    const backend: StoreBackend = { version: versionIn(moved), snapshot: async () => moved, commit: async () => ({}), recover: async () => {} };
    const companyVersion = contentVersion(moved.get('pages/company.json'));
    const store = createContentStore(backend, 'own-trail');
    // /journal/ → /about/ leads to another page: ending it is refused.
    const editor = (file: string) => file.startsWith('pages/');
    await expect(store.apply({ changes: [{ op: 'move', file: 'pages/company.json', to: 'pages/journal.json', baseVersion: companyVersion }] }, undefined, editor)).rejects.toThrow('only an administrator');
    // /journal/ → /company/ is the page's own trail (it moved from /journal/): moving back ends it.
    const trail = siteOf([...moved.paths()].map((file) => [file, file === 'redirects.json' ? { redirects: [{ from: '/journal/', to: '/company/' }] } : moved.get(file)] as [string, unknown]));
    const written: StoreWrite[][] = [];
    const backWithWrites = createContentStore({ ...backend, version: versionIn(trail), snapshot: async () => trail, commit: async (writes) => (written.push(writes), {}) }, 'own-trail-written');
    await backWithWrites.apply({ changes: [{ op: 'move', file: 'pages/company.json', to: 'pages/journal.json', baseVersion: companyVersion }] }, undefined, editor);
    const redirects = written[0]!.find((write) => write.file === 'redirects.json') as { data: string };
    expect(JSON.parse(redirects.data).redirects).toEqual([{ from: '/company/', to: '/journal/', madeByMove: true }]);
  });

  it('keeps every redirect through a move when one is invalid, and moves the page: the invalid one is carried over as it was (every move waited on an administrator)', () => {
    const bad = { from: '/editor/x/', to: '/about/' };
    const withBad = siteOf([...site.paths()].map((file) => [file, file === 'redirects.json' ? { redirects: [{ from: '/posts/moved/', to: '/about/' }, bad, { from: '/elsewhere/', to: '/old/' }], note: 'kept' } : site.get(file)] as [string, unknown]));
    const move: Change = { op: 'move', file: 'pages/old.json', to: 'pages/renamed.json', baseVersion: 'v' };
    expect(planChangeset(withBad, [move]).documents.get('redirects.json')).toEqual({
      redirects: [{ from: '/posts/moved/', to: '/about/' }, bad, { from: '/elsewhere/', to: '/renamed/' }, { from: '/old/', to: '/renamed/', madeByMove: true }],
      note: 'kept',
    });
    expect(check([move], withBad)).toEqual([]);
    // Named by the change (someone editing the redirects), the file is checked whole, the old problems too.
    const stored = withBad.get('redirects.json') as { redirects: unknown[] };
    expect(check([move, put('redirects.json', { ...stored, redirects: [...stored.redirects, { from: '/more/', to: '/about/' }] })], withBad)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^redirects\.json\/redirects\/1\/from: /), expect.stringMatching(/^redirects\.json\/note: /)]),
    );
    // Likewise a redirect to a page removed by hand, carried over by a move of another page.
    const toGone = siteOf([...site.paths()].map((file) => [file, file === 'redirects.json' ? { redirects: [{ from: '/promo/', to: '/gone/' }, { from: '/elsewhere/', to: '/old/' }] } : site.get(file)] as [string, unknown]));
    expect(check([move], toGone)).toEqual([]);
    expect(planChangeset(toGone, [move]).documents.get('redirects.json')).toEqual({
      redirects: [{ from: '/promo/', to: '/gone/' }, { from: '/elsewhere/', to: '/renamed/' }, { from: '/old/', to: '/renamed/', madeByMove: true }],
    });
  });

  it('names an unknown field of a redirect at its own pointer, as the problem report does', () => {
    expect(check([put('redirects.json', { redirects: [{ from: '/journal/', to: '/about/', extra: 1 }] })])).toEqual(['redirects.json/redirects/0/extra: Unknown field "extra". Known fields: from, to, madeByMove.']);
  });

  it('still saves a page that was there with its redirect before, edited for another reason', () => {
    const both = siteOf([...site.paths()].map((file) => [file, site.get(file)] as [string, unknown]).concat([['pages/journal.json', page('journal')]]));
    expect(check([put('pages/journal.json', { ...page('journal'), meta: { ...meta, title: 'Edited' } })], both)).toEqual([]);
  });
});

describe('page ids', () => {
  it('refuses a page written with another page’s id, by a put or a move that brings content, naming the file; a pair made by hand is left to mend', () => {
    const clash = 'pages/twin.json/id: the page id "about" is also the id of pages/about.json: page ids are unique';
    expect(check([put('pages/twin.json', { ...page('twin'), id: 'about' }, null)])).toEqual([clash]);
    expect(check([{ op: 'move', file: 'pages/old.json', to: 'pages/twin.json', baseVersion: 'v', content: { ...withImage('old', '/assets/images/a.png'), id: 'about' } }])).toEqual([clash]);
    // A moved page keeps its id: no clash with itself.
    expect(check([{ op: 'move', file: 'pages/about.json', to: 'pages/company.json', baseVersion: 'v' }])).toEqual([]);
    // Two pages that already shared an id: an edit of one is not refused for it (the problems list names it).
    const handMade = siteOf([...site.paths()].map((file) => [file, site.get(file)] as [string, unknown]).concat([['pages/twin.json', { ...page('twin'), id: 'about' }]]));
    expect(check([put('pages/twin.json', { ...page('twin'), id: 'about', meta: { ...meta, title: 'Edited' } })], handMade)).toEqual([]);
  });
});
