/**
 * The editor fills the window at any size, each preview device renders at its
 * true width, scaled to fit, and a phone shows one pane at a time. Visitor
 * pages' layout: layout-visitor.spec.ts.
 */
import { rm, writeFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { dataFile, openEditor, preview, readData, shot, test } from './support';

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

async function expectFillsWindow(page: Page, height: number) {
  const workspace = await box(page, '.workspace');
  expect(workspace.y + workspace.height).toBeCloseTo(height, 0);
  for (const pane of ['.sidebar', '.stage', '.inspector']) {
    const part = await box(page, pane);
    expect(part.y + part.height, `${pane} reaches the bottom`).toBeCloseTo(height, 0);
  }
  // The preview uses the stage's height too, not a strip at its top.
  const frame = await box(page, '.preview-device');
  expect(frame.height).toBeGreaterThan((height - workspace.y) * 0.8);
}

for (const [width, height] of [[1280, 720], [1920, 1080]] as const) {
  test(`the editor fills a ${width}×${height} window, with and without a banner`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openEditor(page, 'home');
    await expectFillsWindow(page, height);
    await page.getByRole('button', { name: 'Save', exact: true }).click(); // "Nothing to save." shows a banner
    await expect(page.locator('.banner')).toBeVisible();
    await expectFillsWindow(page, height);
    await shot(page, `layout-${width}x${height}`);
  });
}

test('"Desktop" shows the desktop navigation at 1280×720, "Mobile" the mobile menu', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openEditor(page, 'home');
  await page.getByRole('button', { name: 'Desktop' }).click();
  const header = preview(page).locator('[data-section-id="site-header"]');
  await expect(header.locator('.menu--bar')).toBeVisible();
  await expect(header.locator('.drawer__toggle')).toBeHidden();
  expect(await page.locator('iframe[title="Preview"]').evaluate((frame) => (frame as HTMLIFrameElement).contentWindow!.innerWidth)).toBe(1440);
  await expect(page.locator('.preview-size')).toContainText('Desktop, 1440 px, shown at');
  await shot(page, 'layout-desktop-1280');

  await page.getByRole('button', { name: 'Mobile' }).click();
  await expect(header.locator('.drawer__toggle')).toBeVisible();
  await expect(header.locator('.menu--bar')).toBeHidden();
});

test('the page list uses the sidebar’s height and can be searched, as can posts and tags', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/editor');
  await expect(page.locator('.page-link').first()).toBeVisible();
  const sidebar = await box(page, '.sidebar');
  const list = await box(page, '#content-panel-pages');
  expect(list.y + list.height).toBeGreaterThan(sidebar.y + sidebar.height - 40);

  const search = page.getByRole('searchbox', { name: 'Search pages' });
  await search.fill('getting st');
  await expect(page.locator('#content-panel-pages .page-link')).toHaveCount(1);
  await expect(page.locator('#content-panel-pages .page-link')).toContainText('Getting started');
  await expect(page.getByRole('status').filter({ hasText: /^1 of \d+$/ })).toBeVisible();
  await search.fill('no such page');
  await expect(page.locator('#content-panel-pages')).toContainText('Nothing matches “no such page”.');

  await page.getByRole('tab', { name: /Posts/ }).click();
  const postSearch = page.getByRole('searchbox', { name: 'Search posts' });
  await postSearch.fill('');
  const all = await page.locator('#content-panel-posts .page-link').count();
  await postSearch.fill('static');
  const some = await page.locator('#content-panel-posts .page-link').count();
  expect(some).toBeGreaterThan(0);
  expect(some).toBeLessThan(all);
  await shot(page, 'sidebar-search');
});

