/**
 * The Add section picker in a real browser (Debian's Chromium) against `astro dev` on a copy of the
 * project: the types a page may take, its search (labels, lines and the keywords each type's
 * declaration lists), adding one from the keyboard, and what Save asks while a new section still has
 * its sample text. Nothing is saved.
 */
import { expect } from '@playwright/test';
import { test, outlineIds, shot, openEditor, readData, sampleTextDialog } from './support';

test('the section picker offers the page’s types, opens in its search, adds the only match with Enter and focuses it', async ({ page }) => {
  await openEditor(page, 'about');
  await page.getByRole('button', { name: 'Add section' }).click();
  const search = page.getByRole('combobox', { name: 'Search section types' });
  await expect(search).toBeFocused();
  // Template-only types (a post's header, a tag's posts) are not offered on an ordinary page.
  await expect(page.getByRole('option', { name: /Call to action/ })).toBeVisible();
  const offered = await page.locator('.picker-label').allTextContents();
  for (const type of ['Post', 'Tag header', 'Tag posts', 'Related tags']) expect(offered).not.toContain(type);
  // Nor a second header or footer beside the shared ones.
  for (const type of ['Header', 'Footer']) expect(offered).not.toContain(type);
  expect(offered).toContain('Posts list');
  const before = (await outlineIds(page)).length;
  await search.fill('stats');
  await expect(page.getByRole('option')).toHaveCount(1);
  await search.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect((await outlineIds(page)).length).toBe(before + 1);
  await expect(page.locator('[data-section-index]:focus')).toContainText('Stats band');
});

test('the section picker finds the picture and video types by “media”, “photo” and the like, words their declarations list (QA)', async ({ page }) => {
  await openEditor(page, 'about');
  await page.getByRole('button', { name: 'Add section' }).click();
  const search = page.getByRole('combobox', { name: 'Search section types' });
  const found = () => page.getByRole('listbox', { name: 'Section types' }).locator('.picker-label').allTextContents();
  await search.fill('media');
  await expect(page.getByRole('option', { name: /^Gallery/ })).toBeVisible();
  expect(await found()).toEqual(expect.arrayContaining(['Gallery', 'Image and text', 'Video']));
  for (const query of ['image', 'photo', 'video', 'picture']) {
    await search.fill(query);
    await expect(page.getByRole('option').first(), query).toBeVisible();
    await expect(page.getByText('No section type matches.')).toHaveCount(0);
  }
  await search.fill('photo');
  expect(await found()).toContain('Gallery');
  await shot(page, 'picker-keywords');
});

test('Save asks before a new section’s sample text goes public: Enter goes to the field, Ctrl+S asks too, Escape cancels', async ({ page }) => {
  await openEditor(page, 'about');
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByRole('combobox', { name: 'Search section types' }).fill('faq');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = sampleTextDialog(page);
  await expect(dialog).toContainText('Page “About” (/about/)');
  await expect(dialog.locator('li li')).toHaveText(['FAQ › Question 1 › Question', 'FAQ › Question 1 › Answer']);
  await shot(page, 'sample-text-dialog');
  // Enter takes the focused choice, which goes to the first field: never a save by reflex.
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Inspector').getByLabel('Question', { exact: true })).toBeFocused();
  // Ctrl+S asks the same; Escape cancels, and nothing was saved.
  await page.keyboard.press('Control+s');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.save-state')).toHaveText('Unsaved changes to 1 page');
  expect((await readData('pages/about.json')).sections.some((section: { type?: string }) => section.type === 'faq')).toBe(false);
});
