/**
 * Saving the site settings through the content store of a real `astro dev`
 * server: invalid settings are refused whole with each field named, and valid
 * ones are written and rendered by the next request (lang and its direction,
 * accent, the 404 page's title).
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { devSiteForTests } from '../helpers/dev-site';
import { postJson, raw } from '../helpers/http';

const site = devSiteForTests('site-settings-dev');
const SETTINGS = 'shared/site.json';

describe('saving the site settings', () => {
  it('refuses invalid settings, naming each field, and writes nothing', async () => {
    const before = await readFile(site.file(SETTINGS), 'utf8');
    const current = await site.readJson(SETTINGS);
    const response = await site.change({
      changes: [{ op: 'put', file: SETTINGS, content: { ...current, language: 'en_GB', brandColor: '#fde047', typeface: 'comic-sans', brandColour: '#000000' }, baseVersion: await site.versionOf(SETTINGS) }],
    });
    expect(response.status, response.text).toBe(400);
    expect(response.json().issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: SETTINGS, path: '/language', message: expect.stringMatching(/is not a language tag/) }),
        expect.objectContaining({ file: SETTINGS, path: '/brandColor', message: expect.stringMatching(/contrast with white/) }),
        expect.objectContaining({ file: SETTINGS, path: '/typeface' }),
        expect.objectContaining({ file: SETTINGS, path: '/brandColour', message: expect.stringMatching(/did you mean "brandColor"/) }),
      ]),
    );
    expect(await readFile(site.file(SETTINGS), 'utf8')).toBe(before);
  });

  it('writes valid settings, which the next page renders', async () => {
    const current = await site.readJson(SETTINGS);
    const response = await site.change({
      changes: [{ op: 'put', file: SETTINGS, content: { ...current, name: 'Northwind Labs', language: 'de-CH', brandColor: '#9d174d' }, baseVersion: await site.versionOf(SETTINGS) }],
    });
    expect(response.status, response.text).toBe(200);
    const about = (await raw(site.server.origin, { path: '/about/' })).text;
    expect(about).toMatch(/<html lang="de-CH" dir="ltr"/);
    expect(about).toContain('--color-accent:#9d174d');
    const missing = await raw(site.server.origin, { path: '/no-such-page/' });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<title>Page not found — Northwind Labs</title>');
  });

  it('previews unsaved settings in every view, not only the page’s frame: the words the site writes and its language', async () => {
    const current = await site.readJson(SETTINGS);
    const draft = { ...current, language: 'de', labels: { skipToContent: 'Zum Inhalt', menu: 'Menü', mainMenu: 'Hauptmenü', footerMenu: 'Fußzeile' } };
    const preview = await postJson(site.server.origin, '/api/editor/preview', { slug: 'home', files: { [SETTINGS]: draft } });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.text).toMatch(/<html lang="de" dir="ltr"/);
    expect(preview.text).toContain('>Zum Inhalt</a>');
    // The header's and footer's own views read them too (they showed the saved English words).
    expect(preview.text).toMatch(/<nav class="nav"[^>]*aria-label="Hauptmenü"/);
    expect(preview.text).toMatch(/<span class="visually-hidden"[^>]*>Menü<\/span>/);
    expect(preview.text).toMatch(/aria-label="Fußzeile"/);
    // Nothing was saved: the site still says what the file says.
    expect((await raw(site.server.origin, { path: '/' })).text).not.toContain('Hauptmenü');
  });

  it('gives a language written right to left its direction on every page, with its lang', async () => {
    const current = await site.readJson(SETTINGS);
    const response = await site.change({ changes: [{ op: 'put', file: SETTINGS, content: { ...current, language: 'ar' }, baseVersion: await site.versionOf(SETTINGS) }] });
    expect(response.status, response.text).toBe(200);
    for (const path of ['/about/', '/no-such-page/']) expect((await raw(site.server.origin, { path })).text, path).toMatch(/<html lang="ar" dir="rtl"/);
  });
});
