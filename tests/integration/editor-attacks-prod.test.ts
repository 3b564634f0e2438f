/**
 * Regression tests of a hostile review of the content store's rules on the
 * real production server on git: each test replays, as a signed-in *editor*
 * (the lower role) or an administrator, an attack that once worked.
 */
import { readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitSite, type GitSite } from '../helpers/git-site';
import { postJson, raw, type RawResponse } from '../helpers/http';
import { addUser, signIn, type Session } from '../helpers/sessions';
import { editorState, newPage, postWebhook, untilLive, WEBHOOK_SECRET } from '../helpers/editing';

const PASSWORD = 'correct horse battery staple';
const TOOL_TOKEN = 'a-tool-token-for-uploads-only-1234';

let site: GitSite;
let bea: Session;
let ada: Session;

beforeAll(async () => {
  site = await startGitSite('editor-attacks', { name: 'bea', role: 'editor', password: PASSWORD }, { CONTENT_WEBHOOK_SECRET: WEBHOOK_SECRET, CONTENT_API_TOKEN: TOOL_TOKEN });
  await addUser(site.project, join(site.remote.scratch, 'users.json'), 'ada', 'admin', PASSWORD);
  bea = await signIn(site.server, 'bea', PASSWORD);
  ada = await signIn(site.server, 'ada', PASSWORD);
});

afterAll(async () => {
  await site?.remove();
});

const get = (path: string) => raw(site.server.origin, { path });
const getBytes = async (path: string) => Buffer.from(await (await fetch(`${site.server.origin}${path}`)).arrayBuffer());

const state = editorState;

const versionOf = async (file: string) => (await state(ada)).docs.find((doc) => doc.file === file)!.version;

/** Waits until the save's publication is live. */
const published = (saved: RawResponse) => untilLive(ada, saved);

/** The messages of a refused changeset, for the file and field named. */
function refusal(response: RawResponse) {
  expect(response.status, response.text).toBe(400);
  return response.json<{ error: string; issues: { file: string; path: string; message: string }[] }>().issues.map((issue) => `${issue.path}: ${issue.message}`);
}

