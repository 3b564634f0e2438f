/** Drag-and-drop reordering of outline sections and array items, by mouse and by keyboard, with announcements. */
import { expect } from '@playwright/test';
import { test, outlineIds, outlineItem, openEditor, preview, readData, save, shot } from './support';
import { drag, moveHeaderFromHandle, movesTaken, previewIds, writeLab } from './reorder-support';

test.beforeEach(writeLab);

test('drag a section in the outline: the preview, the history and the saved file follow', async ({ page }) => {
  await openEditor(page, 'reorder-lab');
  expect(await outlineIds(page)).toEqual(['site-header', 'lab-hero', 'lab-stats', 'lab-story', 'lab-cta', 'site-footer']);

  await drag(page, page.getByRole('button', { name: 'Drag Call to action “Act now”' }), outlineItem(page, 'lab-hero'));
  expect(await outlineIds(page)).toEqual(['site-header', 'lab-cta', 'lab-hero', 'lab-stats', 'lab-story', 'site-footer']);
  await expect(outlineItem(page, 'lab-cta')).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => previewIds(page)).toEqual(['site-header', 'lab-cta', 'lab-hero', 'lab-stats', 'lab-story', 'site-footer']);
  await expect(page.getByRole('status').filter({ hasText: 'Moved Call to action to position 2.' })).toBeVisible();
  await shot(page, 'outline-after-drag');

  await page.locator('.history-menu > summary').click();
  await expect(page.getByRole('list', { name: 'Edit history, newest first' })).toContainText('Move Call to action to position 2');
  await page.locator('.history-menu > summary').click();

  await save(page);
  expect((await readData('pages/reorder-lab.json')).sections.map((s: { id?: string; $ref?: string }) => s.id ?? s.$ref)).toEqual([
    '../shared/header.json',
    'lab-cta',
    'lab-hero',
    'lab-stats',
    'lab-story',
    '../shared/footer.json',
  ]);

  await page.keyboard.press('Control+z');
  expect(await outlineIds(page)).toEqual(['site-header', 'lab-hero', 'lab-stats', 'lab-story', 'lab-cta', 'site-footer']);
});

test('the header and footer stay where they are: a section dragged onto the footer lands above it', async ({ page }) => {
  await openEditor(page, 'reorder-lab');
  await expect(outlineItem(page, 'site-footer').locator('..').locator('.drag-handle')).toHaveCount(0);
  await expect(outlineItem(page, 'site-header').locator('..').locator('.drag-handle')).toHaveCount(0);
  await drag(page, page.getByRole('button', { name: 'Drag Page header “Reorder lab”' }), outlineItem(page, 'site-footer'), { below: true });
  expect(await outlineIds(page)).toEqual(['site-header', 'lab-stats', 'lab-story', 'lab-cta', 'lab-hero', 'site-footer']);
  // Announced where it lands, above the footer, not where it was let go (QA: "at position 6 of 6", the footer’s place).
  const live = page.locator('[id^="DndLiveRegion"]').first();
  await expect(live).toContainText('Dropped Page header “Reorder lab” at position 5 of 6.');
  await expect.poll(() => previewIds(page)).toEqual(['site-header', 'lab-stats', 'lab-story', 'lab-cta', 'lab-hero', 'site-footer']);
  // From the keyboard too: the footer's row says it stays, and nothing moves.
  await outlineItem(page, 'site-footer').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(page.getByRole('status').filter({ hasText: 'Footer (shared) stays at the bottom of the page.' })).toBeVisible();
  expect(await outlineIds(page)).toEqual(['site-header', 'lab-stats', 'lab-story', 'lab-cta', 'lab-hero', 'site-footer']);
  await shot(page, 'outline-pinned-footer');
});
test('a section moves from the keyboard through its drag handle, and each step is announced', async ({ page }) => {
  await openEditor(page, 'reorder-lab');
  const live = await moveHeaderFromHandle(page, 2);
  expect(await outlineIds(page)).toEqual(['site-header', 'lab-stats', 'lab-story', 'lab-hero', 'lab-cta', 'site-footer']);

  // Escape puts the section back where it was.
  // Each key waits for the step before it to be announced, as a screen-reader user would (under load,
  // a key pressed before the pick-up has taken effect is not part of the drag).
  await page.keyboard.press('Enter');
  await expect(live).toContainText('Picked up Page header “Reorder lab”, at position 4 of 6.');
  await movesTaken(page);
  await page.keyboard.press('ArrowUp');
  await expect(live).toContainText('is over position 3 of 6');
  await page.keyboard.press('Escape');
  await expect(live).toContainText('Cancelled. Page header “Reorder lab” stays at position 4 of 6.');
  expect(await outlineIds(page)).toEqual(['site-header', 'lab-stats', 'lab-story', 'lab-hero', 'lab-cta', 'site-footer']);
});

