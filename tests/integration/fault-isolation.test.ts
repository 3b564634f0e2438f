/**
 * One broken file breaks only the pages that use it: against a real `astro
 * dev` server that starts on broken content, and a build that lists every
 * problem of every file.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, raw } from '../helpers/http';
import { ASTRO_CLI, copyProject, type ProjectCopy } from '../helpers/project-copy';
import { startDevServer, userEnv, type RunningServer } from '../helpers/servers';

let project: ProjectCopy;
let server: RunningServer;

const file = (path: string) => join(project.dataRoot, path);
const readJson = async (path: string) => JSON.parse(await readFile(file(path), 'utf8'));
const writeJson = (path: string, value: unknown) => writeFile(file(path), `${JSON.stringify(value, null, 2)}\n`);

/** Breaks `path` while `check` runs, then puts it back. */
async function whileBroken(path: string, broken: (document: any) => unknown, check: () => Promise<void>) {
  const original = await readFile(file(path), 'utf8');
  await writeJson(path, broken(JSON.parse(original)));
  try {
    await check();
  } finally {
    await writeFile(file(path), original);
  }
}

const status = async (path: string) => (await raw(server.origin, { path })).status;

async function expectOnlyBroken(broken: string[], working: string[], namedFile: string) {
  for (const path of broken) {
    const response = await raw(server.origin, { path });
    expect(response.status, path).toBe(500);
    expect(response.text, path).toContain(namedFile);
  }
  for (const path of working) expect(await status(path), path).toBe(200);
  expect(await status('/nope/'), 'the 404 page').toBe(404);
  expect(await status('/api/list-assets')).toBe(200);
  expect(await status('/api/editor/state')).toBe(200);
}

beforeAll(async () => {
  project = await copyProject('faults');
  // A shared document only one page uses.
  await writeJson('shared/promo.json', { id: 'promo', type: 'cta-banner', data: { title: 'Try it', ctas: [] } });
  const about = await readJson('pages/about.json');
  await writeJson('pages/promo.json', { ...about, id: 'promo', slug: 'promo', sections: [about.sections[0], { $ref: '../shared/promo.json' }, about.sections.at(-1)] });
  // The dev server must start whatever state the content is in: here, with an invalid post.
  const post = await readJson('collections/posts/zero-javascript-by-default.json');
  await writeJson('collections/posts/zero-javascript-by-default.json', { ...post, date: 'yesterday' });
  server = await startDevServer(project);
});

afterAll(async () => {
  await server?.stop();
  await project?.remove();
});

