/** GET /api/editor/state's payload: it answers however broken the content is, with the site's problems and each image's version. */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEditorPayload } from '../../src/editor/server/payload';
import { bytesVersion } from '../../src/server/store/fs-backend';

let temp: string;
const data = () => join(temp, 'data');
const images = () => join(temp, 'images');
const POST = 'collections/posts/modeling-content-before-pixels.json';

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'cse-payload-'));
  await cp(join(import.meta.dirname, '../../src/data'), data(), { recursive: true });
  await mkdir(images());
  await cp(join(import.meta.dirname, '../../public/assets/images/og-default.png'), join(images(), 'og-default.png'));
});
afterAll(() => rm(temp, { recursive: true, force: true }));

describe("the editor's state", () => {
  it('has no problems for the demo content, and versions every image by its bytes', async () => {
    const payload = await readEditorPayload(data(), images());
    expect(payload.siteProblems).toEqual([]);
    expect(payload.linksNowhere).toEqual([]);
    expect(payload.images).toEqual([{ url: '/assets/images/og-default.png', version: bytesVersion(await readFile(join(images(), 'og-default.png'))) }]);
  });

  it('reads unchanged files once: a second state holds the same parsed documents and problem list', async () => {
    const first = await readEditorPayload(data(), images());
    const second = await readEditorPayload(data(), images());
    expect(second.docs.length).toBeGreaterThan(0);
    second.docs.forEach((doc, index) => expect(doc.data).toBe(first.docs[index]!.data));
    expect(second.siteProblems).toBe(first.siteProblems);
  });

  it('lists a broken page, a broken shared section and an unparsable file, and still has every readable document', async () => {
    const about = JSON.parse(await readFile(join(data(), 'pages/about.json'), 'utf8'));
    about.sections[1].data.title = 42;
    await writeFile(join(data(), 'pages/about.json'), JSON.stringify(about));
    const footer = JSON.parse(await readFile(join(data(), 'shared/footer.json'), 'utf8'));
    footer.data.stray = true;
    await writeFile(join(data(), 'shared/footer.json'), JSON.stringify(footer));
    await writeFile(join(data(), 'pages/half.json'), '{ "id": ');

    const payload = await readEditorPayload(data(), images());
    // The file is named once, beside the reason, not again inside it.
    expect(payload.problems).toEqual([{ file: 'pages/half.json', message: expect.stringMatching(/^This file is not valid JSON \(.+\); the pages that use it work again once it is fixed$/) }]);
    const byFile = Object.fromEntries(payload.siteProblems.map((problem) => [problem.file, problem]));
    expect(byFile['pages/about.json']?.issues.map((issue) => issue.path)).toContain('/sections/1/data/title');
    expect(byFile['shared/footer.json']?.pages).toEqual(expect.arrayContaining(['home', 'journal']));
    expect(payload.docs.map((doc) => doc.file)).toEqual(expect.arrayContaining(['pages/about.json', 'shared/footer.json']));
  });

  it('lists the links that lead nowhere, Markdown ones included, as warnings beside the problems', async () => {
    const header = JSON.parse(await readFile(join(data(), 'shared/header.json'), 'utf8'));
    header.data.menu[0].href = '/jounral/';
    await writeFile(join(data(), 'shared/header.json'), JSON.stringify(header));
    const post = JSON.parse(await readFile(join(data(), POST), 'utf8'));
    post.body += '\n\nSee [our studio](/studoi/).';
    await writeFile(join(data(), POST), JSON.stringify(post));
    const payload = await readEditorPayload(data(), images());
    expect(payload.linksNowhere).toContainEqual({ file: 'shared/header.json', pointer: '/data/menu/0/href', link: '/jounral/' });
    expect(payload.linksNowhere).toContainEqual({ file: POST, pointer: '/body', link: '/studoi/' });
    expect(payload.siteProblems.map((problem) => problem.file)).not.toContain('shared/header.json');
  });

  it('follows changes: a replaced image gets its new version, and a fixed file leaves the problem list', async () => {
    const before = await readEditorPayload(data(), images());
    const replaced = Buffer.concat([await readFile(join(images(), 'og-default.png')), Buffer.from('x')]);
    await writeFile(join(images(), 'og-default.png'), replaced);
    await writeFile(join(data(), 'pages/half.json'), JSON.stringify({ id: 'half', slug: 'half', meta: { title: 'T', description: 'D' }, sections: [] }));
    const after = await readEditorPayload(data(), images());
    expect(after.images).toEqual([{ url: '/assets/images/og-default.png', version: bytesVersion(replaced) }]);
    expect(after.images).not.toEqual(before.images);
    expect(after.problems).toEqual([]);
    expect(after.siteProblems.map((problem) => problem.file)).not.toContain('pages/half.json');
  });
});