describe("the server's own addresses", () => {
  it('refuses a page under /editor, /api or /assets, created or moved there, so no redirect can take the sign-in page', async () => {
    // The attack: create pages/editor/sign-in.json, move it away, and the redirect left behind answered /editor/sign-in.
    for (const slug of ['editor/sign-in', 'editor', 'api/auth/session', 'assets/images/x']) {
      expect(refusal(await bea.post('/api/content/changes', { changes: [await newPage(ada, slug)] })).join()).toMatch(/Pages cannot start with "(editor|api|assets)\/"/);
    }
    const moved = await bea.post('/api/content/changes', { changes: [{ op: 'move', file: 'pages/about.json', to: 'pages/editor/sign-in.json', baseVersion: await versionOf('pages/about.json') }] });
    expect(refusal(moved)).toEqual(['/changes/0/to: Pages cannot start with "editor/": the server keeps /api/, /editor/, /assets/ for itself.']);
    const signInPage = await get('/editor/sign-in');
    expect(signInPage.status).toBe(200);
    expect(signInPage.text).toContain('Sign in');
  });

  it('refuses a page at those addresses made any other way: a tag moved there, or an entry named editor under a top-level template', async () => {
    const docs = (await state(bea)).docs;
    const tag = docs.find((doc) => doc.file.startsWith('collections/tags/'))!;
    await published(await bea.post('/api/content/changes', { changes: [{ op: 'put', file: 'collections/tags/probe.json', content: tag.data, baseVersion: null }] }));
    const moved = await bea.post('/api/content/changes', { changes: [{ op: 'move', file: 'collections/tags/probe.json', to: 'pages/editor/sign-in.json', baseVersion: await versionOf('collections/tags/probe.json') }] });
    expect(refusal(moved).join()).toMatch(/to: Pages cannot start with "editor\/"/);
    // A template at the top gives entries top-level addresses.
    const template = JSON.parse(JSON.stringify(docs.find((doc) => doc.file === 'pages/tags/[slug].json')!.data).replaceAll('../../shared/', '../shared/'));
    await published(await bea.post('/api/content/changes', { changes: [{ op: 'put', file: 'pages/[slug].json', content: { ...template, id: 'top-tag', slug: '[slug]' }, baseVersion: null }] }));
    const named = await bea.post('/api/content/changes', { changes: [{ op: 'put', file: 'collections/tags/editor.json', content: tag.data, baseVersion: null }] });
    expect(refusal(named).join()).toMatch(/This entry's page would be at \/editor\/: Pages cannot start with "editor\/"/);
    // Other saves go on, and the template put by mistake can be deleted again.
    await published(await bea.post('/api/content/changes', { changes: [{ op: 'delete', file: 'pages/[slug].json', baseVersion: await versionOf('pages/[slug].json') }] }));
    expect((await get('/editor/sign-in')).status).toBe(200);
  });

  it('never answers a server route with a redirect pushed to the repository before the rule', async () => {
    await site.remote.pushAsDeveloper('Redirects from the editor', async (worktree) => {
      const redirects = { redirects: [{ from: '/editor/sign-in/', to: '/about/' }, { from: '/api/auth/session/', to: '/about/' }, { from: '/company/', to: '/about/' }] };
      await writeFile(join(worktree, 'src', 'data', 'redirects.json'), `${JSON.stringify(redirects, null, 2)}\n`);
    });
    const before = site.server.output().length;
    const synced = await postWebhook(site.server);
    expect(synced.status, synced.text).toBe(200);
    // Published or refused, the pushed content has been dealt with.
    await expect.poll(() => site.server.output().slice(before), { timeout: 20_000, interval: 100 }).toMatch(/Published content|Publishing failed/);
    expect((await get('/editor/sign-in')).status).toBe(200);
    expect((await get('/editor/sign-in/')).status).not.toBe(301);
    expect((await raw(site.server.origin, { path: '/api/auth/session', headers: { cookie: ada.cookie } })).status).toBe(200);
    // The valid redirect beside them still works.
    await expect.poll(async () => (await get('/company/')).headers.location, { timeout: 20_000, interval: 100 }).toBe('/about/');
  });
});

describe('pages that stay where they are', () => {
  it('refuses, from any role, deleting or moving the home page, the 404 page or a template, and moving a page onto them', async () => {
    const cases = [
      [bea, { op: 'delete', file: 'pages/404.json' }, /404\.html\): it cannot be deleted or moved/],
      [ada, { op: 'move', file: 'pages/home.json', to: 'pages/home2.json' }, /front door: it cannot be deleted or moved/],
      [ada, { op: 'delete', file: 'pages/home.json' }, /front door/],
      [bea, { op: 'move', file: 'pages/posts/[slug].json', to: 'pages/p/[slug].json' }, /template page makes the pages of its collection/],
      [ada, { op: 'move', file: 'pages/about.json', to: 'pages/posts/[slug].json' }, /cannot be moved to become the home page, the 404 page or a template/],
    ] as const;
    for (const [session, change, message] of cases) {
      const response = await session.post('/api/content/changes', { changes: [{ ...change, baseVersion: await versionOf(change.file) }] });
      expect(refusal(response).join(), JSON.stringify(change)).toMatch(message);
    }
    expect((await get('/')).status).toBe(200);
    expect((await get('/posts/accessible-by-construction/')).status).toBe(200);
  });

  it('refuses a draft or scheduled 404 page: unknown addresses then got the copy the server started with, whatever the site became since', async () => {
    const notFound = (await state(ada)).docs.find((doc) => doc.file === 'pages/404.json')!;
    for (const extra of [{ status: 'draft' }, { publishAt: '2099-01-01T00:00:00Z' }]) {
      const response = await bea.post('/api/content/changes', { changes: [{ op: 'put', file: notFound.file, content: { ...(notFound.data as object), ...extra }, baseVersion: notFound.version }] });
      expect(refusal(response).join(), JSON.stringify(extra)).toMatch(/^\/(status|publishAt): is the page visitors see at an address with no page \(404\.html\), which is always public/);
    }
    expect((await get('/api/public-page/404')).status).toBe(200);
  });
});

