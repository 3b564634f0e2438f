/** The drag handles before dnd-kit's code has arrived (it is not in the editor's first load), and when it cannot. */
import { expect, type Page } from '@playwright/test';
import { test, outlineIds, outlineItem, openEditor } from './support';
import { drag, moveHeaderFromHandle, movesTaken, previewIds, writeLab } from './reorder-support';

test.beforeEach(writeLab);

/**
 * dnd-kit is not in the editor's first load (src/editor/app/Sortable.tsx): until its code arrives
 * the handles wait, and a press on one is held, then given to dnd-kit, so the drag still happens.
 * Its code is held back here until the press has been made.
 */
async function holdDndKit(page: Page) {
  let letThrough!: () => void;
  const released = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route(/\/src\/editor\/app\/SortableDnd\.tsx/, async (route) => {
    await released;
    await route.continue();
  });
  return letThrough;
}
test('a handle picked up from the keyboard before dnd-kit has arrived is picked up once it has', async ({ page }) => {
  const letThrough = await holdDndKit(page);
  await openEditor(page, 'reorder-lab');
  await moveHeaderFromHandle(page, 1, {
    whilePressed: async () => {
      await expect(page.locator('[id^="DndLiveRegion"]')).toHaveCount(0);
      await expect(page.locator('.outline [data-sortable-notice]')).toHaveText('Getting ready to move the item…');
      letThrough();
    },
  });
  expect(await outlineIds(page)).toEqual(['site-header', 'lab-stats', 'lab-hero', 'lab-story', 'lab-cta', 'site-footer']);
  await expect(page.locator('.outline [data-sortable-notice]')).toBeEmpty();
});

test('a drag by pointer begun before dnd-kit has arrived goes on once it has', async ({ page }) => {
  const letThrough = await holdDndKit(page);
  await openEditor(page, 'reorder-lab');
  await drag(page, page.getByRole('button', { name: 'Drag Call to action “Act now”' }), outlineItem(page, 'lab-hero'), {
    whilePressed: async () => {
      await expect(page.locator('[id^="DndLiveRegion"]')).toHaveCount(0);
      letThrough();
      await expect(page.locator('[id^="DndLiveRegion"]').first()).toBeAttached();
    },
  });
  expect(await outlineIds(page)).toEqual(['site-header', 'lab-cta', 'lab-hero', 'lab-stats', 'lab-story', 'site-footer']);
  await expect.poll(() => previewIds(page)).toEqual(['site-header', 'lab-cta', 'lab-hero', 'lab-stats', 'lab-story', 'site-footer']);
});

test('a handle pressed while dnd-kit cannot be fetched says so, and works once it can', async ({ page }) => {
  await page.route(/\/src\/editor\/app\/SortableDnd\.tsx/, (route) => route.abort('internetdisconnected'));
  await openEditor(page, 'reorder-lab');
  const handle = page.getByRole('button', { name: 'Drag Call to action “Act now”' });
  await handle.focus();
  await page.keyboard.press('Space');
  const notice = page.locator('.outline [data-sortable-notice]');
  await expect(notice).toContainText('cannot be moved by its handle right now');
  await page.unroute(/\/src\/editor\/app\/SortableDnd\.tsx/);
  await page.keyboard.press('Space');
  await expect(page.locator('[id^="DndLiveRegion"]').first()).toContainText('Picked up', { timeout: 15_000 });
  await expect(notice).toBeEmpty();
  await movesTaken(page);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect.poll(() => outlineIds(page)).toEqual(['site-header', 'lab-hero', 'lab-stats', 'lab-cta', 'lab-story', 'site-footer']);
});
