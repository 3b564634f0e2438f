/**
 * Deleting and renaming uploaded images in the media library, against `astro
 * dev` on the shared copy of the project: an image a post uses cannot be
 * deleted, a rename follows into the post, and images used only in another
 * tab's unsaved changes are named. Works on files of its own (`ops-*`),
 * removed after.
 */
import { copyFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { expect } from '@playwright/test';
import { dataFile, imageFile, openEditor, outlineItem, readData, shot, test, topDialog as dialog } from './support';
import { writeCitedPost } from './content-ops-support';

const IMAGES = ['ops-used.png', 'ops-used-cover.png', 'ops-unused.png', 'ops-other-tab.png', 'ops-case.png'];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await writeCitedPost();
  await copyFile(imageFile('og-default.png'), imageFile('ops-unused.png'));
});

test.afterAll(async () => {
  await Promise.all([rm(dataFile('collections/posts/ops-cited.json'), { force: true }), ...IMAGES.map((name) => rm(imageFile(name), { force: true }))]);
});

test('images: one in use cannot be deleted, an unused one can, and a rename follows into the post', async ({ page }) => {
  await page.goto('/editor/~posts/ops-cited');
  await page.getByRole('button', { name: 'Choose image' }).click();
  const library = page.getByRole('dialog', { name: 'Media library' });
  await library.getByLabel('Search images').fill('ops-');
  await library.getByRole('button', { name: 'Delete ops-used.png' }).click();
  await expect(dialog(page)).toContainText('Post “Ops cited”');
  await expect(dialog(page).getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  await shot(page, 'content-ops-image-refused');
  await dialog(page).getByRole('button', { name: 'Close', exact: true }).first().click();

  await library.getByRole('button', { name: 'Delete ops-unused.png' }).click();
  await dialog(page).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(library.getByRole('button', { name: 'Delete ops-unused.png' })).toHaveCount(0);
  expect(existsSync(imageFile('ops-unused.png'))).toBe(false);

  await library.getByRole('button', { name: 'Rename ops-used.png' }).click();
  // Typed without its extension, which it keeps: the message names the name it got (it left the extension out).
  await dialog(page).getByLabel('New file name').fill('ops-used-cover');
  await dialog(page).getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(library.getByRole('button', { name: 'Rename ops-used-cover.png' })).toBeVisible();
  // What it rewrote, named by kind ("1 document" before: QA).
  await expect(page.getByRole('status').filter({ hasText: 'Renamed the image ops-used.png to “ops-used-cover.png”. Updated 1 post that used it.' })).toBeVisible();
  expect(await readData('collections/posts/ops-cited.json')).toMatchObject({ cover: { url: '/assets/images/ops-used-cover.png' } });
});

test('an image another open tab uses in unsaved changes is named in the delete and rename dialogs (it said nothing used it); a name in other capitals is refused as typed', async ({ context }) => {
  await copyFile(imageFile('og-default.png'), imageFile('ops-other-tab.png'));
  const tabA = await context.newPage();
  await openEditor(tabA, 'home');
  await outlineItem(tabA, 'home-hero').click();
  await tabA.getByLabel('Image URL').fill('/assets/images/ops-other-tab.png');
  await tabA.waitForTimeout(800); // the idle-time write of its draft

  const tabB = await context.newPage();
  await tabB.goto('/editor/~posts/ops-cited');
  await tabB.getByRole('button', { name: 'Choose image' }).click();
  const library = tabB.getByRole('dialog', { name: 'Media library' });
  await library.getByLabel('Search images').fill('ops-other');
  await library.getByRole('button', { name: 'Delete ops-other-tab.png' }).click();
  const warning = dialog(tabB).getByRole('alert').filter({ hasText: 'Another open tab of the editor uses it in changes that are not saved yet' });
  await expect(warning).toContainText('If you delete it now, those changes will point at something that is gone');
  await expect(warning).toContainText('Page “Home” (/)');
  await expect(warning).toContainText('in section 2');
  await expect(dialog(tabB)).toContainText('Nothing saved on the site uses it.');
  await shot(tabB, 'content-ops-image-used-in-other-tab');
  await dialog(tabB).getByRole('button', { name: 'Cancel' }).click();

  await library.getByRole('button', { name: 'Rename ops-other-tab.png' }).click();
  await expect(dialog(tabB).getByRole('alert')).toContainText('A rename updates only what is saved');
  // A name another image has in other capitals is refused as it is typed, as an exact one is (the server refused it once sent).
  await copyFile(imageFile('og-default.png'), imageFile('ops-case.png'));
  await dialog(tabB).getByRole('button', { name: 'Cancel' }).click();
  await library.getByRole('button', { name: 'Rename ops-other-tab.png' }).click();
  await dialog(tabB).getByLabel('New file name').fill('OPS-Case');
  await expect(dialog(tabB).getByLabel('New file name')).toHaveAccessibleDescription('An image named “ops-case.png”, the same but for capitals, already exists: on Mac and Windows the two would be one file. Choose another name.');
  await expect(dialog(tabB).getByRole('button', { name: 'Rename', exact: true })).toBeDisabled();
  await shot(tabB, 'content-ops-rename-case');
  await dialog(tabB).getByRole('button', { name: 'Cancel' }).click();
  await tabA.close({ runBeforeUnload: false });
});