describe('images', () => {
  it('refuses renaming an image to another type: an SVG moved to .png would be rasterised at any size it declares', async () => {
    const bomb = '<svg xmlns="http://www.w3.org/2000/svg" width="12000" height="12000"><rect width="10" height="10"/></svg>';
    expect((await bea.post('/api/upload-asset', { filename: 'bomb.svg', data: Buffer.from(bomb).toString('base64') })).status).toBe(200);
    const version = (await state(bea)).images.find((image) => image.url.endsWith('/bomb.svg'))!.version;
    const moved = await bea.post('/api/content/changes', { changes: [{ op: 'move', file: 'assets/images/bomb.svg', to: 'assets/images/bomb.png', baseVersion: version }] });
    expect(refusal(moved)).toEqual(['/changes/0/to: an image keeps its type when renamed (svg, not png): renaming does not convert it']);
    expect((await get('/assets/images/bomb.png')).status).toBe(404);
    // The same type under another spelling is the same image.
    const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    expect((await bea.post('/api/upload-asset', { filename: 'snap.jpg', data: jpeg.toString('base64') })).status).toBe(200);
    const snap = (await state(bea)).images.find((image) => image.url.endsWith('/snap.jpg'))!;
    await published(await bea.post('/api/content/changes', { changes: [{ op: 'move', file: 'assets/images/snap.jpg', to: 'assets/images/snap-renamed.jpeg', baseVersion: snap.version }] }));
    expect((await get('/assets/images/snap-renamed.jpeg')).status).toBe(200);
  });

  it('serves no image deleted or renamed since the build, nor its variants: the build’s copies kept serving a withdrawn photo', async () => {
    const logo = '/assets/images/logo-fieldnote.webp';
    const variant = (await get('/pricing/')).text.match(/\/_img\/logo-fieldnote\.webp\/[\w.-]+/)![0];
    expect((await get(variant)).status).toBe(200);
    // The only page showing it lets it go, and the image is deleted, in one change.
    const pricing = (await state(bea)).docs.find((doc) => doc.file === 'pages/pricing.json')!;
    const without = JSON.parse(JSON.stringify(pricing.data, (key, value) => (Array.isArray(value) ? value.filter((item) => item?.image?.url !== logo) : value)));
    const image = (await state(bea)).images.find((candidate) => candidate.url === logo)!;
    await published(await bea.post('/api/content/changes', { changes: [{ op: 'put', file: pricing.file, content: without, baseVersion: pricing.version }, { op: 'delete', file: 'assets/images/logo-fieldnote.webp', baseVersion: image.version }] }));
    expect((await get(logo)).status).toBe(404);
    expect((await get(variant)).status).toBe(404);
    // Nor a variant made anew from the build's copy, in a format the build did not make.
    expect((await get(variant.replace(/\.(avif|webp)$/, '.png'))).status).toBe(404);
    // Nor the build's or the cache's copy under the name of an image that is still there (a hostile review).
    expect((await get('/assets/images/logo-harbor-review.webp')).status).toBe(200);
    expect((await get(variant.replace('/logo-fieldnote.webp/', '/logo-harbor-review.webp/'))).status).toBe(404);
    // Renamed: the old name is gone, its variants with it; the page shows the new one.
    const kestrel = (await state(bea)).images.find((candidate) => candidate.url === '/assets/images/logo-kestrel-labs.webp')!;
    const oldVariant = (await get('/pricing/')).text.match(/\/_img\/logo-kestrel-labs\.webp\/[\w.-]+/)![0];
    await published(await bea.post('/api/content/changes', { changes: [{ op: 'move', file: 'assets/images/logo-kestrel-labs.webp', to: 'assets/images/logo-kestrel.webp', baseVersion: kestrel.version }] }));
    expect((await get('/assets/images/logo-kestrel-labs.webp')).status).toBe(404);
    expect((await get(oldVariant)).status).toBe(404);
    expect((await get('/assets/images/logo-kestrel.webp')).status).toBe(200);
    const newVariant = (await get('/pricing/')).text.match(/\/_img\/logo-kestrel\.webp\/[\w.-]+/)![0];
    expect((await get(newVariant)).status).toBe(200);
  });

  it('answers each name with its own bytes after two images from the build swap names: the build’s newer copies once answered each with the other', async () => {
    const bytesOf = async (name: string) => readFile(join(site.remote.scratch, 'clone', 'public', 'assets', 'images', name));
    const move = async (from: string, to: string) => {
      const image = (await state(bea)).images.find((candidate) => candidate.url === `/assets/images/${from}`)!;
      await published(await bea.post('/api/content/changes', { changes: [{ op: 'move', file: `assets/images/${from}`, to: `assets/images/${to}`, baseVersion: image.version }] }));
    };
    const [editorial, performance] = [await bytesOf('cover-editorial.webp'), await bytesOf('cover-performance.webp')];
    await move('cover-editorial.webp', 'cover-swap.webp');
    await move('cover-performance.webp', 'cover-editorial.webp');
    await move('cover-swap.webp', 'cover-performance.webp');
    expect((await getBytes('/assets/images/cover-editorial.webp')).equals(performance)).toBe(true);
    expect((await getBytes('/assets/images/cover-performance.webp')).equals(editorial)).toBe(true);
  });

  it('refuses an editor’s replacement of an image a document only administrators change shows (the site’s social image on every page); an administrator may', async () => {
    const original = await getBytes('/assets/images/og-default.png');
    const other = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#bb2200' } }).png().toBuffer();
    const byEditor = await bea.post('/api/upload-asset', { filename: 'og-default.png', data: other.toString('base64'), overwrite: true });
    expect(byEditor.status, byEditor.text).toBe(403);
    expect(byEditor.json().error).toMatch(/^Replacing "og-default\.png" would change shared\/site\.json, which only an administrator can change/);
    expect((await getBytes('/assets/images/og-default.png')).equals(original)).toBe(true);
    // Nor may a tool with the upload token, which is for uploads only: it once replaced it as an administrator.
    const byTool = await postJson(site.server.origin, '/api/upload-asset', { filename: 'og-default.png', data: other.toString('base64'), overwrite: true }, { authorization: `Bearer ${TOOL_TOKEN}` });
    expect(byTool.status, byTool.text).toBe(403);
    expect((await getBytes('/assets/images/og-default.png')).equals(original)).toBe(true);
    const byAdmin = await ada.post('/api/upload-asset', { filename: 'og-default.png', data: other.toString('base64'), overwrite: true });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect((await ada.post('/api/upload-asset', { filename: 'og-default.png', data: original.toString('base64'), overwrite: true })).status).toBe(200);
  });

  it('publishes a replaced image at once, and never breaks its pages meanwhile: variants name the bytes, and the old ones stay until the page names the new', async () => {
    const variantOf = async () => (await get('/pricing/')).text.match(/\/_img\/logo-harbor-review\.webp\/[\w.-]+/)![0];
    const before = await variantOf();
    const replacement = await sharp({ create: { width: 320, height: 120, channels: 3, background: '#aa3366' } }).webp().toBuffer();
    const uploaded = await bea.post('/api/upload-asset', { filename: 'logo-harbor-review.webp', data: replacement.toString('base64'), overwrite: true });
    expect(uploaded.status, uploaded.text).toBe(200);
    expect((await get(before)).status).toBe(200);
    await expect.poll(variantOf, { timeout: 20_000, interval: 100 }).not.toBe(before);
    const after = await variantOf();
    expect(after.split('/')[3]!.split('-')[0]).not.toBe(before.split('/')[3]!.split('-')[0]);
    expect((await get(after)).status).toBe(200);
    // Past the grace period (server/variant-originals.mjs) the old photo is gone: it was served for good.
    const file = join(site.remote.scratch, 'clone', 'public', 'assets', 'images', 'logo-harbor-review.webp');
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await utimes(file, longAgo, longAgo);
    expect((await get(before)).status).toBe(404);
    expect((await get(after)).status).toBe(200);
  });
});

