/**
 * The site settings in the editor: opened from the sidebar, edited through
 * the form generated from their schema, shown by the preview as they are typed
 * (the header's site name, the accent colour, the page's language), refused in
 * words when the brand colour would fail contrast, and saved to
 * shared/site.json, which the dev server then renders from.
 */
import { readFile, writeFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { dataFile, openEditor, outlineItem, preview, readData, save, shot, test } from './support';

const field = (page: Page, key: string) => page.getByLabel('Inspector').locator(`[data-field="${key}"]`).first();
const rootProperty = (page: Page, property: string) =>
  preview(page)
    .locator('html')
    .evaluate((html, name) => getComputedStyle(html).getPropertyValue(name).trim(), property)
    // The frame reloads when the settings change the head: read again after it.
    .catch(() => '');

test('site settings that cannot be read say so and why, not that the file is missing', async ({ page }) => {
  const original = await readFile(dataFile('shared/site.json'), 'utf8');
  try {
    await writeFile(dataFile('shared/site.json'), original.slice(0, -4));
    await page.goto('/editor/~site');
    const inspector = page.getByLabel('Inspector');
    await expect(inspector).toContainText('src/data/shared/site.json: This file is not valid JSON');
    await expect(inspector).toContainText('Mend it in a text editor');
    await expect(inspector).not.toContainText('There is no');
  } finally {
    await writeFile(dataFile('shared/site.json'), original);
  }
});

test('edits the site name, brand colour and language, sees them in the preview, and saves', async ({ page }) => {
  const original = await readFile(dataFile('shared/site.json'), 'utf8');
  try {
    await page.goto('/editor/about');
    await page.getByRole('button', { name: 'Site settings' }).click();
    await expect(page).toHaveURL(/\/editor\/~site$/);
    await expect(page.getByLabel('Inspector').getByRole('heading', { name: 'Site settings' })).toBeVisible();
    // The preview shows the home page, with the settings as saved.
    await expect(preview(page).locator('[data-section-type="header"]')).toContainText('Northwind');

    await field(page, 'name').fill('Southwind Studio');
    await expect(preview(page).locator('[data-section-type="header"]')).toContainText('Southwind Studio');

    await field(page, 'brandColor').fill('#0f766e');
    await expect.poll(() => rootProperty(page, '--color-accent')).toBe('#0f766e');
    // Half-typed, the code is no colour: the swatch is struck through and the picker keeps the last colour, never black.
    const picker = page.getByLabel('Brand colour picker');
    await expect(picker).toHaveValue('#0f766e');
    await field(page, 'brandColor').fill('#0f7');
    await expect(page.locator('.color-field')).toHaveClass(/is-unset/);
    await expect(picker).toHaveValue('#0f766e');
    await field(page, 'brandColor').fill('#0f766e');
    await expect(page.locator('.color-field')).not.toHaveClass(/is-unset/);

    await field(page, 'language').fill('fr-CA');
    await expect(preview(page).locator('html')).toHaveAttribute('lang', 'fr-CA');

    // A colour too light for white text is refused, in words, next to the field; Save says why.
    await field(page, 'brandColor').fill('#fde047');
    await expect(page.getByLabel('Inspector').locator('.field-error')).toContainText('contrast with white');
    await shot(page, 'site-settings-contrast');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.save-state')).not.toHaveText('All changes saved');
    expect((await readData('shared/site.json')).brandColor).toBe('#4f46e5');

    await field(page, 'brandColor').fill('#0f766e');
    await expect(page.getByLabel('Inspector').locator('.field-error')).toHaveCount(0);
    await save(page);
    expect(await readData('shared/site.json')).toMatchObject({ name: 'Southwind Studio', brandColor: '#0f766e', language: 'fr-CA' });

    const home = await (await page.request.get('/')).text();
    expect(home).toMatch(/<html lang="fr-CA"/);
    expect(home).toContain('--color-accent:#0f766e');
    expect(home).toContain('Southwind Studio');
  } finally {
    await writeFile(dataFile('shared/site.json'), original);
  }
});

test('while the web fonts are on their way, every fallback face finds its local font, so the text takes the room it will keep', async ({ page }) => {
  // The web fonts never arrive: the page stays in its fallback faces.
  await page.route(/\.woff2(\?|$)/, (route) => route.abort());
  await page.goto('/about/');
  const fallbacks = await page.evaluate(async () => {
    const faces = [...document.fonts].filter((face) => face.family.includes('fallback:'));
    await Promise.all(faces.map((face) => face.load().catch(() => undefined)));
    return faces.map((face) => `${face.family} (${face.style}): ${face.status}`);
  });
  // The text face's and the heading face's, upright and italic. In Debian's Chromium there is no Arial
  // or Times New Roman: these load from Liberation Sans and Liberation Serif (src/lib/font-fallbacks.ts).
  expect(fallbacks.length).toBeGreaterThanOrEqual(4);
  for (const face of fallbacks) expect(face).toMatch(/: loaded$/);
});

test('the site settings screen has no serious accessibility violation', async ({ page }) => {
  await page.goto('/editor/~site');
  await expect(field(page, 'name')).toHaveValue('Northwind');
  await expect(preview(page).locator('[data-section-type="header"]')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a value linked to the site settings says where it comes from, in the forms’ words, and can be made a copy', async ({ page }) => {
  await openEditor(page, 'about');
  await outlineItem(page, 'site-header').click();
  const inspector = page.getByLabel('Inspector');
  const linked = inspector.locator('.ref-chip').first();
  await expect(linked).toContainText('Site settings › Site name');
  await expect(linked.locator('.ref-place')).toHaveAttribute('title', 'site.json#/name');
  await expect(inspector).toContainText('It shows what Site settings › Site name says: change it there, and every page that uses it changes too.');
  await shot(page, 'site-settings-linked-value');
  await linked.getByRole('button', { name: 'Use different text here' }).click();
  await expect(inspector.getByLabel('Logo text', { exact: true })).toHaveValue('Northwind');
});