describe('a broken file breaks only its dependants (dev)', () => {
  it('starts on an invalid entry; the entry breaks its page and the lists, nothing else', async () => {
    await expectOnlyBroken(['/posts/zero-javascript-by-default/', '/api/public-page/posts/zero-javascript-by-default', '/', '/journal/'], ['/about/', '/docs/getting-started/', '/api/public-page/about'], 'collections/posts/zero-javascript-by-default.json');
    const api = await raw(server.origin, { path: '/api/public-page/journal' });
    expect(api.json().issues).toContainEqual({ file: 'collections/posts/zero-javascript-by-default.json', path: '/date', message: expect.any(String) });
  });

  it('an invalid page breaks only itself', async () => {
    await whileBroken('pages/about.json', (page) => ({ ...page, meta: {} }), () => expectOnlyBroken(['/about/', '/api/public-page/about'], ['/docs/getting-started/', '/promo/'], 'pages/about.json'));
  });

  it('an invalid page file name leaves every other page working', async () => {
    await writeJson('pages/Bad Name.json', await readJson('pages/about.json'));
    await expectOnlyBroken([], ['/about/', '/docs/getting-started/'], '');
  });

  it('an invalid template breaks only its entry pages', async () => {
    await whileBroken('pages/tags/[slug].json', (page) => ({ ...page, sections: 'none' }), () => expectOnlyBroken(['/tags/performance/', '/api/public-page/tags/performance'], ['/about/', '/docs/getting-started/'], 'pages/tags/[slug].json'));
  });

  it('an invalid shared document is reported against itself, on the pages that use it only', async () => {
    await whileBroken('shared/promo.json', (section) => ({ ...section, data: { ctas: [] } }), async () => {
      await expectOnlyBroken(['/promo/'], ['/about/', '/docs/getting-started/'], 'shared/promo.json');
      const api = (await raw(server.origin, { path: '/api/public-page/promo' })).json();
      expect(api.issues).toContainEqual({ file: 'shared/promo.json', path: '/data/title', message: expect.any(String) });
    });
  });

  it('a file that is not JSON (mid-edit in a text editor) breaks only the pages that use it, saying why', async () => {
    const original = await readFile(file('shared/promo.json'), 'utf8');
    const about = await readFile(file('pages/about.json'), 'utf8');
    await writeFile(file('shared/promo.json'), original.slice(0, -5));
    try {
      await expectOnlyBroken(['/promo/', '/api/public-page/promo'], ['/about/', '/docs/getting-started/', '/api/public-page/about'], 'shared/promo.json is not valid JSON');
      // A save of another page still goes through the content store, whose check reads the same content.
      const page = JSON.parse(about);
      page.meta.title = 'About, saved beside a broken file';
      const saved = await postJson(server.origin, '/api/save-to-file', { projectState: { pages: { about: page } }, slug: 'about' });
      expect(saved.status, saved.text).toBe(200);
      expect((await raw(server.origin, { path: '/about/' })).text).toContain('About, saved beside a broken file');
      // A move rewrites references in every file, and could not in one it cannot read: refused, nothing moved.
      const baseVersion = String((await raw(server.origin, { path: '/api/public-page/about' })).headers['x-page-version']);
      const moved = await postJson(server.origin, '/api/content/changes', { changes: [{ op: 'move', file: 'pages/about.json', to: 'pages/about-us.json', baseVersion }] });
      expect(moved.status, moved.text).toBe(409);
      expect(moved.json().error).toContain('shared/promo.json');
      expect(await status('/about/')).toBe(200);
      expect(await status('/about-us/')).toBe(404);
    } finally {
      await writeFile(file('shared/promo.json'), original);
      await writeFile(file('pages/about.json'), about);
    }
    expect(await status('/promo/')).toBe(200);
  });

  it('a file with a key twice in one object (a hand edit or a merge that doubled it) breaks only the pages that use it, naming the key', async () => {
    const original = await readFile(file('shared/promo.json'), 'utf8');
    const doubled = `{"id": "said-first", ${original.trimStart().slice(1)}`;
    expect(JSON.parse(doubled)).toEqual(JSON.parse(original)); // what JSON.parse would have served, without a word
    await writeFile(file('shared/promo.json'), doubled);
    try {
      await expectOnlyBroken(['/promo/', '/api/public-page/promo'], ['/about/', '/api/public-page/about'], 'shared/promo.json has the key ');
      expect(JSON.parse((await raw(server.origin, { path: '/api/public-page/promo' })).text).error).toContain('has the key "id" twice in one object (at /)');
    } finally {
      await writeFile(file('shared/promo.json'), original);
    }
    expect(await status('/promo/')).toBe(200);
  });
});

describe('the build on broken content', () => {
  it('fails and lists every problem of every file, grouped by file, with the pages each breaks', async () => {
    await writeJson('pages/about.json', { ...(await readJson('pages/about.json')), meta: {} });
    let output = '';
    try {
      await promisify(execFile)(process.execPath, [ASTRO_CLI, 'build'], { cwd: project.root, env: { ...userEnv(), ASTRO_TELEMETRY_DISABLED: '1' } });
    } catch (error) {
      output = `${(error as { stdout: string }).stdout}\n${(error as { stderr: string }).stderr}`;
    }
    expect(output, 'the build must fail').toMatch(/content problems? in \d+ files/);
    for (const expected of [
      'src/data/collections/posts/zero-javascript-by-default.json',
      '/date:',
      'src/data/pages/about.json',
      '/meta/title:',
      '/meta/description:',
      'src/data/pages/Bad Name.json',
    ]) {
      expect(output).toContain(expected);
    }
    expect(output).toMatch(/breaks \d+ pages: .*\/posts\/zero-javascript-by-default\//);
  }, 240_000);
});
