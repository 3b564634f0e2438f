/**
 * Content guards replayed against the dev server on a project copy: script
 * links (item 7 of the security issue), `$ref` fan-out (item 8), lists and
 * Markdown that cost the server seconds, and symbolic links in src/data
 * (item 3), through its API. The same guards in `astro build`:
 * content-guards-build.test.ts.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_RULE } from '../../src/engine/schema/urls';
import { postJson, raw, type RawResponse } from '../helpers/http';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { startDevServer, type RunningServer } from '../helpers/servers';
import { fingerprint } from '../helpers/tree';
import { hasDotSegment } from './attacks';
import { aboutWithCta, CTA_HREF, hostFiles, linkHostFiles, readJson, SECRET } from './content-guards-fixtures';

const MiB = 1024 * 1024;

function expectError(response: RawResponse, status: number) {
  expect(response.status, response.text).toBe(status);
  const body = response.json();
  expect(typeof body.error).toBe('string');
  expect(response.text).not.toContain(SECRET);
  return body as { error: string; issues?: { path: string; message: string }[] };
}

describe('dev server', () => {
  let project: ProjectCopy;
  let server: RunningServer;
  let host: string;
  const save = (body: unknown) => postJson(server.origin, '/api/save-to-file', body);
  const page = (slug: string) => raw(server.origin, { path: `/api/public-page/${slug}` });

  beforeAll(async () => {
    project = await copyProject('content-guards-dev');
    host = await hostFiles();
    await linkHostFiles(project, host);
    await writeFile(join(project.dataRoot, 'pages', 'leak.json'), JSON.stringify({ id: 'leak', slug: 'leak', meta: { title: 'T', description: 'D' }, sections: [{ id: 'b', type: 'content-block', data: { body: { $ref: '../shared/leak.json#/text' } } }] }));
    // The dev server must start with the links in place.
    server = await startDevServer(project);
  });

  afterAll(async () => {
    await server?.stop();
    await project?.remove();
    if (host) await rm(host, { recursive: true, force: true });
  });

  describe('script links', () => {
    it('a save with a javascript: CTA href is refused with 400 naming the field, and writes nothing', async () => {
      for (const href of ['javascript:alert(document.domain)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', '//evil.com']) {
        const before = await fingerprint(project.dataRoot);
        const body = expectError(await save({ slug: 'about', projectState: { pages: { about: await aboutWithCta(project, href) } } }), 400);
        expect(body.issues, href).toContainEqual({ path: CTA_HREF, message: expect.stringMatching(/^Links /) });
        expect(await fingerprint(project.dataRoot)).toEqual(before);
      }
    });

    it('the editor preview never renders it: the section shows as saved', async () => {
      const response = await postJson(server.origin, '/api/editor/preview', { slug: 'about', files: { 'pages/about.json': await aboutWithCta(project, 'javascript:alert(1)') } });
      expect(response.status, response.text).toBe(200);
      expect(response.headers['x-preview-held-back']).toBe('1');
      expect(response.text).not.toContain('javascript:');
    });

    it('a shared header edited on disk makes its pages answer 500 naming shared/header.json', async () => {
      const original = await readFile(join(project.dataRoot, 'shared', 'header.json'), 'utf8');
      const header = JSON.parse(original);
      header.data.menu[0].href = 'javascript:alert(document.domain)';
      await writeFile(join(project.dataRoot, 'shared', 'header.json'), JSON.stringify(header));
      try {
        const body = expectError(await page('about'), 500);
        expect(body.error).toContain(`shared/header.json#/data/menu/0/href: ${LINK_RULE}`);
        const visitor = await raw(server.origin, { path: '/about/' });
        expect(visitor.status).toBe(500);
        expect(visitor.text).not.toContain('javascript:alert');
      } finally {
        await writeFile(join(project.dataRoot, 'shared', 'header.json'), original);
      }
      expect((await page('about')).status).toBe(200);
    });

    it('saving the shared header with a script link is refused, naming its own field', async () => {
      const header = await readJson(project, 'shared/header.json');
      header.data.cta.href = 'vbscript:msgbox(1)';
      const body = expectError(await save({ slug: 'shared/header', projectState: { shared: { header } } }), 400);
      expect(body.issues).toContainEqual({ path: '/data/cta/href', message: LINK_RULE });
    });
  });

  describe('$ref fan-out', () => {
    const fanOut = (slug: string) => ({
      id: slug,
      slug,
      meta: { title: 'T', description: 'D' },
      sections: Array.from({ length: 100 }, (_, index) => ({ id: `b${index}`, type: 'content-block', data: { body: { $ref: '../shared/big.json#/text' } } })),
    });

    beforeAll(async () => {
      // A 0.4 MiB shared string is a legitimate save on its own.
      const response = await save({ slug: 'shared/big', projectState: { shared: { big: { text: 'x '.repeat(0.2 * MiB) } } } });
      expect(response.status, response.text).toBe(200);
    });

    it('a small page with 100 refs to the 0.4 MiB string is refused with 400, quickly', async () => {
      const body = JSON.stringify({ slug: 'fanout', projectState: { pages: { fanout: fanOut('fanout') } } });
      expect(body.length).toBeLessThan(20_000);
      const started = Date.now();
      const response = await save(body);
      expect(Date.now() - started).toBeLessThan(5_000);
      const error = expectError(response, 400);
      expect(error.error).toMatch(/holds more than 1 MB of text/);
      await expect(readFile(join(project.dataRoot, 'pages', 'fanout.json'))).rejects.toThrow();
    });

    it('the same page written to disk answers 500 naming its file, quickly', async () => {
      await writeFile(join(project.dataRoot, 'pages', 'fanout-disk.json'), JSON.stringify(fanOut('fanout-disk')));
      const started = Date.now();
      const body = expectError(await page('fanout-disk'), 500);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(body.error).toMatch(/^pages\/fanout-disk\.json#\/sections\/\d+\/data\/body: is too large: with the shared parts it shows, this page holds more than 1 MB of text/);
      await rm(join(project.dataRoot, 'pages', 'fanout-disk.json'));
    });
  });

  describe('lists that bring in the site\'s posts many times over', () => {
    // A hostile review's attack: a 0.9 MB page of 15,000 posts lists without a limit made a 256 MB
    // bundle; publishing it stalled the production server for everyone and then crashed it.
    it('a page of 15,000 unlimited posts lists is refused with 400, saying why, and nothing is written', async () => {
      const lists = Array.from({ length: 15_000 }, (_, index) => ({ id: `s${index}`, type: 'posts-list', data: { title: `T${index}` } }));
      const poison = { id: 'poison', slug: 'poison', meta: { title: 'T', description: 'D' }, sections: lists };
      const error = expectError(await save({ slug: 'poison', projectState: { pages: { poison } } }), 400);
      expect(error.error).toMatch(/shows more than 4 MiB of posts and tags through its lists; give its lists a limit/);
      await expect(readFile(join(project.dataRoot, 'pages', 'poison.json'))).rejects.toThrow();
    });
  });

  describe('Markdown that costs the server seconds to render', () => {
    // A hostile review's attack: a 4.4 MB body of 300-column table rows rendered to 24 MB of HTML
    // in 13 s of the server's thread, once per page that pointed at it.
    const row = `|${'a|'.repeat(300)}\n`;
    const table = `${row}|${'-|'.repeat(300)}\n${row.repeat(Math.ceil((4.4 * MiB) / row.length))}`;
    const bodyPage = (slug: string, body: unknown) => ({ id: slug, slug, meta: { title: 'T', description: 'D' }, sections: [{ id: 'b', type: 'content-block', data: { body } }] });

    it('a body over 200,000 characters is refused with 400 naming the field, and nothing is written', async () => {
      const started = Date.now();
      const error = expectError(await save({ slug: 'md-bomb', projectState: { pages: { 'md-bomb': bodyPage('md-bomb', table) } } }), 400);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(error.issues).toContainEqual({ path: '/sections/0/data/body', message: 'Keep this text to 200,000 characters (about 30,000 words) or fewer' });
      await expect(readFile(join(project.dataRoot, 'pages', 'md-bomb.json'))).rejects.toThrow();
    });

    it('so is a page that gathers more than 1 MiB of bodies of that size through refs', async () => {
      const body = table.slice(0, 190_000);
      const response = await save({ slug: 'shared/md-bodies', projectState: { shared: { 'md-bodies': { bodies: Array.from({ length: 6 }, (_, i) => `${i}${body}`) } } } });
      expect(response.status, response.text).toBe(200);
      const gathering = bodyPage('md-gather', 'x');
      gathering.sections = Array.from({ length: 6 }, (_, i) => ({ id: `b${i}`, type: 'content-block', data: { body: { $ref: `../shared/md-bodies.json#/bodies/${i}` } as never } }));
      const error = expectError(await save({ slug: 'md-gather', projectState: { pages: { 'md-gather': gathering } } }), 400);
      expect(error.error).toMatch(/holds more than 1 MB of text/);
    });
  });

  describe('symbolic links in src/data', () => {
    it('the server started and serves pages that need no link, without the secret', async () => {
      for (const slug of ['home', 'about', 'posts/zero-javascript-by-default']) {
        const response = await page(slug);
        expect(response.status, slug).toBe(200);
        expect(response.text).not.toContain(SECRET);
      }
    });

    it('a page that needs a link answers 500 naming the link, never its content', async () => {
      const body = expectError(await page('leak'), 500);
      expect(body.error).toContain('shared/leak.json is a symbolic link');
      const visitor = await raw(server.origin, { path: '/leak/' });
      expect(visitor.status).toBe(500);
      expect(visitor.text).not.toContain(SECRET);
    });

    it("the editor's state reports each link as a problem and reads none", async () => {
      const response = await raw(server.origin, { path: '/api/editor/state' });
      expect(response.status).toBe(200);
      expect(response.text).not.toContain(SECRET);
      expect(response.json().problems.map((problem: { file: string }) => problem.file)).toEqual(['shared/leak-dir', 'shared/leak.json']);
    });

    it('a save to a link or through a linked folder is refused with 400 and writes nothing through it', async () => {
      const before = await fingerprint(host);
      for (const [slug, name, link] of [['shared/leak', 'leak', 'shared/leak.json'], ['shared/leak-dir/doc', 'leak-dir/doc', 'shared/leak-dir'], ['shared/leak-dir/new', 'leak-dir/new', 'shared/leak-dir']]) {
        const body = expectError(await save({ slug, projectState: { shared: { [name!]: { text: 'overwritten' } } } }), 400);
        expect(body.error, slug).toContain(`${link} is a symbolic link`);
      }
      expect(await fingerprint(host)).toEqual(before);
    });

    it('no API response carries the secret', async () => {
      const paths = ['/api/public-page/', '/api/public-page/leak', '/api/editor/state', '/api/list-assets', '/shared/leak.json', `/@fs${host}/secret.json`];
      for (const path of paths) expect((await raw(server.origin, { path })).text, path).not.toContain(SECRET);
    });

    it("Vite never serves src/data's files by their paths, links included (it followed them)", async () => {
      const paths = [
        '/src/data/shared/leak.json',
        '/src/data/shared/leak.json?raw',
        '/src/data/shared/leak.json?import',
        '/src/data/shared/leak-dir/doc.json?raw',
        '/src//data/./shared/leak.json',
        `/@fs${project.dataRoot}//../shared/leak.json?raw`,
        '/src/%64ata/shared/leak.json',
        '/@id/src/data/shared/leak.json',
        `/@fs${project.dataRoot}/shared/leak.json`,
        `/@fs${project.dataRoot}/shared/leak.json?raw`,
        '/src/data/pages/home.json',
      ];
      for (const path of paths) {
        const response = await raw(server.origin, { path });
        // A dot segment is refused before Vite reads it (its URL parser resolves `//..` otherwise).
        expect(response.status, path).toBe(hasDotSegment(path) ? 400 : 404);
        expect(response.text, path).not.toContain(SECRET);
      }
    });
  });
});
