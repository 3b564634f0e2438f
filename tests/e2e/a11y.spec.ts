/** axe on the editor's main screens: no serious or critical violation on any of them. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { rm, writeFile } from 'node:fs/promises';
import { dataFile, openEditor, outlineItem, test } from './support';

async function expectAccessible(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const report = serious.map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(' ')).join('\n  ')}`);
  expect(report, `${screen}:\n${report.join('\n')}`).toEqual([]);
}

test('the start screen, a page with a section selected, page settings, a post and a tag', async ({ page }) => {
  await page.goto('/editor');
  await expect(page.locator('.page-link').first()).toBeVisible();
  await expectAccessible(page, 'start screen');

  await openEditor(page, 'home');
  await expectAccessible(page, 'page settings');
  await outlineItem(page, 'home-hero').click();
  await expectAccessible(page, 'a section selected');

  await page.goto('/editor/~posts/static-builds-at-scale');
  await expect(page.getByRole('textbox', { name: 'Body' })).toBeVisible();
  await expectAccessible(page, 'a post');
  await page.goto('/editor/~tags/performance');
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
  await expectAccessible(page, 'a tag');
});

test('the dialogs and menus: section picker, Save’s question about sample text, new page, media library, history, a blocked save', async ({ page }) => {
  await openEditor(page, 'home');
  await page.getByRole('button', { name: 'Add section' }).click();
  await expectAccessible(page, 'section picker');
  await page.getByRole('option', { name: /^FAQ/ }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Show visitors the sample text?' })).toBeVisible();
  await expectAccessible(page, 'sample-text question');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();

  await page.getByRole('button', { name: 'New page' }).click();
  await expectAccessible(page, 'new-page dialog');
  await page.keyboard.press('Escape');

  await outlineItem(page, 'home-hero').click();
  await page.getByRole('button', { name: /Choose image|Change image/ }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'media library');
  await page.keyboard.press('Escape');

  await page.getByLabel('Title', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Save is blocked' })).toBeVisible();
  await page.locator('.history-menu > summary').click();
  await expectAccessible(page, 'history menu and a blocked save');
});

test('the Problems panel', async ({ page }) => {
  const broken = dataFile('pages/a11y-broken.json');
  // And one that cannot be read, its technical details unfolded.
  const unreadable = dataFile('pages/a11y-unreadable.json');
  await writeFile(broken, JSON.stringify({ id: 'a11y-broken', slug: 'a11y-broken', meta: { title: '' }, sections: [] }));
  await writeFile(unreadable, '{ "id": ');
  try {
    await page.goto('/editor');
    await page.getByRole('button', { name: /Problems/ }).click();
    await expect(page.getByRole('dialog', { name: 'Problems' })).toBeVisible();
    await page.getByText('Technical details for a developer').click();
    await expectAccessible(page, 'problems panel');
  } finally {
    await rm(broken, { force: true });
    await rm(unreadable, { force: true });
  }
});

test('skip links come first and jump past the preview’s links', async ({ page }) => {
  await openEditor(page, 'home');
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the form' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('#editor-inspector')).toBeFocused();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Editing the page “Home”');
});
