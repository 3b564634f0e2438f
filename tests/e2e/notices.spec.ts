/**
 * The notices under the top bar: one that reports a finished action (saved, moved, undid…) floats
 * and goes by itself, and nothing in the panes moves for it; a problem stays in their flow.
 */
import { expect, type Page } from '@playwright/test';
import { openEditor, outlineItem, readData, save, shot, test } from './support';

const top = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!.y;
const floating = (page: Page) => page.locator('.notice-float > .banner');

/** A click where the button was before anything moved, as a person clicks twice in the same place. */
async function clickAt(page: Page, point: { x: number; y: number }) {
  await page.mouse.click(point.x, point.y);
}
async function centreOf(page: Page, name: string) {
  const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

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

test('Move down clicked twice at the same point moves the section twice: "Moved…" and "Undid…" float, and nothing shifts under the pointer (QA)', async ({ page }) => {
  await openEditor(page, 'features');
  await outlineItem(page, 'features-grid').click();
  const workspace = await top(page, '.workspace');
  const moveDown = await centreOf(page, 'Move down');

  await clickAt(page, moveDown);
  await expect(floating(page)).toHaveText(/Moved Feature grid down to position 4\./);
  expect(await top(page, '.workspace')).toBe(workspace);
  // Over the preview, clear of the outline and of the form's buttons.
  const [float, sidebar, inspector] = [await floating(page).boundingBox(), await page.locator('.sidebar').boundingBox(), await page.locator('.inspector').boundingBox()];
  expect(float!.x).toBeGreaterThanOrEqual(sidebar!.x + sidebar!.width);
  expect(float!.x + float!.width).toBeLessThanOrEqual(inspector!.x);
  await shot(page, 'notice-moved-floats');
  await clickAt(page, moveDown);
  await expect(floating(page)).toHaveText(/Moved Feature grid down to position 5\./);
  await expect(outlineItem(page, 'features-grid')).toHaveAttribute('data-section-index', '4');

  // Undo, twice from the same point, says what it undid in the same way.
  const undo = await centreOf(page, 'Undo');
  await clickAt(page, undo);
  await expect(floating(page)).toHaveText(/Undid: Move Feature grid down/);
  expect(await top(page, '.workspace')).toBe(workspace);
  await clickAt(page, undo);
  await expect(outlineItem(page, 'features-grid')).toHaveAttribute('data-section-index', '2');
  // A floating notice goes by itself.
  await expect(floating(page)).toHaveCount(0, { timeout: 12_000 });
});

test('on a phone, Move down twice at the same point moves twice too, and the notice floats at the foot, clear of the form’s buttons', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/editor/features');
  await expect(page.getByRole('heading', { name: 'Sections' })).toBeVisible();
  await outlineItem(page, 'features-grid').click();
  await expect(page.getByRole('button', { name: '← Sections' })).toBeVisible();
  const inspector = await top(page, '.inspector');
  const moveDown = await centreOf(page, 'Move down');

  await clickAt(page, moveDown);
  await expect(floating(page)).toHaveText(/Moved Feature grid down to position 4\./);
  expect(await top(page, '.inspector')).toBe(inspector);
  // At the window's foot: the top of the form (← Sections, Move up, Move down) is where the next tap goes.
  const float = (await floating(page).boundingBox())!;
  expect(float.y).toBeGreaterThan(844 / 2);
  expect(float.y + float.height).toBeLessThanOrEqual(844);
  expect(float.x).toBeGreaterThanOrEqual(0);
  expect(float.x + float.width).toBeLessThanOrEqual(390);
  await shot(page, 'notice-moved-floats-phone');
  await clickAt(page, moveDown);
  await expect(floating(page)).toHaveText(/Moved Feature grid down to position 5\./);
});

test('a problem stays in the flow above the panes until it is dismissed', async ({ page }) => {
  await openEditor(page, 'about');
  await outlineItem(page, 'about-hero').click();
  await page.getByLabel('Inspector').getByLabel('Title', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const banner = page.locator('.editor > .notice-slot:not(.notice-float) > .banner');
  await expect(banner).toHaveText(/Save is blocked/);
  const box = (await banner.boundingBox())!;
  expect(await top(page, '.workspace')).toBeGreaterThanOrEqual(box.y + box.height - 1);
  await shot(page, 'notice-problem-in-flow');
  await banner.getByRole('button', { name: 'Dismiss message' }).click();
  await expect(banner).toHaveCount(0);
});
