/**
 * Live publishing when the content is broken, over HTTP: a build of a project copy, a bare
 * repository as the git host, and a real production server with its own clone. A developer's
 * push breaks files; what visitors get, and what the editor is told, is read from the server.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BareRemote } from '../helpers/git-remote';
import { startGitSite, type GitSite } from '../helpers/git-site';
import { raw } from '../helpers/http';
import type { RunningServer } from '../helpers/servers';
import { signIn, type Session } from '../helpers/sessions';
import { editorState, postWebhook, retitled, untilLive, WEBHOOK_SECRET } from '../helpers/editing';

const PASSWORD = 'correct horse battery staple';
const POST = 'zero-javascript-by-default';
/** Another post, which an editor unpublishes while POST cannot be read. */
const OTHER_POST = 'writing-for-the-scan';

let site: GitSite;
let remote: BareRemote;
let server: RunningServer;
let alice: Session;

beforeAll(async () => {
  site = await startGitSite('publishing-faults-prod', { name: 'alice', role: 'admin', password: PASSWORD }, { CONTENT_WEBHOOK_SECRET: WEBHOOK_SECRET });
  ({ remote, server } = site);
  alice = await signIn(server, 'alice', PASSWORD);
});

afterAll(async () => {
  await site?.remove();
});

const get = (path: string) => raw(server.origin, { path });
const titleIn = (html: string) => html.slice(html.indexOf('<title>') + 7, html.indexOf('</title>'));
const docOf = async (file: string) => (await editorState(alice)).docs.find((doc) => doc.file === file)!;

/** Saves `changes` and waits until the server says they are live; returns the save's answer. */
const saveAndPublish = async (changes: unknown[]) => untilLive(alice, await alice.post('/api/content/changes', { changes }));
const retitle = (file: string, title: string) => retitled(alice, file, title);
const webhook = () => postWebhook(server);

