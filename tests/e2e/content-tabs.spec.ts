/**
 * The sidebar's tabs on a site with five collections (posts, tags, and three a builder adds), in
 * Chromium against its own `astro dev` on a project copy: one row that scrolls sideways, never a
 * second row, with the ARIA tabs pattern kept and the selected tab always in view.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { addAuthorsCollection, addCollectionLikeAuthors } from '../helpers/registry-folders';
import { startDevServer, type RunningServer } from '../helpers/servers';

let project: ProjectCopy;
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  project = await copyProject('e2e-content-tabs');
  await addAuthorsCollection(project.root);
  await addCollectionLikeAuthors(project.root, 'speakers', 'Speakers', 'speaker');
  await addCollectionLikeAuthors(project.root, 'events', 'Events', 'event');
  server = await startDevServer(project);
});

test.afterAll(async () => {
  await server?.stop();
  await project?.remove();
});

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Content' });

/** Whether the tab shows whole inside the row's visible part. */
const wholeInView = (tab: Locator) =>
  tab.evaluate((element) => {
    const row = element.parentElement!.getBoundingClientRect();
    const at = element.getBoundingClientRect();
    return at.left >= row.left - 0.5 && at.right <= row.right + 0.5;
  });

test('five collections keep the tabs on one row that scrolls, the arrow keys and the open entry bring the selected tab into view', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${server.origin}/editor/about`);
  const tab = tabs(page).getByRole('tab');
  await expect(tab).toHaveCount(6, { timeout: 60_000 });
  expect(await tab.allTextContents()).toEqual(['Pages9', 'Authors0', 'Events0', 'Posts7', 'Speakers0', 'Tags6']);

  // One row: every tab at the same height; the row scrolls instead of wrapping.
  const tops = await tab.evaluateAll((all) => all.map((element) => Math.round(element.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  expect(await tabs(page).evaluate((row) => row.scrollWidth > row.clientWidth)).toBe(true);
  await page.screenshot({ path: 'test-results/e2e/screens/content-tabs-scroll.png', clip: { x: 0, y: 0, width: 420, height: 300 } });

  // The tabs pattern: one tab in the Tab order, arrows and End move the selection, which scrolls into view.
  await expect(tabs(page).locator('[tabindex="0"]')).toHaveCount(1);
  const pages = tabs(page).getByRole('tab', { name: /^Pages/ });
  await pages.focus();
  await page.keyboard.press('End');
  const last = tabs(page).getByRole('tab', { name: /^Tags/ });
  await expect(last).toBeFocused();
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'New tag', exact: true })).toBeVisible();
  await expect.poll(() => wholeInView(last)).toBe(true);
  expect(await wholeInView(pages)).toBe(false);
  await page.screenshot({ path: 'test-results/e2e/screens/content-tabs-end.png', clip: { x: 0, y: 0, width: 420, height: 300 } });
  await page.keyboard.press('ArrowRight');
  await expect(pages).toBeFocused();
  await expect.poll(() => wholeInView(pages)).toBe(true);

  // Opening an entry of a collection far along the row selects its tab, scrolled into view.
  await page.goto(`${server.origin}/editor/~tags/accessibility`);
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => wholeInView(last)).toBe(true);
});

test('a tab with unsaved changes scrolled out of sight is marked at the row’s edge, and a click there brings it into view (QA)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${server.origin}/editor/~tags/accessibility`);
  const tags = tabs(page).getByRole('tab', { name: /^Tags/ });
  await expect(tags).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });
  await page.getByLabel('Inspector').getByLabel('Name', { exact: true }).fill('Accessibility, edited');
  await expect(tags).toHaveAccessibleName(/Unsaved changes/);
  // No mark while the tab shows whole.
  const mark = page.locator('.content-tabs-unsaved');
  await expect(mark).toHaveCount(0);
  // Home selects Pages, at the other end of the row: the Tags tab, and its dot, go out of sight.
  await tags.focus();
  await page.keyboard.press('Home');
  await expect.poll(() => wholeInView(tags)).toBe(false);
  await expect(mark).toHaveCount(1);
  await expect(mark).toHaveClass(/at-end/);
  await expect(mark).toHaveAttribute('title', 'Unsaved changes in Tags');
  await expect(mark).toBeVisible();
  // Over the row's end, beside the tabs.
  const [row, at] = [await tabs(page).boundingBox(), await mark.boundingBox()];
  expect(Math.abs(at!.x + at!.width - (row!.x + row!.width))).toBeLessThan(2);
  await page.screenshot({ path: 'test-results/e2e/screens/content-tabs-unsaved-mark.png', clip: { x: 0, y: 0, width: 420, height: 300 } });
  await mark.click();
  await expect.poll(() => wholeInView(tags)).toBe(true);
  await expect(mark).toHaveCount(0);
  // The selection stays where it was: the mark shows the tab, it does not open its list.
  await expect(tabs(page).getByRole('tab', { name: /^Pages/ })).toHaveAttribute('aria-selected', 'true');
});
