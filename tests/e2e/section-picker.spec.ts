/**
 * The Add section picker in a real browser (Debian's Chromium) against `astro dev` on a copy of the
 * project: the types a page may take, its search (labels, lines and the keywords each type's
 * declaration lists), and adding one from the keyboard. Nothing is saved.
 */
import { expect } from '@playwright/test';
import { test, outlineIds, shot, openEditor } from './support';

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
