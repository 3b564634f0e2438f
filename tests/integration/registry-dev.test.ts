/**
 * A section type and a collection added while `npm run dev` runs (a real `astro dev` on a copy of
 * the project): the registries are Vite globs, taken in again as soon as the watcher sees the new
 * folder, without a restart (src/server/dev-registry-folders.ts; tests/e2e/registry.spec.ts has the
 * case with the editor open, where the server once kept the old registry). The preview renders the
 * new type, a save accepts it, the page shows it, and a new collection's entries are saved and
 * offered to the editor. Before the folders exist, the same requests are refused, naming the type.
 */
import { describe, expect, it } from 'vitest';
import { devSiteForTests } from '../helpers/dev-site';
import { askUntil, postJson, raw } from '../helpers/http';
import { addAuthorsCollection, addQuoteSection } from '../helpers/registry-folders';

const site = devSiteForTests('registry-dev');
const preview = (slug: string, files: Record<string, unknown>) => postJson(site.server.origin, '/api/editor/preview', { slug, files });

describe('adding to the registries while the dev server runs', () => {
  it('takes in a new section type: previewed, saved and shown on the page', async () => {
    const about = await site.readJson('pages/about.json');
    about.sections.splice(2, 0, { id: 'about-quote', type: 'quote', data: { text: 'Added without a restart', source: 'The dev server' } });

    // Unknown until then: the preview leaves the new section out (a draft that does not resolve yet).
    const before = await preview('about', { 'pages/about.json': about });
    expect(before.headers['x-preview-held-back']).toBe('1');
    expect(before.text).not.toContain('Added without a restart');
    const refused = await site.change({ changes: [{ op: 'put', file: 'pages/about.json', content: about, baseVersion: await site.versionOf('pages/about.json') }] });
    expect(refused.status).toBe(400);
    expect(refused.json().issues).toEqual([expect.objectContaining({ path: '/sections/2/type', message: expect.stringMatching(/^Unknown section type "quote": the registry has content-block, /) })]);

    await addQuoteSection(site.project.root);
    const shown = await askUntil(() => preview('about', { 'pages/about.json': about }), (answer) => answer.headers['x-preview-held-back'] === '0');
    expect(shown.status, shown.text).toBe(200);
    expect(shown.headers['x-preview-held-back']).toBe('0');
    expect(shown.text).toContain('Added without a restart');

    const saved = await site.change({ changes: [{ op: 'put', file: 'pages/about.json', content: about, baseVersion: await site.versionOf('pages/about.json') }] });
    expect(saved.status, saved.text).toBe(200);
    const page = await raw(site.server.origin, { path: '/about/' });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<blockquote>Added without a restart<\/blockquote>\s*<figcaption>The dev server<\/figcaption>/);
  });

  it('takes in a new collection: its entries are saved, checked and offered to the editor', async () => {
    const ada = { op: 'put', file: 'collections/authors/ada.json', content: { name: 'Ada', bio: 'Writes about type.' }, baseVersion: null };
    const before = await site.change({ changes: [ada] });
    expect(before.status).toBe(400);
    expect(before.text).toMatch(/authors/);

    await addAuthorsCollection(site.project.root);
    const saved = await askUntil(() => site.change({ changes: [ada] }), (answer) => answer.status === 200);
    expect(saved.status, saved.text).toBe(200);
    const invalid = await site.change({ changes: [{ op: 'put', file: 'collections/authors/bob.json', content: { name: 'Bob' }, baseVersion: null }] });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toMatch(/bio/);

    const state = await raw(site.server.origin, { path: '/api/editor/state' });
    const docs = JSON.parse(state.text).docs as { file: string; data: unknown }[];
    expect(docs.find((doc) => doc.file === 'collections/authors/ada.json')?.data).toEqual({ name: 'Ada', bio: 'Writes about type.' });
  });
});