describe('one broken file holds back only what reads it', () => {
  it('keeps the previous version of a page the content cannot make, publishes the rest, and says which (one broken file breaks only its page)', async () => {
    await saveAndPublish([await retitle('pages/about.json', 'About, before the breakage')]);
    const homeBefore = (await get('/')).text;
    const before = server.output().length;
    await remote.pushAsDeveloper('Break the home page, retitle pricing', async (worktree) => {
      const path = join(worktree, 'src/data/pages/home.json');
      const page = JSON.parse(await readFile(path, 'utf8'));
      page.sections.push({ id: 'home-broken', type: 'no-such-section', data: {}, settings: {} });
      await writeFile(path, JSON.stringify(page));
      const pricing = join(worktree, 'src/data/pages/pricing.json');
      await writeFile(pricing, JSON.stringify({ ...JSON.parse(await readFile(pricing, 'utf8')), meta: { ...JSON.parse(await readFile(pricing, 'utf8')).meta, title: 'Pricing, beside a broken page' } }));
    });
    expect((await webhook()).status).toBe(200);
    await expect.poll(async () => titleIn((await get('/pricing/')).text), { timeout: 20_000, interval: 100 }).toBe('Pricing, beside a broken page');
    expect(server.output().slice(before)).toContain('Publishing kept the previous version of /: ');
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.text).toBe(homeBefore);
    expect((await get('/sitemap-0.xml')).text).toContain('/pricing/');

    // A save made meanwhile is live, and its publishing state names the page kept, with why.
    const saved = await saveAndPublish([await retitle('pages/about.json', 'About, saved beside a broken page')]);
    const answer = (await alice.get(`/api/content/publishing?ticket=${saved.json<{ publish: { ticket: number } }>().publish.ticket}`)).json<{ state: string; kept?: { path: string; reason: string }[] }>();
    expect(answer).toMatchObject({ state: 'live', kept: [{ path: '/', reason: expect.stringContaining('no-such-section') }] });
    expect(titleIn((await get('/about/')).text)).toBe('About, saved beside a broken page');

    await remote.pushAsDeveloper('Mend the home page', async (worktree) => {
      const path = join(worktree, 'src/data/pages/home.json');
      const page = JSON.parse(await readFile(path, 'utf8'));
      page.sections = page.sections.filter((section: { id: string }) => section.id !== 'home-broken');
      page.meta.title = 'Home, mended';
      await writeFile(path, JSON.stringify(page));
    });
    expect((await webhook()).status).toBe(200);
    await expect.poll(async () => titleIn((await get('/')).text), { timeout: 20_000, interval: 100 }).toBe('Home, mended');
    expect((await get('/')).text).not.toContain('home-broken');
    const mended = await saveAndPublish([await retitle('pages/about.json', 'About, all mended')]);
    expect((await alice.get(`/api/content/publishing?ticket=${mended.json<{ publish: { ticket: number } }>().publish.ticket}`)).json()).toEqual({ state: 'live' });
  });

  it('publishes a file that is not JSON (a merge left its conflict markers) as it was last read, and everything else as it is: an unpublished post leaves the lists, the feed and the sitemap', async () => {
    // A moved page, so that there is a redirect to keep.
    const features = await docOf('pages/features.json');
    await saveAndPublish([{ op: 'move', file: 'pages/features.json', to: 'pages/capabilities.json', baseVersion: features.version }, await retitle('pages/about.json', 'About, before the conflict')]);
    expect((await get('/features/')).headers.location).toBe('/capabilities/');
    const before = { post: (await get(`/posts/${POST}/`)).text, feed: (await get('/rss.xml')).text, journal: (await get('/journal/')).text };
    expect(before.feed).toContain(`/posts/${POST}/`);
    expect(before.journal).toContain(`/posts/${OTHER_POST}/`);
    const output = server.output().length;
    const stored: Record<string, string> = {};
    const conflicted = ['src/data/pages/about.json', `src/data/collections/posts/${POST}.json`, 'src/data/redirects.json'];
    await remote.pushAsDeveloper('Commit a conflicted merge, and retitle pricing', async (worktree) => {
      for (const file of conflicted) {
        stored[file] = await readFile(join(worktree, file), 'utf8');
        await writeFile(join(worktree, file), `<<<<<<< HEAD\n${stored[file]}=======\n${stored[file]}>>>>>>> theirs\n`);
      }
      const pricing = join(worktree, 'src/data/pages/pricing.json');
      const page = JSON.parse(await readFile(pricing, 'utf8'));
      await writeFile(pricing, JSON.stringify({ ...page, meta: { ...page.meta, title: 'Pricing, beside a conflict' } }));
    });
    expect((await webhook()).status).toBe(200);
    // Everything else goes live.
    await expect.poll(async () => titleIn((await get('/pricing/')).text), { timeout: 20_000, interval: 100 }).toBe('Pricing, beside a conflict');
    const log = server.output().slice(output);
    expect(log).not.toContain('Publishing failed');
    expect(log).toContain('Publishing pages/about.json: is not valid JSON');
    // Each broken file stands in as it was last read: the page it gives, the entry's page, the feed and the redirects are as they were.
    expect(titleIn((await get('/about/')).text)).toBe('About, before the conflict');
    expect((await get('/api/public-page/about')).json<{ meta: { title: string } }>().meta.title).toBe('About, before the conflict');
    expect((await get(`/posts/${POST}/`)).text).toBe(before.post);
    expect((await get('/rss.xml')).text).toBe(before.feed);
    expect((await get('/features/')).headers.location).toBe('/capabilities/');

    // An editor unpublishes another post meanwhile: it leaves every list, the feed and the sitemap at once. The lists,
    // the feed and the sitemap were kept whole while a post could not be read, still showing it, its page a 404.
    const other = await docOf(`collections/posts/${OTHER_POST}.json`);
    const saved = await saveAndPublish([{ op: 'put', file: other.file, content: { ...other.data, status: 'draft' }, baseVersion: other.version }]);
    expect((await get(`/posts/${OTHER_POST}/`)).status).toBe(404);
    for (const path of ['/journal/', '/rss.xml', '/sitemap-0.xml', '/']) expect((await get(path)).text, path).not.toContain(`/posts/${OTHER_POST}/`);
    expect((await get('/journal/')).text).toContain(`/posts/${POST}/`);
    // Its publishing state names each file standing in, with why.
    const { kept } = (await alice.get(`/api/content/publishing?ticket=${saved.json<{ publish: { ticket: number } }>().publish.ticket}`)).json<{ kept: { path: string; reason: string }[] }>();
    expect(kept.map(({ path }) => path).sort()).toEqual([`collections/posts/${POST}.json`, 'pages/about.json', 'redirects.json']);
    for (const { reason } of kept) expect(reason).toMatch(/is not valid JSON.*; its last readable version is published until it is mended$/);

    await remote.pushAsDeveloper('Resolve the conflict', async (worktree) => {
      for (const file of conflicted) await writeFile(join(worktree, file), stored[file]!);
      const page = JSON.parse(stored['src/data/pages/about.json']!);
      await writeFile(join(worktree, 'src/data/pages/about.json'), JSON.stringify({ ...page, meta: { ...page.meta, title: 'About, resolved' } }));
    });
    expect((await webhook()).status).toBe(200);
    await expect.poll(async () => titleIn((await get('/about/')).text), { timeout: 20_000, interval: 100 }).toBe('About, resolved');
    const mended = await saveAndPublish([await retitle('pages/pricing.json', 'Pricing, all mended')]);
    expect((await alice.get(`/api/content/publishing?ticket=${mended.json<{ publish: { ticket: number } }>().publish.ticket}`)).json()).toEqual({ state: 'live' });
    expect((await get('/features/')).headers.location).toBe('/capabilities/');
  });

  it('keeps what reads a file never read whole as it is live: a new post pushed broken holds the lists, the feed and the sitemap, and the publication says so', async () => {
    const before = { journal: (await get('/journal/')).text, feed: (await get('/rss.xml')).text, sitemap: (await get('/sitemap-0.xml')).text };
    await remote.pushAsDeveloper('Add a post with conflict markers, and retitle pricing', async (worktree) => {
      await writeFile(join(worktree, 'src/data/collections/posts/never-whole.json'), '<<<<<<< HEAD\n{}\n=======\n{}\n>>>>>>> theirs\n');
      const pricing = join(worktree, 'src/data/pages/pricing.json');
      const page = JSON.parse(await readFile(pricing, 'utf8'));
      await writeFile(pricing, JSON.stringify({ ...page, meta: { ...page.meta, title: 'Pricing, beside a new broken post' } }));
    });
    expect((await webhook()).status).toBe(200);
    await expect.poll(async () => titleIn((await get('/pricing/')).text), { timeout: 20_000, interval: 100 }).toBe('Pricing, beside a new broken post');
    expect((await get('/journal/')).text).toBe(before.journal);
    expect((await get('/rss.xml')).text).toBe(before.feed);
    expect((await get('/sitemap-0.xml')).text).toBe(before.sitemap);
    const saved = await saveAndPublish([await retitle('pages/about.json', 'About, beside a new broken post')]);
    const { kept } = (await alice.get(`/api/content/publishing?ticket=${saved.json<{ publish: { ticket: number } }>().publish.ticket}`)).json<{ kept: { path: string; reason: string }[] }>();
    for (const path of ['/journal', '/rss.xml', '/sitemap-index.xml']) expect(kept.map(({ path: keptPath }) => keptPath), path).toContain(path);
    expect(kept.find(({ path }) => path === '/rss.xml')!.reason).toContain('collections/posts/never-whole.json');

    await remote.pushAsDeveloper('Remove the broken post', async (worktree) => {
      await rm(join(worktree, 'src/data/collections/posts/never-whole.json'));
    });
    expect((await webhook()).status).toBe(200);
    const mended = await saveAndPublish([await retitle('pages/about.json', 'About, the broken post gone')]);
    expect((await alice.get(`/api/content/publishing?ticket=${mended.json<{ publish: { ticket: number } }>().publish.ticket}`)).json()).toEqual({ state: 'live' });
  });

  it('goes on publishing beside a $ref to a file that is not there and a cover that is no image: the rest goes live, an unpublish leaves, a scheduled page appears', async () => {
    const output = server.output().length;
    const cover = 'public/assets/images/cover-accessibility.webp';
    let coverBytes: Buffer | undefined;
    await remote.pushAsDeveloper('A $ref to a file not pushed yet, a cover that is a Git LFS pointer, and retitle getting started', async (worktree) => {
      const pricing = join(worktree, 'src/data/pages/pricing.json');
      const page = JSON.parse(await readFile(pricing, 'utf8'));
      page.sections.splice(1, 0, { $ref: '../shared/announcement.json' });
      await writeFile(pricing, JSON.stringify(page));
      coverBytes = await readFile(join(worktree, cover));
      await writeFile(join(worktree, cover), 'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n');
      const docs = join(worktree, 'src/data/pages/docs/getting-started.json');
      const guide = JSON.parse(await readFile(docs, 'utf8'));
      await writeFile(docs, JSON.stringify({ ...guide, meta: { ...guide.meta, title: 'Getting started, beside broken files' } }));
    });
    expect((await webhook()).status).toBe(200);
    // Every publication failed whole: hashing the missing file's version threw, and so did reading the cover for the post's structured data.
    await expect.poll(async () => titleIn((await get('/docs/getting-started/')).text), { timeout: 20_000, interval: 100 }).toBe('Getting started, beside broken files');
    expect(server.output().slice(output)).not.toContain('Publishing failed');
    expect(server.output().slice(output)).toContain('Publishing kept the previous version of /pricing: ');
    expect(server.output().slice(output)).toContain('Publishing kept the previous version of /posts/accessible-by-construction: ');
    expect((await get('/pricing/')).status).toBe(200);
    // An editor's unpublish leaves the site.
    const journal = await docOf('pages/journal.json');
    await saveAndPublish([{ op: 'put', file: journal.file, content: { ...journal.data, status: 'draft' }, baseVersion: journal.version }]);
    expect((await get('/journal/')).status).toBe(404);
    // A page scheduled two seconds ahead appears after its time (the timer for it was only set by a publication that succeeded).
    const soon = (await docOf('pages/about.json')).data;
    const publishAt = new Date(Date.now() + 2_000).toISOString();
    expect((await alice.post('/api/content/changes', { changes: [{ op: 'put', file: 'pages/soon.json', content: { ...soon, id: 'soon', slug: 'soon', publishAt }, baseVersion: null }] })).status).toBe(200);
    await expect.poll(async () => (await get('/soon/')).status, { timeout: 30_000, interval: 250 }).toBe(200);

    await remote.pushAsDeveloper('Add the announcement, and the cover back', async (worktree) => {
      await writeFile(join(worktree, 'src/data/shared/announcement.json'), JSON.stringify({ id: 'announcement', type: 'content-block', data: { body: 'Now open on Saturdays.' } }));
      await writeFile(join(worktree, cover), coverBytes!);
    });
    expect((await webhook()).status).toBe(200);
    await expect.poll(async () => (await get('/pricing/')).text, { timeout: 20_000, interval: 100 }).toContain('Now open on Saturdays.');
  });
});

