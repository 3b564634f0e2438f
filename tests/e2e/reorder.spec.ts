/** Drag-and-drop reordering of outline sections and array items, by mouse and by keyboard, with announcements. */
import { writeFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { test, dataFile, outlineIds, outlineItem, openEditor, preview, readData, save, shot } from './support';

/** A page of its own, so reordering and saving it cannot disturb the other specs' pages. */
const LAB = {
  id: 'reorder-lab',
  slug: 'reorder-lab',
  meta: { title: 'Reorder lab', description: 'A page the drag-and-drop tests reorder.' },
  sections: [
    { $ref: '../shared/header.json' },
    { id: 'lab-hero', type: 'page-hero', data: { label: 'Lab', title: 'Reorder lab', description: 'Sections to move around.' } },
    {
      id: 'lab-stats',
      type: 'stats-band',
      data: {
        title: 'Numbers',
        stats: [
          { icon: 'zap', value: 'One', label: 'First stat' },
          { icon: 'clock', value: 'Two', label: 'Second stat' },
          { icon: 'check', value: 'Three', label: 'Third stat' },
        ],
      },
    },
    { id: 'lab-story', type: 'content-block', data: { body: 'A short story.' } },
    { id: 'lab-cta', type: 'cta-banner', data: { title: 'Act now', description: 'A call to action.', ctas: [{ id: 'lab-cta-go', label: 'Go', href: '/', variant: 'primary' }] } },
    { $ref: '../shared/footer.json' },
  ],
};

test.beforeEach(async () => {
  await writeFile(dataFile('pages/reorder-lab.json'), `${JSON.stringify(LAB, null, 2)}\n`);
});

const previewIds = (page: Page) => preview(page).locator('[data-section-id]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-section-id')));

/**
 * A real pointer drag: press on the handle, travel in steps (dnd-kit waits for a few pixels), release
 * over the target. `whilePressed` runs between the press and the first step.
 */
async function drag(page: Page, handle: Locator, target: Locator, { below = false, whilePressed = async () => {} } = {}) {
  await target.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await whilePressed();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + (below ? 8 : -8), { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height * (below ? 0.75 : 0.25), { steps: 12 });
  await page.mouse.up();
}

/**
 * Waits until a keyboard drag just picked up takes arrow keys: dnd-kit's keyboard sensor adds its
 * key listener in a timer after the pick-up (so the key that picked up is not a move), and under
 * load an arrow pressed after the announcement but before that timer was lost. A timer of the
 * page's own, set now, runs after it.
 */
const movesTaken = (page: Page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));

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
  await expect.poll(() => previewIds(page)).toEqual(['site-header', 'lab-stats', 'lab-story', 'lab-cta', 'lab-hero', 'site-footer']);
  // From the keyboard too: the footer's row says it stays, and nothing moves.
  await outlineItem(page, 'site-footer').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(page.getByRole('status').filter({ hasText: 'Footer (shared) stays at the bottom of the page.' })).toBeVisible();
  expect(await outlineIds(page)).toEqual(['site-header', 'lab-stats', 'lab-story', 'lab-cta', 'lab-hero', 'site-footer']);
  await shot(page, 'outline-pinned-footer');
});

/**
 * Moves the page header's section `steps` places down from its drag handle, each step announced;
 * `whilePressed` runs between the key that picks it up and the announcement. Returns the live region.
 */
async function moveHeaderFromHandle(page: Page, steps: number, { whilePressed = async () => {} } = {}) {
  const handle = page.getByRole('button', { name: 'Drag Page header “Reorder lab”' });
  await handle.focus();
  await expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
  await page.keyboard.press('Space');
  await whilePressed();
  const live = page.locator('[id^="DndLiveRegion"]').first();
  await expect(live).toContainText('Picked up Page header “Reorder lab”, at position 2 of 6.');
  await movesTaken(page);
  for (let step = 1; step <= steps; step += 1) {
    await page.keyboard.press('ArrowDown');
    await expect(live).toContainText(`is over position ${2 + step} of 6`);
  }
  await page.keyboard.press('Space');
  await expect(live).toContainText(`Dropped Page header “Reorder lab” at position ${2 + steps} of 6.`);
  // The handle keeps the focus, so the next move can follow at once.
  await expect(page.getByRole('button', { name: 'Drag Page header “Reorder lab”' })).toBeFocused();
  return live;
}

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

