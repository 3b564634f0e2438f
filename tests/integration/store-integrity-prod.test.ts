/**
 * Regression tests of a hostile review of the content store's validation, on the real production
 * server on git: each replays, as a signed-in editor (bea) and an administrator (ada), a change
 * that was accepted and left the live site broken or its repository unfit for some checkouts.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitSite, type GitSite } from '../helpers/git-site';
import { raw, type RawResponse } from '../helpers/http';
import { addUser, signIn, type Session } from '../helpers/sessions';
import { editorState as state, newPage, untilLive } from '../helpers/editing';
import { contentVersion } from '../../src/server/version';

const PASSWORD = 'correct horse battery staple';

let site: GitSite;
let bea: Session;
let ada: Session;
let png: Buffer;

beforeAll(async () => {
  site = await startGitSite('store-integrity', { name: 'bea', role: 'editor', password: PASSWORD });
  await addUser(site.project, join(site.remote.scratch, 'users.json'), 'ada', 'admin', PASSWORD);
  bea = await signIn(site.server, 'bea', PASSWORD);
  ada = await signIn(site.server, 'ada', PASSWORD);
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
});

afterAll(async () => {
  await site?.remove();
});

const get = (path: string) => raw(site.server.origin, { path });
const docOf = async (session: Session, file: string) => (await state(session)).docs.find((doc) => doc.file === file)!;
const upload = (session: Session, filename: string) => session.post('/api/upload-asset', { filename, data: png.toString('base64') });

/** The issues of a refused changeset, as `file path: message`. */
function refusal(response: RawResponse) {
  expect(response.status, response.text).toBe(400);
  return response.json<{ issues: { file: string; path: string; message: string }[] }>().issues.map((issue) => `${issue.file} ${issue.path}: ${issue.message}`);
}

describe('image URLs lead to an uploaded image', () => {
  it('refuses a save naming an image someone deleted after it was added, unsaved: the page went live with a broken image', async () => {
    expect((await upload(ada, 'race-img.png')).status).toBe(200);
    // A (bea) adds the image to the about page, without saving yet.
    const about = await docOf(bea, 'pages/about.json');
    const edited = { ...about.data, meta: { ...about.data.meta, ogImage: { url: '/assets/images/race-img.png', alt: 'Race' } } };
    // B (ada) deletes the image: nothing saved points at it.
    const image = (await state(ada)).images.find((candidate) => candidate.url === '/assets/images/race-img.png')!;
    await untilLive(ada, await ada.post('/api/content/changes', { changes: [{ op: 'delete', file: 'assets/images/race-img.png', baseVersion: image.version }] }));
    // A saves.
    const saved = await bea.post('/api/content/changes', { changes: [{ op: 'put', file: about.file, content: edited, baseVersion: about.version }] });
    expect(refusal(saved)).toEqual([
      'pages/about.json /meta/ogImage/url: no uploaded image has this address (/assets/images/race-img.png): it was deleted or renamed since, or never uploaded. Upload it again, or choose another image',
    ]);
    expect((await get('/about/')).text).not.toContain('race-img');
  });

  it('refuses a hero image that never existed, in any spelling, and takes one that does', async () => {
    const home = await docOf(bea, 'pages/home.json');
    const withHero = (url: string) => {
      const sections = structuredClone(home.data.sections);
      sections[1].data.image.url = url;
      return { changes: [{ op: 'put', file: home.file, content: { ...home.data, sections }, baseVersion: home.version }] };
    };
    for (const url of ['/assets/images/ghost-missing.webp', '/assets/images/ghost-missing.webp?v=2']) {
      expect(refusal(await bea.post('/api/content/changes', withHero(url)))).toEqual([
        `pages/home.json /sections/1/data/image/url: no uploaded image has this address (${url}): it was deleted or renamed since, or never uploaded. Upload it again, or choose another image`,
      ]);
    }
    await untilLive(bea, await bea.post('/api/content/changes', withHero('/assets/images/cover-editorial.webp?v=2')));
  });
});

describe('no two files differ only in letter case', () => {
  it('refuses an upload, or an image renamed, beside an image of the same name in another case', async () => {
    expect((await upload(bea, 'Photo.png')).status).toBe(200);
    const commits = (await site.remote.commits()).length;
    const twin = await upload(bea, 'photo.png');
    expect(twin.status, twin.text).toBe(409);
    expect(twin.json<{ error: string }>().error).toMatch(/^An image named "photo.png" differs only in letter case from assets\/images\/Photo.png, which exists/);
    expect((await upload(bea, 'PHOTO.png')).status).toBe(409);
    expect((await site.remote.commits()).length).toBe(commits);
    expect((await get('/api/list-assets')).json<string[]>().filter((url) => /photo\.png$/i.test(url))).toEqual(['/assets/images/Photo.png']);
    // The same name again is the same image; a rename by case alone is fine.
    expect((await upload(bea, 'Photo.png')).status).toBe(200);
    expect((await upload(bea, 'snapshot.png')).status).toBe(200);
    const snapshot = (await state(bea)).images.find((image) => image.url.endsWith('/snapshot.png'))!;
    const moved = await bea.post('/api/content/changes', { changes: [{ op: 'move', file: 'assets/images/snapshot.png', to: 'assets/images/photo.png', baseVersion: snapshot.version }] });
    expect(refusal(moved)).toEqual(['assets/images/photo.png : differs only in letter case from assets/images/Photo.png, which exists: on macOS and Windows the two would be one file. Use that name, or another']);
    const photo = (await state(bea)).images.find((image) => image.url.endsWith('/Photo.png'))!;
    await untilLive(bea, await bea.post('/api/content/changes', { changes: [{ op: 'move', file: 'assets/images/Photo.png', to: 'assets/images/photo.png', baseVersion: photo.version }] }));
  });
});

