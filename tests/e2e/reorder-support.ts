/** What the reordering specs share: their own page, and a real pointer drag and keyboard move. */
import { writeFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { dataFile, preview } from './support';

/** A page of its own, so reordering and saving it cannot disturb the other specs' pages. */
export const LAB = {
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

/** Writes the lab page afresh: each test starts from its order. */
export const writeLab = () => writeFile(dataFile('pages/reorder-lab.json'), `${JSON.stringify(LAB, null, 2)}\n`);

export const previewIds = (page: Page) => preview(page).locator('[data-section-id]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-section-id')));

/**
 * A real pointer drag: press on the handle, travel in steps (dnd-kit waits for a few pixels), release
 * over the target. `whilePressed` runs between the press and the first step.
 */
export async function drag(page: Page, handle: Locator, target: Locator, { below = false, whilePressed = async () => {} } = {}) {
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
export const movesTaken = (page: Page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
/**
 * Moves the page header's section `steps` places down from its drag handle, each step announced;
 * `whilePressed` runs between the key that picks it up and the announcement. Returns the live region.
 */
export async function moveHeaderFromHandle(page: Page, steps: number, { whilePressed = async () => {} } = {}) {
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
