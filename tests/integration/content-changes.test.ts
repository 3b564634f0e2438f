/**
 * POST /api/content/changes against a real `astro dev` server on a project
 * copy: all or nothing, one winner under concurrency, references kept whole,
 * one-line diffs, and no partial change after `kill -9`.
 */
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { devSiteForTests } from '../helpers/dev-site';
import { raw, type RawResponse } from '../helpers/http';
import { startDevServer } from '../helpers/servers';
import { fingerprint } from '../helpers/tree';

const site = devSiteForTests('content-changes');
const { readJson, versionOf, change } = site;
const json = (response: RawResponse) => {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json();
};

describe('POST /api/content/changes', () => {
  it('writes nothing when one file of the changeset is invalid, and lists every issue', async () => {
    const about = await readJson('pages/about.json');
    const before = await fingerprint(site.project.root);
    const response = await change({
      changes: [
        { op: 'put', file: 'pages/about.json', content: { ...about, meta: { ...about.meta, title: 'Valid edit' } }, baseVersion: await versionOf('pages/about.json') },
        { op: 'put', file: 'collections/tags/broken.json', content: { name: '', description: 'x', accent: 'red' }, baseVersion: null },
      ],
    });
    expect(response.status, response.text).toBe(400);
    const body = json(response);
    expect(body.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'collections/tags/broken.json', path: '/name' }),
        expect.objectContaining({ file: 'collections/tags/broken.json', path: '/accent' }),
      ]),
    );
    expect(await fingerprint(site.project.root)).toEqual(before);
  });

  it('refuses an unknown field by name, with a suggestion, in a page and in an entry', async () => {
    const about = await readJson('pages/about.json');
    const tag = await readJson('collections/tags/editorial.json');
    const response = await change({
      changes: [
        { op: 'put', file: 'pages/about.json', content: { ...about, meta: { ...about.meta, descripton: 'typo' } }, baseVersion: await versionOf('pages/about.json') },
        { op: 'put', file: 'collections/tags/editorial.json', content: { ...tag, colour: '#ff0000' }, baseVersion: await versionOf('collections/tags/editorial.json') },
      ],
    });
    expect(response.status, response.text).toBe(400);
    expect(json(response).issues).toEqual(
      expect.arrayContaining([
        { file: 'pages/about.json', path: '/meta/descripton', message: expect.stringMatching(/^Unknown field "descripton": did you mean "description"\?/) },
        { file: 'collections/tags/editorial.json', path: '/colour', message: expect.stringMatching(/^Unknown field "colour"/) },
      ]),
    );
  });

  it('applies several files at once and answers their versions', async () => {
    const about = await readJson('pages/about.json');
    const edited = { ...about, meta: { ...about.meta, description: 'Edited through a changeset.' } };
    const tag = { name: 'Testing', description: 'Posts about tests.', accent: '#336699' };
    const response = await change({
      message: 'Edit about, add a tag',
      changes: [
        { op: 'put', file: 'pages/about.json', content: edited, baseVersion: await versionOf('pages/about.json') },
        { op: 'put', file: 'collections/tags/testing.json', content: tag, baseVersion: null },
      ],
    });
    expect(response.status, response.text).toBe(200);
    const body = json(response);
    expect(body).toEqual({ ok: true, versions: { 'pages/about.json': await versionOf('pages/about.json'), 'collections/tags/testing.json': await versionOf('collections/tags/testing.json') }, rewritten: [] });
    expect(await readJson('collections/tags/testing.json')).toEqual(tag);
    expect((await raw(site.server.origin, { path: '/api/public-page/tags/testing' })).status).toBe(200);
  });

  it('lets exactly one of 30 concurrent changesets with the same baseVersion win', async () => {
    const base = await versionOf('pages/about.json');
    const about = await readJson('pages/about.json');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        change({ changes: [{ op: 'put', file: 'pages/about.json', content: { ...about, meta: { ...about.meta, title: `Race ${n}` } }, baseVersion: base }] }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(29);
    const winner = statuses.indexOf(200);
    expect((await readJson('pages/about.json')).meta.title).toBe(`Race ${winner}`);
    const conflict = json(answers[winner === 0 ? 1 : 0]!);
    expect(conflict.conflicts).toEqual([{ file: 'pages/about.json', currentVersion: await versionOf('pages/about.json') }]);
  });

  it('refuses to create a file that exists, and to delete one that others point at, naming every referrer', async () => {
    const exists = await change({ changes: [{ op: 'put', file: 'pages/about.json', content: {}, baseVersion: null }] });
    expect(exists.status).toBe(409);
    const refused = await change({ changes: [{ op: 'delete', file: 'shared/footer.json', baseVersion: await versionOf('shared/footer.json') }] });
    expect(refused.status).toBe(400);
    const referrers = json(refused).issues.map((issue: { file: string }) => issue.file);
    expect(referrers).toEqual(expect.arrayContaining(['pages/home.json', 'pages/about.json', 'pages/docs/getting-started.json']));
    expect(await readJson('shared/footer.json')).toBeTruthy();
  });

  it('moves a shared document and rewrites every $ref to it in the same change', async () => {
    const response = await change({ changes: [{ op: 'move', file: 'shared/footer.json', to: 'shared/site/footer.json', baseVersion: await versionOf('shared/footer.json') }] });
    expect(response.status, response.text).toBe(200);
    const { rewritten } = json(response);
    expect(rewritten).toEqual(expect.arrayContaining(['pages/home.json', 'pages/about.json', 'pages/docs/getting-started.json']));
    expect((await readJson('pages/docs/getting-started.json')).sections.at(-1)).toEqual({ $ref: '../../shared/site/footer.json' });
    const page = await raw(site.server.origin, { path: '/api/public-page/docs/getting-started' });
    expect(page.status).toBe(200);
    expect(page.json().sections.at(-1).type).toBe('footer');
  });

  it('moves a page: its old URL answers 301 to the new one, through a redirect stored as data', async () => {
    const response = await change({ changes: [{ op: 'move', file: 'pages/journal.json', to: 'pages/blog/journal.json', baseVersion: await versionOf('pages/journal.json') }] });
    expect(response.status, response.text).toBe(200);
    expect(json(response).rewritten).toContain('redirects.json');
    expect(await readJson('redirects.json')).toEqual({ redirects: [{ from: '/journal/', to: '/blog/journal/', madeByMove: true }] });
    expect((await readJson('pages/blog/journal.json')).slug).toBe('blog/journal');
    const old = await raw(site.server.origin, { path: '/journal/' });
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe('/blog/journal/');
    expect((await raw(site.server.origin, { path: '/journal/?utm_source=mail' })).headers.location).toBe('/blog/journal/?utm_source=mail');
    expect((await raw(site.server.origin, { path: '/blog/journal/' })).status).toBe(200);
    expect((await raw(site.server.origin, { path: '/api/public-page/blog/journal' })).json().slug).toBe('blog/journal');
    // Moving it back removes the redirect that now points away from a live page.
    const back = await change({ changes: [{ op: 'move', file: 'pages/blog/journal.json', to: 'pages/journal.json', baseVersion: await versionOf('pages/blog/journal.json') }] });
    expect(back.status, back.text).toBe(200);
    expect(await readJson('redirects.json')).toEqual({ redirects: [{ from: '/blog/journal/', to: '/journal/', madeByMove: true }] });
    expect((await raw(site.server.origin, { path: '/journal/' })).status).toBe(200);
  });

  it('moves a post with the content it has at its new address, checked as a put: its own link to itself follows it, its old address redirects', async () => {
    const file = 'collections/posts/zero-javascript-by-default.json';
    const post = await readJson(file);
    const moved = { ...post, body: `${post.body}\n\nSee [this post](/posts/no-javascript/).` };
    const refused = await change({ changes: [{ op: 'move', file, to: 'collections/posts/no-javascript.json', baseVersion: await versionOf(file), content: { ...moved, secret: 1 } }] });
    expect(refused.status, refused.text).toBe(400);
    expect(json(refused).issues).toEqual([expect.objectContaining({ file: 'collections/posts/no-javascript.json', message: expect.stringContaining('secret') })]);
    expect(await readJson(file)).toEqual(post);
    const response = await change({ changes: [{ op: 'move', file, to: 'collections/posts/no-javascript.json', baseVersion: await versionOf(file), content: moved }] });
    expect(response.status, response.text).toBe(200);
    expect(await readJson('collections/posts/no-javascript.json')).toEqual(moved);
    const page = await raw(site.server.origin, { path: '/posts/no-javascript/' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/posts/no-javascript/"');
    // Its old address, which shared links and search results still lead to, redirects as a moved page's does.
    expect((await readJson('redirects.json')).redirects).toContainEqual({ from: '/posts/zero-javascript-by-default/', to: '/posts/no-javascript/', madeByMove: true });
    const old = await raw(site.server.origin, { path: '/posts/zero-javascript-by-default/' });
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe('/posts/no-javascript/');
  });

  it('refuses a new page with another page’s id, naming the field: the build would refuse the site', async () => {
    const about = await readJson('pages/about.json');
    const response = await change({ changes: [{ op: 'put', file: 'pages/about-copy.json', content: { ...about, slug: 'about-copy' }, baseVersion: null }] });
    expect(response.status, response.text).toBe(400);
    expect(json(response).issues).toEqual([{ file: 'pages/about-copy.json', path: '/id', message: 'the page id "about" is also the id of pages/about.json: page ids are unique' }]);
    expect((await raw(site.server.origin, { path: '/about-copy/' })).status).toBe(404);
  });

  it('gives a one-field edit a one-line git diff', async () => {
    const git = (...args: string[]) => promisify(execFile)('git', args, { cwd: site.project.root });
    await git('init', '-q');
    await git('add', 'src/data');
    await git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'base');
    const home = await readJson('pages/home.json');
    home.sections[1].data.image.alt = 'A new description of the hero image';
    const response = await change({ changes: [{ op: 'put', file: 'pages/home.json', content: home, baseVersion: await versionOf('pages/home.json') }] });
    expect(response.status, response.text).toBe(200);
    const { stdout } = await git('diff', '--numstat', '--', 'src/data');
    expect(stdout.trim()).toBe('1\t1\tsrc/data/pages/home.json');
  });

  it('keeps a changeset whole through kill -9, and leaves no temp file or journal after restart', async () => {
    const files = ['pages/about.json', 'pages/journal.json', 'pages/docs/getting-started.json'];
    const documents = await Promise.all(files.map(readJson));
    const describeAll = async (marker: string) =>
      change({
        changes: await Promise.all(
          files.map(async (path, index) => ({ op: 'put', file: path, content: { ...documents[index], meta: { ...documents[index].meta, description: marker } }, baseVersion: await versionOf(path) })),
        ),
      });
    expect((await describeAll('start')).status).toBe(200);
    for (let round = 0; round < 4; round += 1) {
      const writes = (async () => {
        for (let n = 0; ; n += 1) {
          const answer = await describeAll(`round ${round} write ${n}`).catch(() => undefined);
          if (!answer) return;
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 700));
      process.kill(site.server.pid, 'SIGKILL');
      await writes;
      site.server = await startDevServer(site.project);
      const descriptions = await Promise.all(files.map(async (path) => (await readJson(path)).meta.description));
      expect(new Set(descriptions).size, descriptions.join(' | ')).toBe(1);
      const leftovers = (await readdir(site.project.root, { recursive: true })).filter((name) => /(^|\/)\.tmp-|\.journal\.json$/.test(name) && !name.includes('node_modules'));
      expect(leftovers).toEqual([]);
    }
  }, 240_000);

  it('is refused cross-origin, before its body is read', async () => {
    const response = await raw(site.server.origin, {
      method: 'POST',
      path: '/api/content/%63hanges',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', 'content-length': 1024 ** 3 },
      withholdBody: true,
    });
    expect(response.status).toBe(403);
  });
});
