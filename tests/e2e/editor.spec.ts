/**
 * The editor in a real browser (Debian's Chromium) against `astro dev` on a
 * copy of the project. Tests run in order on one copy; each works on its own
 * page so they do not depend on one another.
 */
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { test, dataFile, readData, preview, outlineItem, outlineIds, shot, openEditor, save, sampleTextDialog, saveWithSampleText } from './support';





test('opens a page with its outline, preview and named controls', async ({ page }) => {
  await openEditor(page, 'home');
  await expect(page.locator('iframe[title="Preview"]')).toBeVisible();
  expect(await outlineIds(page)).toEqual(['site-header', 'home-hero', 'home-stats', 'home-latest-posts', 'home-topics', 'home-cta', 'site-footer']);
  await expect(outlineItem(page, 'site-header').getByText('Shared')).toBeVisible();
  for (const name of ['Save', 'Add section', 'New page']) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  await outlineItem(page, 'home-cta').click();
  for (const name of ['Move up', 'Move down', 'Duplicate', 'Delete']) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  await shot(page, 'editor-home');
  // A shared section shows once per page: no Duplicate, and removing it removes only the link.
  await outlineItem(page, 'site-header').click();
  await expect(page.getByRole('button', { name: 'Remove from page', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Duplicate', exact: true })).toHaveCount(0);
});

test('each outline row says what its section says: a title, else plain text, else the opening words of its Markdown', async ({ page }) => {
  await openEditor(page, 'about');
  await expect(outlineItem(page, 'about-cta')).toContainText('Read how we set projects up');
  // The Rich text section's row names it by its heading once the Markdown parser has loaded, and follows edits.
  // The parser comes with the formatted-text field's code, which a cold dev server may take a while to prepare.
  await expect(outlineItem(page, 'about-story')).toContainText('How we work', { timeout: 30_000 });
  await outlineItem(page, 'about-story').click();
  const body = page.getByLabel('Inspector').getByRole('textbox', { name: 'Body' });
  // The formatted view, not the plain textarea that stands in while its code loads: keys typed into that one are lost as it is replaced.
  await expect(body).toHaveAttribute('contenteditable', 'true');
  await body.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('Our ');
  await expect(outlineItem(page, 'about-story')).toContainText('Our How we work');
});

test('the page tree switches pages without a reload, including nested pages and templates', async ({ page }) => {
  await openEditor(page, 'home');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await page.getByRole('link', { name: /Getting started/ }).click();
  await expect(page).toHaveURL(/\/editor\/docs\/getting-started$/);
  await expect(preview(page).locator('h1')).toHaveText('Getting started');
  await page.getByRole('link', { name: /Each post’s page/ }).click();
  await expect(preview(page).locator('[data-section-type="post-detail"]')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});

test('editing the hero title updates the preview as you type', async ({ page }) => {
  await openEditor(page, 'home');
  await outlineItem(page, 'home-hero').click();
  await page.getByLabel('Title', { exact: true }).fill('A title typed in the editor');
  await expect(preview(page).locator('h1')).toContainText('A title typed in the editor');
  await expect(page.locator('.save-state')).toHaveText('Unsaved changes to 1 page');
  await shot(page, 'editor-hero-edit');
});

test('adds a cta-banner, reorders it, saves, and finds it after a reload', async ({ page }) => {
  await openEditor(page, 'about');
  await outlineItem(page, 'about-hero').click();
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByRole('dialog').getByRole('option', { name: /Call to action/ }).click();
  await expect(outlineItem(page, 'about-cta-banner')).toHaveAttribute('aria-current', 'true');
  await page.getByLabel('Title', { exact: true }).fill('Banner added by a test');
  await expect(preview(page).getByText('Banner added by a test')).toBeVisible();
  await page.getByRole('button', { name: 'Move up', exact: true }).click();
  expect(await outlineIds(page)).toEqual(['site-header', 'about-cta-banner', 'about-hero', 'about-story', 'about-cta', 'site-footer']);
  // The save says what changed, in the form's words, for the commit message (src/editor/lib/change-summary.ts).
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/content/changes') && request.method() === 'POST');
  // Its description is still the sample text it came with: Save asks first, and is told to go ahead.
  await saveWithSampleText(page);
  expect((await sent).postDataJSON().message).toBe('add Call to action');
  // The button keeps the keyboard's focus through the save (a disabled one dropped it to the page).
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeFocused();

  const stored = await readData('pages/about.json');
  expect(stored.sections[1]).toMatchObject({ id: 'about-cta-banner', type: 'cta-banner', data: { title: 'Banner added by a test' } });
  await page.reload();
  await expect(outlineItem(page, 'about-cta-banner')).toBeVisible();
  expect((await outlineIds(page))[1]).toBe('about-cta-banner');
  const visitor = await page.request.get('/about/');
  expect(await visitor.text()).toContain('Banner added by a test');
});

test('a blank required field shows its error and blocks saving', async ({ page }) => {
  const before = await readFile(dataFile('pages/journal.json'), 'utf8');
  await openEditor(page, 'journal');
  await outlineItem(page, 'journal-hero').click();
  await page.getByLabel('Title', { exact: true }).fill('');
  await expect(page.getByText('Required').first()).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(outlineItem(page, 'journal-hero').locator('.badge-error')).toHaveText('1');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Save is blocked' })).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(page.locator('.save-state')).toHaveText('Unsaved changes to 1 page');
  expect(await readFile(dataFile('pages/journal.json'), 'utf8')).toBe(before);
  await shot(page, 'editor-validation');
});

test('editing the shared footer changes it on every page', async ({ page }) => {
  await openEditor(page, 'docs/getting-started');
  await outlineItem(page, 'site-footer').click();
  // Where it shows, in the pages' terms; its file is only the note's tooltip.
  await expect(page.getByRole('note')).toContainText(/It appears on \d+ pages, every post’s page and every tag’s page: your changes apply to all of them\./);
  await expect(page.getByRole('note')).toHaveAttribute('title', 'Stored in shared/footer.json');
  await page.getByLabel('Copyright', { exact: true }).fill('© Shared footer edited in a test');
  await page.keyboard.press('Control+s');
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
  expect((await readData('shared/footer.json')).data.copyright).toBe('© Shared footer edited in a test');

  await page.getByRole('link', { name: /Journal/ }).first().click();
  await expect(preview(page).locator('footer')).toContainText('© Shared footer edited in a test');
  expect(await (await page.request.get('/posts/editing-without-fear/')).text()).toContain('© Shared footer edited in a test');
});

test('creates a nested page from its title, with starter content, focus in the title', async ({ page }) => {
  await openEditor(page, 'home');
  await page.getByRole('button', { name: 'New page' }).click();
  const title = page.getByLabel('Title', { exact: true });
  await expect(title).toBeFocused();
  // A title whose suggested address is taken says so at once, not only once the slug is typed.
  await title.fill('About');
  await expect(page.getByText('A page already has the address /about/.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create page' })).toBeDisabled();
  // A title longer than the page header's heading may be is said at once, not after the page is made.
  await title.fill(`Pricing ${'x'.repeat(96)}`);
  await expect(title).toHaveAccessibleDescription('Use at most 100 characters: the title is the page’s heading. This one has 4 too many.');
  await expect(page.getByRole('button', { name: 'Create page' })).toBeDisabled();
  await title.fill('Pricing Page');
  const slug = page.getByLabel('Address', { exact: true });
  await expect(slug).toHaveValue('pricing-page');
  await slug.fill('Bad Slug');
  await expect(page.getByRole('button', { name: 'Create page' })).toBeDisabled();
  await slug.fill('about');
  await expect(page.getByText('A page already has the address /about/.')).toBeVisible();
  // A post's address too: a page there would hide the post from visitors.
  await slug.fill('posts/editing-without-fear');
  await expect(page.getByText('/posts/editing-without-fear/ is the address of the post “Editing without fear”: a page there would hide it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create page' })).toBeDisabled();
  await slug.fill('editor/sign-in');
  await expect(page.getByText('Pages cannot start with "editor/": the server keeps /api/, /editor/, /assets/ for itself.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create page' })).toBeDisabled();
  await slug.fill('guides/first-steps');
  await page.getByRole('button', { name: 'Create page' }).click();
  await expect(page).toHaveURL(/\/editor\/guides\/first-steps$/);
  // Its row in the Pages list is scrolled into the list's view (it landed below the list's fold).
  await expect(page.getByRole('navigation', { name: 'Pages' }).locator('[aria-current="page"]')).toBeInViewport();
  expect(await outlineIds(page)).toEqual(['site-header', 'first-steps-hero', 'first-steps-intro', 'first-steps-cta', 'site-footer']);
  await expect(preview(page).locator('h1')).toHaveText('Pricing Page');
  // A new page is a draft until published, so its placeholder copy never goes live by a reflexive Save.
  const publication = page.getByRole('region', { name: 'Publication' });
  await expect(publication).toContainText('Draft');
  await save(page);
  expect(await readData('pages/guides/first-steps.json')).toMatchObject({ status: 'draft' });
  expect((await page.request.get('/guides/first-steps/')).status()).toBe(404);
  await publication.getByRole('button', { name: 'Publish', exact: true }).click();
  // Published, its starter text would be public at once: Save asks first, naming the page.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(sampleTextDialog(page)).toContainText('Page “Pricing Page” (/guides/first-steps/)');
  await sampleTextDialog(page).getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
  expect(await readData('pages/guides/first-steps.json')).toMatchObject({ status: 'published' });
  expect(await readData('pages/guides/first-steps.json')).toMatchObject({
    slug: 'guides/first-steps',
    meta: { title: 'Pricing Page' },
    sections: [{ $ref: '../../shared/header.json' }, { type: 'page-hero' }, { type: 'content-block' }, { type: 'cta-banner' }, { $ref: '../../shared/footer.json' }],
  });
  expect((await page.request.get('/guides/first-steps/')).status()).toBe(200);
});

test('from the outline, Tab reaches the form without going through the preview page’s links', async ({ page }) => {
  await openEditor(page, 'home');
  await outlineItem(page, 'home-hero').click();
  await expect(preview(page).locator('a').first()).toBeAttached();
  await outlineItem(page, 'site-footer').focus();
  const inForm = () => page.evaluate(() => Boolean(document.activeElement?.closest('#editor-inspector')));
  let presses = 0;
  while (!(await inForm()) && presses < 6) {
    await page.keyboard.press('Tab');
    presses += 1;
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('IFRAME');
  }
  expect(await inForm()).toBe(true);
  // The preview's links are out of the Tab order, and a click on one still selects its section.
  await preview(page).locator('[data-section-id="home-cta"] a').first().click();
  await expect(outlineItem(page, 'home-cta')).toHaveAttribute('aria-current', 'true');
});

test('clicking a section in the preview selects it, and the viewport switch resizes the preview', async ({ page }) => {
  await openEditor(page, 'home');
  await preview(page).locator('[data-section-id="home-stats"]').click();
  await expect(outlineItem(page, 'home-stats')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByLabel('Inspector').getByRole('heading', { name: 'Stats band' })).toBeVisible();
  // Each device renders at its true width (the frame may be scaled down to fit the stage).
  const deviceWidth = () => page.locator('iframe[title="Preview"]').evaluate((frame) => (frame as HTMLIFrameElement).contentWindow!.innerWidth);
  await page.getByRole('button', { name: 'Mobile' }).click();
  await expect.poll(deviceWidth).toBe(390);
  await page.getByRole('button', { name: 'Tablet' }).click();
  await expect.poll(deviceWidth).toBe(768);
  await shot(page, 'editor-tablet');
});

test('choosing a section scrolls the preview to it, never the editor around the preview; another page opens at its top', async ({ page }) => {
  await openEditor(page, 'home');
  const frame = page.locator('iframe[title="Preview"]');
  const frameScroll = () => frame.evaluate((element) => (element as HTMLIFrameElement).contentWindow!.scrollY);
  // Every box around the frame: scrollIntoView used to scroll them too (they clip, but scroll).
  const aroundScroll = () => frame.evaluate((element) => {
    let total = 0;
    for (let box = element.parentElement; box; box = box.parentElement) total += box.scrollTop;
    return total;
  });
  // A section comes to rest just below the page's sticky header, not under it.
  await outlineItem(page, 'home-latest-posts').click();
  const belowHeader = () =>
    frame.evaluate((element) => {
      const doc = (element as HTMLIFrameElement).contentDocument!;
      const top = doc.querySelector('[data-section-id="home-latest-posts"]')!.getBoundingClientRect().top;
      const bar = doc.querySelector('.section--header .bar')!.getBoundingClientRect().bottom;
      return top >= bar - 1 && top < bar + 48;
    });
  await expect.poll(belowHeader).toBe(true);
  await outlineItem(page, 'site-footer').click();
  await expect.poll(frameScroll).toBeGreaterThan(0);
  expect(await aroundScroll()).toBe(0);
  await page.locator('.page-tree a[href="/editor/about"]').click();
  await expect(page).toHaveURL(/\/editor\/about$/);
  await expect(preview(page).locator('[data-section-id="about-hero"]')).toBeVisible();
  await expect.poll(frameScroll).toBe(0);
  expect(await aroundScroll()).toBe(0);
});

test('visitor pages link to the editor in dev', async ({ page }) => {
  await page.goto('/about/');
  await page.getByRole('link', { name: 'Edit this page' }).click();
  await expect(page).toHaveURL(/\/editor\/about$/);
  // An entry's page opens its entry, not the template all entries share (a QA pass).
  await page.goto('/posts/editing-without-fear/');
  await page.getByRole('link', { name: 'Edit this page' }).click();
  await expect(page).toHaveURL(/\/editor\/~posts\/editing-without-fear$/);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Editing without fear');
  await page.goto('/tags/accessibility/');
  await page.getByRole('link', { name: 'Edit this page' }).click();
  await expect(page).toHaveURL(/\/editor\/~tags\/accessibility$/);
});
