/**
 * An uploaded image that only a Markdown body links to (`[floor plan](/assets/images/…)`), over
 * HTTP against a real `astro dev` server on a project copy: the editor's listing says it is in
 * use, deleting it is refused naming the page, a rename rewrites the link and nothing else of the
 * text, and a body linking to an image no one uploaded is refused. So for a relative link to one
 * (`../assets/images/…`), which is also named among the links that lead nowhere.
 */
import { describe, expect, it } from 'vitest';
import { referrersOf } from '../../src/editor/lib/content-ops';
import { whereUsed } from '../../src/editor/lib/media';
import { docsFromPayload } from '../../src/editor/lib/model';
import { markdownReader } from '../../src/editor/lib/rich-text/markdown-reader';
import { devSiteForTests } from '../helpers/dev-site';
import { postJson, raw } from '../helpers/http';
import { b64, pixel } from './fixtures';

const site = devSiteForTests('markdown-images');
const { readJson, versionOf, change } = site;

const URL = '/assets/images/md-plan.png';
const STORY = 2;
const bodyWith = (link: string, body: string) => `${body}\n\nOur [floor plan](${link}) shows the studio, and \`${link}\` is where it lives.`;

/** The about page with its text block's body linking to `link`. */
async function putAbout(link: string) {
  const about = await readJson('pages/about.json');
  const original: string = about.sections[STORY].data.body;
  about.sections[STORY].data.body = bodyWith(link, original.split('\n\nOur [floor plan]')[0]!);
  return change({ changes: [{ op: 'put', file: 'pages/about.json', content: about, baseVersion: await versionOf('pages/about.json') }] });
}

/** What the editor loads: its documents and the images with their versions. */
async function editorState() {
  const state = (await raw(site.server.origin, { path: '/api/editor/state' })).json();
  return { docs: docsFromPayload(state), version: (url: string) => state.images.find((image: { url: string }) => image.url === url)?.version as string };
}

describe('an image linked only from a Markdown body', () => {
  it('is in use: the editor lists the page, and the store refuses the delete naming its body', async () => {
    const upload = await postJson(site.server.origin, '/api/upload-asset', { filename: 'md-plan.png', data: b64(await pixel('png')), mimeType: 'image/png' });
    expect(upload.status, upload.text).toBe(200);
    const saved = await putAbout(URL);
    expect(saved.status, saved.text).toBe(200);

    const { docs, version } = await editorState();
    expect(referrersOf(docs, { type: 'image', url: URL }, markdownReader)).toEqual([{ file: 'pages/about.json', name: 'Page “About” (/about/)', pointers: [`/sections/${STORY}/data/body`] }]);
    expect(whereUsed(docs, URL).map((usage) => usage.file)).toEqual(['pages/about.json']);

    const refused = await change({ changes: [{ op: 'delete', file: URL.slice(1), baseVersion: version(URL) }] });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json().issues).toEqual([{ file: 'pages/about.json', path: `/sections/${STORY}/data/body`, message: `still points at ${URL}, which this change deletes` }]);
    expect((await raw(site.server.origin, { path: URL })).status).toBe(200);
  });

  it('follows a rename: only the link’s characters change, the same text in code stays', async () => {
    const before: string = (await readJson('pages/about.json')).sections[STORY].data.body;
    const { version } = await editorState();
    const moved = await change({ changes: [{ op: 'move', file: URL.slice(1), to: 'assets/images/md-floor-plan.png', baseVersion: version(URL) }] });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json().rewritten).toEqual(['pages/about.json']);
    const after: string = (await readJson('pages/about.json')).sections[STORY].data.body;
    const at = before.indexOf(`(${URL})`) + 1;
    expect(after).toBe(`${before.slice(0, at)}/assets/images/md-floor-plan.png${before.slice(at + URL.length)}`);
    expect(after).toContain(`\`${URL}\``);
    const page = await raw(site.server.origin, { path: '/about/' });
    expect(page.text).toContain('href="/assets/images/md-floor-plan.png"');
    expect((await raw(site.server.origin, { path: '/assets/images/md-floor-plan.png' })).status).toBe(200);
  });

  it('must lead to an uploaded image: a body linking to one no one uploaded is refused', async () => {
    const refused = await putAbout('/assets/images/md-ghost.png');
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json().issues).toEqual([
      expect.objectContaining({ file: 'pages/about.json', path: `/sections/${STORY}/data/body`, message: expect.stringMatching(/^no uploaded image has this address \(\/assets\/images\/md-ghost\.png\)/) }),
    ]);
  });
});

describe('an image linked from a Markdown body by a relative address', () => {
  const RELATIVE = '../assets/images/md-relative.png';

  it('is in use, is named among the links that lead nowhere with the address to write, and a rename writes its absolute address', async () => {
    const upload = await postJson(site.server.origin, '/api/upload-asset', { filename: 'md-relative.png', data: b64(await pixel('png')), mimeType: 'image/png' });
    expect(upload.status, upload.text).toBe(200);
    const saved = await putAbout(RELATIVE);
    expect(saved.status, saved.text).toBe(200);

    // A browser resolves it against the page: from /about/ it shows the image, from /posts/…/ or after a move it would not.
    const state = (await raw(site.server.origin, { path: '/api/editor/state' })).json() as { linksNowhere: { file: string; pointer: string; link: string }[] };
    expect(state.linksNowhere).toContainEqual({ file: 'pages/about.json', pointer: `/sections/${STORY}/data/body`, link: RELATIVE });

    const { version } = await editorState();
    const refused = await change({ changes: [{ op: 'delete', file: 'assets/images/md-relative.png', baseVersion: version('/assets/images/md-relative.png') }] });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json().issues).toEqual([{ file: 'pages/about.json', path: `/sections/${STORY}/data/body`, message: 'still points at /assets/images/md-relative.png, which this change deletes' }]);

    const moved = await change({ changes: [{ op: 'move', file: 'assets/images/md-relative.png', to: 'assets/images/md-absolute.png', baseVersion: version('/assets/images/md-relative.png') }] });
    expect(moved.status, moved.text).toBe(200);
    const body: string = (await readJson('pages/about.json')).sections[STORY].data.body;
    expect(body).toContain('[floor plan](/assets/images/md-absolute.png)');
    // The same characters in code are no link, and stay.
    expect(body).toContain(`\`${RELATIVE}\``);
  });

  it('must lead to an uploaded image too', async () => {
    const refused = await putAbout('assets/images/md-relative-ghost.png');
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json().issues).toEqual([expect.objectContaining({ path: `/sections/${STORY}/data/body`, message: expect.stringMatching(/^no uploaded image has this address \(assets\/images\/md-relative-ghost\.png\)/) })]);
  });
});