test('a phone shows one pane at a time: the pages, the preview at a phone\'s width, and the form a chosen section opens', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/editor/about');
  await expect(page.getByRole('heading', { name: 'Sections' })).toBeVisible();
  const show = (name: string) => page.getByRole('group', { name: 'Show' }).getByRole('button', { name, exact: true });
  await expect(show('Content')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.sidebar')).toBeVisible();
  // "Pages" shows once, as the sidebar's tab: the pane's button said it too, just above it (QA).
  const shownAsPages = () =>
    page.evaluate(() => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      let count = 0;
      // Seen, not only read: the list's own heading is for screen readers (clipped to a pixel).
      const seen = (element: HTMLElement | null) => !!element?.checkVisibility() && element.getBoundingClientRect().width > 1;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent?.trim() === 'Pages' && seen(node.parentElement)) count += 1;
      return count;
    });
  expect(await shownAsPages()).toBe(1);
  await expect(page.getByRole('tablist', { name: 'Content' }).getByRole('tab', { name: /^Pages/ })).toBeVisible();
  // The button is named for the region it shows, a landmark of its own.
  await expect(show('Content')).toHaveAttribute('aria-controls', 'editor-sidebar');
  await expect(page.getByRole('complementary', { name: 'Pages and sections' })).toBeVisible();
  await expect(page.locator('.stage')).toBeHidden();
  await expect(page.locator('.inspector')).toBeHidden();
  // Nothing runs off the side: every pane is the window's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The top bar is two rows: Save beside what is open, history below; the preview width only with the preview.
  const save = await box(page, '.topbar > .btn-primary');
  const open = await box(page, '.topbar-slug');
  expect(Math.abs(save.y + save.height / 2 - (open.y + open.height / 2))).toBeLessThan(4);
  await expect(page.getByRole('group', { name: 'Preview width' })).toBeHidden();
  const history = await box(page, '.topbar > .history-controls');
  expect(history.y).toBeGreaterThan(save.y + save.height - 1);
  expect((await box(page, '.topbar')).height).toBeLessThan(100);

  await show('Preview').click();
  await expect(page.getByRole('group', { name: 'Preview width' })).toBeVisible();
  await expect(page.locator('.sidebar')).toBeHidden();
  await expect(page.locator('.preview-size')).toContainText('Mobile, 390 px');
  expect((await box(page, '.preview-device')).width).toBeGreaterThan(300);
  await shot(page, 'layout-phone-preview');

  // Choosing a section in the preview opens its form.
  await preview(page).locator('[data-section-id="about-hero"]').click();
  await expect(show('Edit')).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Title', { exact: true }).fill('Edited on a phone');
  await show('Preview').click();
  await expect(preview(page).locator('h1')).toHaveText('Edited on a phone');
  await shot(page, 'layout-phone-edited');
  // From the form, the way back to the sections is above it.
  await show('Edit').click();
  await page.getByRole('button', { name: '← Sections' }).click();
  await expect(show('Content')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Sections' })).toBeVisible();
  await expect(page.getByRole('button', { name: '← Sections' })).toBeHidden();
  // A small laptop shows the three panes, the preview a phone's width: a desktop page there was shown at 23 %.
  const laptop = await page.context().newPage();
  await laptop.setViewportSize({ width: 1024, height: 768 });
  await laptop.goto('/editor/about');
  await expect(laptop.locator('.stage')).toBeVisible();
  await expect(laptop.locator('.preview-size')).toContainText('Mobile, 390 px');
  await laptop.close();
});

