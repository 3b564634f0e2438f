/** The notices under the top bar: a success floats and goes by itself; nothing in the panes moves for it. */
import { expect, type Page } from '@playwright/test';
import { openEditor, readData, save, shot, test } from './support';

const top = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!.y;

test('a saved change says so over the panes without pushing them down (they moved down and back up under the pointer)', async ({ page }) => {
  await openEditor(page, 'about');
  const original = (await readData('pages/about.json')).meta.title as string;
  const title = page.getByLabel('SEO title');
  const before = { workspace: await top(page, '.workspace'), field: await top(page, '[data-field="meta.title"]') };

  await title.fill(`${original} (notice test)`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const notice = page.locator('.banner-success');
  await expect(notice).toHaveText(/Saved the page “About”\./);
  expect(await top(page, '.workspace')).toBe(before.workspace);
  expect(await top(page, '[data-field="meta.title"]')).toBe(before.field);
  // It floats over the preview, never over the form being typed in.
  const [float, inspector] = [await notice.boundingBox(), await page.locator('.inspector').boundingBox()];
  expect(float!.x + float!.width).toBeLessThanOrEqual(inspector!.x);
  await shot(page, 'notice-success-floats');
  await notice.getByRole('button', { name: 'Dismiss message' }).click();
  await expect(notice).toHaveCount(0);

  await title.fill(original);
  await save(page);
  expect((await readData('pages/about.json')).meta.title).toBe(original);
});

test('a problem stays in the flow above the panes until it is dismissed', async ({ page }) => {
  await openEditor(page, 'about');
  await page.getByRole('button', { name: 'Save', exact: true }).click(); // "Nothing to save." is not a success
  const banner = page.locator('.editor > .notice-slot > .banner');
  await expect(banner).toBeVisible();
  expect(await top(page, '.workspace')).toBeGreaterThanOrEqual((await banner.boundingBox())!.y + (await banner.boundingBox())!.height - 1);
});
