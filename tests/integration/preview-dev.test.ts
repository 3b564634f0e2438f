/**
 * The editor's preview of a draft that does not resolve yet, under a real `astro dev` on a copy of
 * the project: the sections (or documents) that fail show as saved, and the rest of the draft shows;
 * only a fault in the page's own fields stops it. What fails is never rendered (a `javascript:` link).
 */
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { devSiteForTests } from '../helpers/dev-site';
import { postJson } from '../helpers/http';

const site = devSiteForTests('preview-dev');
const preview = (slug: string, files: Record<string, unknown>) => postJson(site.server.origin, '/api/editor/preview', { slug, files });
const heldBack = (response: { headers: Record<string, unknown> }) => Number(response.headers['x-preview-held-back']);

describe('previewing a draft that does not resolve yet', () => {
  it('shows a section whose field is half edited as saved, and the rest of the draft as it is', async () => {
    const about = await site.readJson('pages/about.json');
    const savedTitle = about.sections[3].data.title;
    about.sections[1].data.title = 'A hero title not saved yet';
    about.sections[3].data.title = '';
    const shown = await preview('about', { 'pages/about.json': about });
    expect(shown.status, shown.text).toBe(200);
    expect(heldBack(shown)).toBe(1);
    expect(shown.text).toContain('A hero title not saved yet');
    expect(shown.text).toContain(savedTitle);
  });

  it('leaves out a new section that fails, and never renders a link refused as a script (the attack the preview once rendered)', async () => {
    const about = await site.readJson('pages/about.json');
    about.sections[3].data.ctas[0].href = 'javascript:alert(1)';
    about.sections.splice(2, 0, { id: 'about-new', type: 'content-block', data: { body: 'New', titel: 'typo' } });
    const shown = await preview('about', { 'pages/about.json': about });
    expect(shown.status, shown.text).toBe(200);
    expect(heldBack(shown)).toBe(2);
    expect(shown.text).not.toContain('javascript:');
    expect(shown.text).not.toContain('data-section-id="about-new"');
    // The new one is named, for the editor to show a placeholder where it goes; the one shown as saved is not.
    expect(shown.headers['x-preview-hidden']).toBe('about-new');
    expect(heldBack(await preview('about', { 'pages/about.json': await site.readJson('pages/about.json') }))).toBe(0);
  });

  it('shows a section whose saved version fails too (a field typed into the file by hand) as a placeholder, and the rest of the page', async () => {
    const about = await site.readJson('pages/about.json');
    const heroTitle = about.sections[1].data.title;
    about.sections[3].data.titel = 'typed by hand';
    await writeFile(site.file('pages/about.json'), JSON.stringify(about, null, 2));
    try {
      const shown = await preview('about', { 'pages/about.json': about });
      expect(shown.status, shown.text).toBe(200);
      expect(shown.headers['x-preview-hidden']).toBe(about.sections[3].id);
      expect(shown.text).not.toContain(`data-section-id="${about.sections[3].id}"`);
      expect(shown.text).toContain(heroTitle);
    } finally {
      delete about.sections[3].data.titel;
      await writeFile(site.file('pages/about.json'), JSON.stringify(about, null, 2));
    }
  });

  it('shows a shared section whose draft fails as saved', async () => {
    const header = await site.readJson('shared/header.json');
    const shown = await preview('about', { 'shared/header.json': { ...header, data: { ...header.data, logoTxt: 'typo' } } });
    expect(shown.status, shown.text).toBe(200);
    expect(heldBack(shown)).toBe(1);
    expect(shown.text).toContain(`data-section-id="${header.id}"`);
  });

  it('answers 422 naming the field when the page\'s own fields fail, and 0 held back for a draft that resolves', async () => {
    const about = await site.readJson('pages/about.json');
    const refused = await preview('about', { 'pages/about.json': { ...about, meta: { ...about.meta, title: ' ' } } });
    expect(refused.status).toBe(422);
    expect(refused.json().error).toContain('/meta/title');
    expect(heldBack(await preview('about', { 'pages/about.json': about }))).toBe(0);
  });

  it('shows a new post whose cover has no alt text yet as typed, without the cover, and a page without its unfinished social image', async () => {
    const post = await site.readJson('collections/posts/editing-without-fear.json');
    const draft = { ...post, title: 'A new post typed in the editor', cover: { url: post.cover.url, alt: '' } };
    const shown = await preview('posts/a-post-with-a-cover', { 'collections/posts/a-post-with-a-cover.json': draft });
    expect(shown.status, shown.text).toBe(200);
    expect(heldBack(shown)).toBe(1);
    expect(shown.text).toContain('A new post typed in the editor');
    expect(shown.text).not.toContain('cover-editorial');
    const about = await site.readJson('pages/about.json');
    const social = await preview('about', { 'pages/about.json': { ...about, meta: { ...about.meta, description: 'A description not saved yet', ogImage: { url: '/assets/images/cover-editorial.webp', alt: '' } } } });
    expect(social.status, social.text).toBe(200);
    expect(heldBack(social)).toBe(1);
    expect(social.text).toContain('A description not saved yet');
    expect(social.text).not.toContain('cover-editorial');
  });

  it('answers 422 naming the field for a new post that is the page\'s subject, not 404 as if it were gone', async () => {
    const post = await site.readJson('collections/posts/editing-without-fear.json');
    const refused = await preview('posts/a-new-post', { 'collections/posts/a-new-post.json': { ...post, title: ' ' } });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.json().error).toContain('/title');
    // A post already saved shows as saved meanwhile.
    const shown = await preview('posts/editing-without-fear', { 'collections/posts/editing-without-fear.json': { ...post, title: ' ' } });
    expect(shown.status, shown.text).toBe(200);
    expect(heldBack(shown)).toBe(1);
  });
});