test('a long one-word title in the editor’s lists ends in an ellipsis within its row (it widened the row and was cut off)', async ({ page }) => {
  const post = await readData('collections/posts/zero-javascript-by-default.json');
  const title = 'Donaudampfschifffahrtsgesellschaftskapitänswitwenrente';
  // Its address as long: the slug under the title widened the row.
  const file = 'collections/posts/donaudampfschifffahrtsgesellschaftskapitaenswitwenrente.json';
  await writeFile(dataFile(file), JSON.stringify({ ...post, title }));
  try {
    await openEditor(page, 'home');
    await page.getByRole('tab', { name: /Posts/ }).click();
    const row = page.locator('.page-link', { hasText: title });
    await expect(row).toBeVisible();
    const fits = await row.evaluate((link) => {
      const list = link.closest('nav')!.getBoundingClientRect();
      const titleBox = link.querySelector('.page-link-title') as HTMLElement;
      const slug = link.querySelector('.page-link-slug') as HTMLElement;
      return {
        inside: link.getBoundingClientRect().right <= list.right + 1 && titleBox.getBoundingClientRect().right <= list.right + 1,
        ellipsis: titleBox.scrollWidth > titleBox.clientWidth && slug.scrollWidth > slug.clientWidth && getComputedStyle(slug).textOverflow === 'ellipsis',
      };
    });
    expect(fits).toEqual({ inside: true, ellipsis: true });
  } finally {
    await rm(dataFile(file), { force: true });
  }
});

test('Pages, Posts and Tags fit the sidebar’s one row with a dot on each and three-digit counts, at 1440 px and on a phone (a dot beside “Pages 10” scrolled it, QA)', async ({ page }) => {
  const about = await readData('pages/about.json');
  // A tenth page at least: the QA's "Pages 10", two digits.
  await writeFile(dataFile('pages/tabs-fit-lab.json'), JSON.stringify({ ...about, id: 'tabs-fit-lab', slug: 'tabs-fit-lab' }));
  try {
    await openEditor(page, 'about');
    const row = page.getByRole('tablist', { name: 'Content' });
    const tab = (name: string) => row.getByRole('tab', { name: new RegExp(`^${name}`) });
    // Unsaved changes in each list: a page, a post and a tag.
    await page.getByLabel('SEO title').fill('About, edited for the tabs');
    await tab('Posts').click();
    await page.locator('#content-panel-posts .page-link').first().click();
    await page.getByLabel('Inspector').getByLabel('Title', { exact: true }).fill('A post edited for the tabs');
    await tab('Tags').click();
    await page.locator('#content-panel-tags .page-link').first().click();
    await page.getByLabel('Inspector').getByLabel('Name', { exact: true }).fill('A tag edited for the tabs');
    for (const name of ['Pages', 'Posts', 'Tags']) await expect(tab(name)).toHaveAccessibleName(/Unsaved changes/);
    expect(Number(await tab('Pages').locator('.count').textContent())).toBeGreaterThanOrEqual(10);

    /** Whether the row scrolls, and whether any tab or dot runs past its edge; then the same with three-digit counts. */
    const fits = () =>
      row.evaluate((element) => {
        const measure = () => {
          const edge = element.getBoundingClientRect();
          const parts = [...element.querySelectorAll('.content-tab, .content-tab .dirty-dot')].map((part) => part.getBoundingClientRect());
          return { scrolls: element.scrollWidth > element.clientWidth, inside: parts.every((part) => part.left >= edge.left - 0.5 && part.right <= edge.right + 0.5) };
        };
        const now = measure();
        const counts = [...element.querySelectorAll('.content-tab .count')].map((count) => count.firstChild!);
        const before = counts.map((text) => text.textContent);
        for (const text of counts) text.textContent = '100';
        const threeDigits = measure();
        counts.forEach((text, index) => (text.textContent = before[index]!));
        return { now, threeDigits };
      });
    const whole = { now: { scrolls: false, inside: true }, threeDigits: { scrolls: false, inside: true } };
    expect(await fits()).toEqual(whole);
    await page.screenshot({ path: 'test-results/e2e/screens/tabs-fit-1440.png', clip: { x: 0, y: 0, width: 420, height: 260 } });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Content', exact: true }).click();
    await expect(row).toBeVisible();
    expect(await fits()).toEqual(whole);
    await page.screenshot({ path: 'test-results/e2e/screens/tabs-fit-phone.png', clip: { x: 0, y: 0, width: 390, height: 260 } });
  } finally {
    await rm(dataFile('pages/tabs-fit-lab.json'), { force: true });
  }
});