test('drag an item of an array field, by mouse and from the keyboard', async ({ page }) => {
  await openEditor(page, 'reorder-lab');
  await outlineItem(page, 'lab-stats').click();
  const inspector = page.getByLabel('Inspector');
  const labels = () => inspector.getByLabel('Label', { exact: true }).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(await labels()).toEqual(['First stat', 'Second stat', 'Third stat']);

  await drag(page, inspector.getByRole('button', { name: 'Drag stat 3' }), inspector.locator('.array-item').first());
  expect(await labels()).toEqual(['Third stat', 'First stat', 'Second stat']);
  await expect(preview(page).locator('[data-section-id="lab-stats"]')).toContainText(/Third stat[\s\S]*First stat[\s\S]*Second stat/);
  await shot(page, 'array-after-drag');

  // The moved item keeps its DOM: a value typed after the move lands in the item that moved.
  await inspector.getByLabel('Label', { exact: true }).first().fill('Third, now first');
  await inspector.getByRole('button', { name: 'Drag stat 1' }).focus();
  const live = page.locator('[id^="DndLiveRegion"]').last();
  await page.keyboard.press('Space');
  await expect(live).toContainText('Picked up stat 1, at position 1 of 3.');
  await movesTaken(page);
  await page.keyboard.press('ArrowDown');
  await expect(live).toContainText('stat 1 is over position 2 of 3.');
  await page.keyboard.press('Space');
  expect(await labels()).toEqual(['First stat', 'Third, now first', 'Second stat']);
  await expect(inspector.getByRole('button', { name: 'Drag stat 2' })).toBeFocused();

  await save(page);
  const stats = (await readData('pages/reorder-lab.json')).sections[2].data.stats;
  expect(stats.map((stat: { label: string }) => stat.label)).toEqual(['First stat', 'Third, now first', 'Second stat']);
});

test('reorders sections with the keyboard alone', async ({ page }) => {
  await openEditor(page, 'docs/getting-started');
  // Tab from the page settings button into the outline.
  await page.getByRole('button', { name: 'Page settings' }).focus();
  await page.keyboard.press('Tab'); // Add section
  await page.keyboard.press('Tab'); // the header (it stays at the top: no drag handle)
  await page.keyboard.press('Tab'); // the page hero's drag handle
  await page.keyboard.press('Tab'); // the page hero
  await expect(outlineItem(page, 'getting-started-hero')).toBeFocused();
  await page.keyboard.press('Alt+ArrowDown');
  expect(await outlineIds(page)).toEqual(['site-header', 'getting-started-guide', 'getting-started-hero', 'site-footer']);
  await expect(outlineItem(page, 'getting-started-hero')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Move up', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Move up', exact: true }).focus();
  await page.keyboard.press('Enter');
  expect(await outlineIds(page)).toEqual(['site-header', 'getting-started-hero', 'getting-started-guide', 'site-footer']);
  await expect(page.getByRole('status').filter({ hasText: 'Moved' })).toBeVisible();
});