describe('a redirect never leads away from a page', () => {
  it('refuses a new page where a moved page left its redirect, unless the change removes the redirect', async () => {
    const journal = await docOf(bea, 'pages/journal.json');
    const moved = await untilLive(bea, await bea.post('/api/content/changes', { changes: [{ op: 'move', file: journal.file, to: 'pages/blog.json', baseVersion: journal.version }] }));
    expect((await get('/journal/')).headers.location).toBe('/blog/');
    expect((await get('/journal/?utm_source=mail')).headers.location).toBe('/blog/?utm_source=mail');
    // The attack: a new page at the old address took it from the redirect, without a word.
    // (An id of its own: the moved page keeps "journal", and two pages never share one.)
    const again = await newPage(bea, 'journal', { id: 'journal-again' });
    expect(refusal(await bea.post('/api/content/changes', { changes: [again] }))).toEqual([
      'pages/journal.json /slug: /journal/ redirects to /blog/ (redirects.json), and a page there would end that redirect without a word. Remove the redirect in the same change, or choose another address',
    ]);
    const old = await get('/journal/');
    expect([old.status, old.headers.location]).toEqual([301, '/blog/']);
    // With the redirect removed in the same change (an administrator's: redirects are shared), the page takes the address.
    const redirects = JSON.parse((await site.remote.read('src/data/redirects.json'))!) as { redirects: { from: string }[] };
    const kept = redirects.redirects.filter((redirect) => redirect.from !== '/journal/');
    const baseVersion = moved.json<{ versions: Record<string, string> }>().versions['redirects.json'];
    await untilLive(ada, await ada.post('/api/content/changes', { changes: [again, { op: 'put', file: 'redirects.json', content: { redirects: kept }, baseVersion }] }));
    expect((await get('/journal/')).status).toBe(200);
    expect((await get('/blog/')).status).toBe(200);
  });

  it("refuses an editor's delete of a page an administrator's redirect leads to (it ended the redirect, and the editor took its address); its own trail goes with it", async () => {
    const redirectsNow = async () => JSON.parse((await site.remote.read('src/data/redirects.json'))!) as { redirects: { from: string; to: string; madeByMove?: true }[] };
    await untilLive(bea, await bea.post('/api/content/changes', { changes: [await newPage(bea, 'campaign')] }));
    // As an administrator keeps them (the editor's state has no redirects document): the version is the store's, of the file's content.
    const current = await redirectsNow();
    const campaign = { from: '/promo/', to: '/campaign/' };
    await untilLive(ada, await ada.post('/api/content/changes', { changes: [{ op: 'put', file: 'redirects.json', content: { redirects: [...current.redirects, campaign] }, baseVersion: contentVersion(current) }] }));
    const remove = async (session: Session, file: string) => ({ changes: [{ op: 'delete', file, baseVersion: (await docOf(session, file)).version }] });
    const refused = await bea.post('/api/content/changes', await remove(bea, 'pages/campaign.json'));
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json<{ error: string }>().error).toBe(
      'Deleting the page would end the redirect /promo/ → /campaign/ (redirects.json), which only an administrator can change. Ask an administrator to delete it, or to point the redirect elsewhere first',
    );
    expect((await redirectsNow()).redirects).toContainEqual(campaign);
    expect((await get('/promo/')).headers.location).toBe('/campaign/');
    // The page's own trail: moved by the editor, then deleted by them, its redirect goes with it.
    const mine = await untilLive(bea, await bea.post('/api/content/changes', { changes: [await newPage(bea, 'short-lived')] }));
    expect(mine.status).toBe(200);
    const shortLived = await docOf(bea, 'pages/short-lived.json');
    await untilLive(bea, await bea.post('/api/content/changes', { changes: [{ op: 'move', file: shortLived.file, to: 'pages/shorter-lived.json', baseVersion: shortLived.version }] }));
    expect((await redirectsNow()).redirects).toContainEqual({ from: '/short-lived/', to: '/shorter-lived/', madeByMove: true });
    await untilLive(bea, await bea.post('/api/content/changes', await remove(bea, 'pages/shorter-lived.json')));
    expect((await redirectsNow()).redirects.map(({ from }) => from)).not.toContain('/short-lived/');
    // An administrator may delete the campaign page, and its redirect goes with it.
    await untilLive(ada, await ada.post('/api/content/changes', await remove(ada, 'pages/campaign.json')));
    expect((await redirectsNow()).redirects).not.toContainEqual(campaign);
  });
});