describe('redirects', () => {
  it("refuses an editor's move onto an address an administrator's redirect leaves from: the move ended the redirect, in the editor's commit", async () => {
    // The redirect, as an administrator (or a developer) keeps them: in the repository.
    const content = { redirects: [{ from: '/company/', to: '/about/' }, { from: '/partners/', to: '/about/' }] };
    await site.remote.pushAsDeveloper('A redirect for partners', (worktree) => writeFile(join(worktree, 'src', 'data', 'redirects.json'), `${JSON.stringify(content, null, 2)}\n`));
    expect((await postWebhook(site.server)).status).toBe(200);
    await expect.poll(async () => (await get('/partners/')).headers.location, { timeout: 20_000, interval: 100 }).toBe('/about/');
    await published(await bea.post('/api/content/changes', { changes: [await newPage(ada, 'partners-soon')] }));
    const move = async () => ({ changes: [{ op: 'move', file: 'pages/partners-soon.json', to: 'pages/partners.json', baseVersion: await versionOf('pages/partners-soon.json') }] });
    const moved = await bea.post('/api/content/changes', await move());
    expect(moved.status, moved.text).toBe(403);
    expect(moved.json<{ error: string }>().error).toBe(
      'Moving a page there would end the redirect /partners/ → /about/ (redirects.json), which only an administrator can change. Choose another address, or ask an administrator to remove the redirect first',
    );
    expect(JSON.parse((await site.remote.read('src/data/redirects.json'))!)).toEqual(content);
    expect((await get('/partners/')).headers.location).toBe('/about/');
    // An administrator may: the page takes the address, its move ending the redirect.
    await published(await ada.post('/api/content/changes', await move()));
    expect((await get('/partners/')).status).toBe(200);
    expect((await get('/partners-soon/')).headers.location).toBe('/partners/');
  });
});

