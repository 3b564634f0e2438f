/**
 * Drafts and schedules under a real `astro dev` on a copy of the project:
 * saving a page as a draft is accepted; the draft then answers 404 to
 * visitors and the page API while the editor's preview still renders it; a
 * published post tagged with a draft tag keeps its page without the tag; a
 * malformed publishAt is refused naming the field; publishing again brings
 * the page back. The editor's preview lists what visitors will see, and
 * shows a draft post's own page as it will be once published.
 */
import { describe, expect, it } from 'vitest';
import { devSiteForTests } from '../helpers/dev-site';
import { postJson, raw } from '../helpers/http';

const site = devSiteForTests('drafts-dev');
const { readJson } = site;
const put = async (path: string, content: unknown) => site.change({ changes: [{ op: 'put', file: path, content, baseVersion: await site.versionOf(path) }] });
const get = (path: string) => raw(site.server.origin, { path });

describe('drafts in astro dev', () => {
  it('saves a page as a draft; visitors and the page API get 404, the preview renders it', async () => {
    const about = await readJson('pages/about.json');
    const saved = await put('pages/about.json', { ...about, status: 'draft' });
    expect(saved.status, saved.text).toBe(200);

    expect((await get('/api/public-page/about')).status).toBe(404);
    expect((await get('/about/')).status).toBe(404);
    const preview = await postJson(site.server.origin, '/api/editor/preview', { slug: 'about', files: {} });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.headers['content-type']).toMatch(/^text\/html/);
    expect(preview.text).toContain(`<title>${about.meta.title.replaceAll('&', '&amp;')}</title>`);
  });

  it('keeps a published post whole when one of its tags is a draft', async () => {
    const tag = await readJson('collections/tags/editorial.json');
    expect((await put('collections/tags/editorial.json', { ...tag, status: 'draft' })).status).toBe(200);
    expect((await get('/api/public-page/tags/editorial')).status).toBe(404);
    const post = await get('/api/public-page/posts/editing-without-fear');
    expect(post.status, post.text).toBe(200);
    expect(post.text).not.toContain('/tags/editorial/');
    expect((await get('/journal/')).text).not.toContain('/tags/editorial/');
  });

  it('refuses a malformed publishAt, naming the field', async () => {
    const post = await readJson('collections/posts/writing-for-the-scan.json');
    const response = await put('collections/posts/writing-for-the-scan.json', { ...post, publishAt: 'tomorrow morning' });
    expect(response.status, response.text).toBe(400);
    expect(response.json().issues).toContainEqual(expect.objectContaining({ file: 'collections/posts/writing-for-the-scan.json', path: '/publishAt', message: expect.stringContaining('Publish at') }));
  });

  it('hides a post scheduled later, and shows the page again once published', async () => {
    const post = await readJson('collections/posts/writing-for-the-scan.json');
    expect((await put('collections/posts/writing-for-the-scan.json', { ...post, publishAt: '2099-01-01T00:00:00Z' })).status).toBe(200);
    expect((await get('/api/public-page/posts/writing-for-the-scan')).status).toBe(404);
    expect((await get('/rss.xml')).text).not.toContain('writing-for-the-scan');

    const about = await readJson('pages/about.json');
    expect((await put('pages/about.json', { ...about, status: 'published' })).status).toBe(200);
    expect((await get('/api/public-page/about')).status).toBe(200);
  });

  it("previews a page's lists as visitors will see them, and a draft post's own page as it will be once published", async () => {
    const preview = (slug: string, files: Record<string, unknown> = {}) => postJson(site.server.origin, '/api/editor/preview', { slug, files });
    const draft = { ...(await readJson('collections/posts/static-builds-at-scale.json')), status: 'draft' };
    const listed = '/posts/static-builds-at-scale/';

    // Saved as a draft, or only drafted in the editor: absent from the journal's list, as for visitors.
    expect((await preview('journal')).text).toContain(listed);
    const drafted = await preview('journal', { 'collections/posts/static-builds-at-scale.json': draft });
    expect(drafted.status, drafted.text).toBe(200);
    expect(drafted.text).not.toContain(listed);
    expect(drafted.text).toContain('/posts/editing-without-fear/');
    expect((await put('collections/posts/static-builds-at-scale.json', draft)).status).toBe(200);
    expect((await get('/journal/')).text).not.toContain(listed);
    expect((await preview('journal')).text).not.toContain(listed);

    // Its own page previews as it will be once published.
    const own = await preview('posts/static-builds-at-scale');
    expect(own.status, own.text).toBe(200);
    expect(own.text).toContain(`<title>${draft.title}`);
  });
});
