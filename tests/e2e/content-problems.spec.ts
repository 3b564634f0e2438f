/**
 * Files that cannot be read or shown, in the Problems panel and the editor,
 * against `astro dev` on the shared copy of the project: a broken shared
 * section, a file that is not valid JSON, a page that is not valid. Each test
 * restores or removes the file it breaks.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { dataFile, preview, shot, test, writeData } from './support';

test.afterAll(async () => {
  await rm(dataFile('pages/ops-broken.json'), { force: true });
});

test('a broken shared section is listed with the pages it breaks, and opens on a page that uses it', async ({ page }) => {
  const original = await readFile(dataFile('shared/footer.json'), 'utf8');
  try {
    const footer = JSON.parse(original);
    footer.data.unknownField = true;
    await writeFile(dataFile('shared/footer.json'), JSON.stringify(footer));
    await page.goto('/editor/about');
    await page.getByRole('button', { name: /^Problems/ }).click();
    const panel = page.getByRole('dialog', { name: 'Problems' });
    await expect(panel).toContainText('shared/footer.json');
    await expect(panel).toContainText('/about/');
    await panel.getByRole('button', { name: /^Open Shared footer/ }).first().click();
    await expect(page.locator('.outline-item[aria-current="true"]')).toHaveAttribute('data-section-id', 'site-footer');
  } finally {
    await writeFile(dataFile('shared/footer.json'), original);
  }
});

test('a file that is not valid JSON is said plainly in the Problems panel, the parser’s words folded for a developer (QA)', async ({ page }) => {
  const file = dataFile('pages/ops-unreadable.json');
  await writeFile(file, '{ "id": "ops-unreadable", "slug": "ops-unreadable", ');
  try {
    await page.goto('/editor/about');
    // The note the editor opens with names the page, not the parser's sentence.
    const note = page.getByText('Some files cannot be read: a developer must fix them (Problems has the details).');
    await expect(note).toBeVisible();
    await expect(page.getByText('Page /ops-unreadable/ (pages/ops-unreadable.json)')).toBeVisible();
    await page.getByRole('button', { name: /^Problems/ }).click();
    const panel = page.getByRole('dialog', { name: 'Problems' });
    const item = panel.locator('.problem-file', { hasText: 'src/data/pages/ops-unreadable.json' });
    await expect(item).toContainText('Page /ops-unreadable/');
    await expect(item).toContainText('This file cannot be read, so it cannot be opened or changed here. A developer must fix it.');
    const technical = item.getByText(/is not valid JSON \(/);
    await expect(technical).toBeHidden();
    await item.getByText('Technical details for a developer').click();
    await expect(technical).toBeVisible();
    await shot(page, 'problems-unreadable');
  } finally {
    await rm(file, { force: true });
  }
});

test('a page that is not valid still opens, with its problem listed', async ({ page }) => {
  await writeData('pages/ops-broken.json', { id: 'ops-broken', slug: 'ops-broken', meta: { title: 'Ops broken' }, sections: 'not a list' });
  await page.goto('/editor/ops-broken');
  await expect(page.getByRole('heading', { name: 'Sections' })).toBeVisible();
  await expect(page.getByText('This page has no sections yet.')).toBeVisible();
  await page.getByRole('button', { name: /^Problems/ }).click();
  const panel = page.getByRole('dialog', { name: 'Problems' });
  await expect(panel).toContainText('src/data/pages/ops-broken.json');
  await panel.getByRole('button', { name: 'Close' }).first().click();
  // Nothing of it can be shown, and the preview says so (it claimed to show "the last version it could").
  await expect(page.locator('.preview-error')).toContainText('This page cannot be shown until its problem is fixed.');
  await page.getByRole('link', { name: /About/ }).click();
  await expect(page).toHaveURL(/\/editor\/about$/);
  await expect(preview(page).locator('[data-section-id]').first()).toBeVisible();
  // Back to it from another page: the preview does not go on showing that other page.
  await page.getByRole('link', { name: /Ops broken/ }).click();
  await expect(page.locator('.preview-error')).toContainText('This page cannot be shown until its problem is fixed.');
  await expect(preview(page).locator('[data-section-id]')).toHaveCount(0);
});