describe('drafts', () => {
  it('publishes no redirect to a draft page that was moved: it would tell its new address', async () => {
    await published(await bea.post('/api/content/changes', { changes: [await newPage(ada, 'secret-plan', { status: 'draft' })] }));
    await published(await bea.post('/api/content/changes', { changes: [{ op: 'move', file: 'pages/secret-plan.json', to: 'pages/acme-acquisition.json', baseVersion: await versionOf('pages/secret-plan.json') }] }));
    const old = await get('/secret-plan/');
    expect(old.status).toBe(404);
    expect(old.headers.location).toBeUndefined();
    expect((await get('/acme-acquisition/')).status).toBe(404);
    // Once the page is published, its old address leads to it.
    const page = (await state(ada)).docs.find((doc) => doc.file === 'pages/acme-acquisition.json')!;
    await published(await ada.post('/api/content/changes', { changes: [{ op: 'put', file: page.file, content: { ...page.data, status: 'published' }, baseVersion: page.version }] }));
    const now = await get('/secret-plan/');
    expect(now.status).toBe(301);
    expect(now.headers.location).toBe('/acme-acquisition/');
  });
});

describe('one spelling of a path', () => {
  it('reads no draft page through any spelling of the page API: `//..` once reached the router, which answered from the build', async () => {
    const pricing = (await state(ada)).docs.find((doc) => doc.file === 'pages/pricing.json')!;
    await published(await ada.post('/api/content/changes', { changes: [{ op: 'put', file: pricing.file, content: { ...pricing.data, status: 'draft' }, baseVersion: pricing.version }] }));
    try {
      expect((await get('/api/public-page/pricing')).status).toBe(404);
      // The URL parser reads `//..` as the page API; the guards read it without the empty segment.
      for (const path of ['/api/public-page//../pricing', '/api/public-page/x//../../public-page/pricing', '/api/public-page/%2e%2e/public-page/pricing', '/api/x/.%2E/public-page/pricing']) {
        const response = await get(path);
        expect(response.status, path).toBe(400);
        expect(response.json(), path).toEqual({ error: expect.stringMatching(/\. or \.\. segment/) });
      }
      // Doubled slashes send a read to its single-slash address, which is the live site's answer.
      const doubled = await get('/api//public-page/pricing');
      expect([doubled.status, doubled.headers.location]).toEqual([301, '/api/public-page/pricing']);
      expect((await bea.post('/api//content/changes', { changes: [] })).status).toBe(400);
    } finally {
      const now = (await state(ada)).docs.find((doc) => doc.file === 'pages/pricing.json')!;
      await published(await ada.post('/api/content/changes', { changes: [{ op: 'put', file: now.file, content: pricing.data, baseVersion: now.version }] }));
    }
  });

  it('never lets a doubled slash take the sign-in gate past the route it chose: `/editor//sign-in` was public to the gate and the editor to the router', async () => {
    for (const session of [bea, undefined]) {
      const response = session ? await session.get('/editor//sign-in') : await get('/editor//sign-in');
      expect(response.status).toBe(301);
      expect(response.headers.location).toBe('/editor/sign-in');
      expect(response.text).toBe('');
      // Every answer says nosniff, this redirect too (it was sent before the header was set).
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await get('/\\evil.example/editor')).headers.location).toBe('/evil.example/editor');
  });
});

