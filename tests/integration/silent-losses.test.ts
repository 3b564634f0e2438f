/**
 * Nothing is dropped silently, against a real `astro dev` and `astro build`: a redirect that is
 * not valid or leads nowhere, a page file hiding a post's page, a page id used twice, and files
 * that are not read as content (a folder named like a page file, a post saved as `.JSON`, notes in
 * a collection's folder). Each used to vanish, or be skipped, with an empty Problems panel and a
 * passing build.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw } from '../helpers/http';
import { ASTRO_CLI, copyProject, type ProjectCopy } from '../helpers/project-copy';
import { startDevServer, userEnv, type RunningServer } from '../helpers/servers';

let project: ProjectCopy;
let server: RunningServer;

const file = (path: string) => join(project.dataRoot, path);
const writeJson = (path: string, value: unknown) => writeFile(file(path), `${JSON.stringify(value, null, 2)}\n`);
const editorState = async () =>
  (await raw(server.origin, { path: '/api/editor/state' })).json() as {
    problems: { file: string; message: string }[];
    siteProblems: { file: string; issues: { path: string; message: string }[] }[];
    linksNowhere: { file: string; pointer: string; link: string }[];
    redirects: { from: string; to: string }[];
  };

async function buildOutput(): Promise<string> {
  try {
    await promisify(execFile)(process.execPath, [ASTRO_CLI, 'build'], { cwd: project.root, env: { ...userEnv(), ASTRO_TELEMETRY_DISABLED: '1' } });
    return '';
  } catch (error) {
    return `${(error as { stdout: string }).stdout}\n${(error as { stderr: string }).stderr}`;
  }
}

const REDIRECTS = {
  redirects: [
    { from: '/Old3/', to: '/about/' },
    { from: '/old/', to: '/about/' },
    { from: '/older/', to: '/about/', extra: 1 },
    { from: '/gone/', to: '/nowhere/' },
  ],
  x: 1,
};

beforeAll(async () => {
  project = await copyProject('losses');
  server = await startDevServer(project);
});

afterAll(async () => {
  await server?.stop();
  await project?.remove();
});

describe('content that loses a page or a redirect without breaking one', () => {
  beforeAll(async () => {
    await writeJson('redirects.json', REDIRECTS);
    const about = JSON.parse(await readFile(file('pages/about.json'), 'utf8'));
    await writeJson('pages/posts/editing-without-fear.json', { id: 'hand-made', slug: 'posts/editing-without-fear', meta: about.meta, sections: [] });
    await writeJson('pages/company.json', { ...about, slug: 'company' });
  });

  afterAll(async () => {
    await Promise.all(['redirects.json', 'pages/posts/editing-without-fear.json', 'pages/company.json'].map((path) => rm(file(path))));
  });

  it("is in the editor's problems, each named with its file and pointer; a valid redirect still works", async () => {
    const { siteProblems } = await editorState();
    const issues = (name: string) => siteProblems.find((problem) => problem.file === name)?.issues ?? [];
    expect(issues('redirects.json').map(({ path }) => path)).toEqual(['/redirects/2/extra', '/x', '/redirects/0/from', '/redirects/3/to']);
    expect(issues('pages/posts/editing-without-fear.json')).toEqual([{ path: '/slug', message: expect.stringContaining('hides the page of the entry collections/posts/editing-without-fear.json') }]);
    expect(issues('pages/company.json')).toEqual([{ path: '/id', message: 'the page id "about" is also the id of pages/about.json: page ids are unique' }]);
    expect(issues('pages/about.json')).toEqual([{ path: '/id', message: 'the page id "about" is also the id of pages/company.json: page ids are unique' }]);
    expect((await raw(server.origin, { path: '/old/' })).status).toBe(301);
  });

  it('sends the editor the valid redirects, by which its link fields take a moved page’s old address as leading to the page', async () => {
    expect((await editorState()).redirects).toEqual([
      { from: '/old/', to: '/about/' },
      { from: '/gone/', to: '/nowhere/' },
    ]);
  });

  it('fails the build, which names each', async () => {
    const output = await buildOutput();
    expect(output, 'the build must fail').toMatch(/content problems? in \d+ files/);
    for (const expected of ['src/data/redirects.json', '/redirects/2/extra: Unknown field "extra"', '/x: Unknown field "x"', '/redirects/3/to: there is no page at /nowhere/', 'src/data/pages/posts/editing-without-fear.json', 'src/data/pages/company.json']) {
      expect(output).toContain(expected);
    }
  }, 240_000);
});

describe('files that are not read as content', () => {
  beforeAll(async () => {
    await rm(file('pages/about.json'));
    await mkdir(file('pages/about.json'));
    await rename(file('collections/posts/writing-for-the-scan.json'), file('collections/posts/writing-for-the-scan.JSON'));
    await writeFile(file('collections/posts/notes.md'), '# Notes\n');
  });

  it('answer the page they would be with why, and are listed in the editor', async () => {
    const about = await raw(server.origin, { path: '/about/' });
    expect(about.status).toBe(500);
    expect(about.text).toContain('pages/about.json');
    expect((await raw(server.origin, { path: '/journal/' })).text).toContain('collections/posts');
    const { problems } = await editorState();
    expect(problems).toEqual(expect.arrayContaining([
      { file: 'pages/about.json', message: expect.stringContaining('is a folder named like a .json file') },
      { file: 'collections/posts/writing-for-the-scan.JSON', message: expect.stringContaining('is not a .json file') },
      { file: 'collections/posts/notes.md', message: expect.stringContaining('is not a .json file') },
    ]));
  });

  it('leave the links to the pages they would be unjudged: their own problem says what to mend, and the pages exist as files', async () => {
    const { linksNowhere } = await editorState();
    // The shared header's menu and the demo's buttons link to /about/; the post is linked from others.
    expect(linksNowhere.filter(({ link }) => link.startsWith('/about') || link.includes('writing-for-the-scan'))).toEqual([]);
  });

  it('stop the build, which names each', async () => {
    const output = await buildOutput();
    for (const expected of ['src/data/pages/about.json is a folder named like a .json file', 'src/data/collections/posts/writing-for-the-scan.JSON is not a .json file', 'src/data/collections/posts/notes.md is not a .json file']) {
      expect(output).toContain(expected);
    }
  }, 240_000);
});