describe('bad requests are 4xx with a JSON error', () => {
  it('answers a method the API does not take with 405, before any route', async () => {
    for (const method of ['TRACE', 'PUT', 'PATCH', 'OPTIONS']) {
      const response = await raw(site.server.origin, { method, path: '/api/list-assets', headers: { cookie: ada.cookie } });
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD, POST, DELETE');
      expect(response.json<{ error: string }>().error).toBe(`${method} is not allowed on the API`);
    }
    expect(site.server.output()).not.toMatch(/TRACE|\[ERROR\]/);
  });

  it('answers a method an endpoint does not take with a JSON 405 naming the ones it does, never the HTML 404 page', async () => {
    const origin = site.server.origin;
    for (const [method, path, allow] of [['GET', '/api/content/changes', 'POST'], ['GET', '/api/upload-asset', 'POST'], ['DELETE', '/api/list-assets', 'GET, HEAD'], ['POST', '/api/content/publishing', 'GET, HEAD'], ['DELETE', '/api/public-page/about', 'GET, HEAD']] as const) {
      const response = await raw(origin, { method, path, headers: { cookie: ada.cookie, origin, 'content-length': 0 } });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.allow, `${method} ${path}`).toBe(allow);
      expect(response.json<{ error: string }>().error).toBe(`${method} is not allowed here: this endpoint takes ${allow}`);
    }
  });

  it('refuses a file name too long for the file system with 400, not a 500 that names the path', async () => {
    const long = `pages/${'a'.repeat(300)}.json`;
    for (const change of [await newPage(ada, 'a'.repeat(300)), { op: 'delete', file: long, baseVersion: 'x' }, { op: 'move', file: 'pages/about.json', to: long, baseVersion: 'x' }]) {
      const messages = refusal(await bea.post('/api/content/changes', { changes: [change] }));
      expect(messages.join()).toMatch(/must be at most 211 characters long/);
    }
  });
});
