/**
 * The media library and the image field in a real browser against `astro dev`
 * on a copy of the project: choosing an image from the keyboard, the alt text
 * it then asks for, the warning for an image URL no upload has, and the grid
 * on a phone. Uploads: media-uploads.spec.ts.
 */
import { writeFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { test, outlineItem, shot, openEditor, imageFile } from './support';
import { library, openHeroPicker, png } from './media-support';

test('from the keyboard: choosing an image without alt text goes to the alt input, which says Required', async ({ page }) => {
  await openEditor(page, 'about');
  // Page settings: the optional social image is not set, and says so, with what it is for.
  const absent = page.locator('.media-absent');
  await expect(absent).toContainText('Social image (optional)');
  await expect(absent).toContainText('Image shown when the page is shared.');
  const choose = page.getByRole('button', { name: 'Choose image', exact: true });
  await choose.focus();
  await page.keyboard.press('Enter');
  const dialog = library(page);
  await expect(dialog.getByLabel('Search images')).toBeFocused();
  await page.keyboard.type('og-default');
  await expect(dialog.getByRole('list', { name: 'Images' }).locator('.media-tile-name')).toHaveText(['og-default.png']);
  await page.keyboard.press('Tab'); // the upload button
  await page.keyboard.press('Tab'); // the image
  await expect(dialog.getByRole('button', { name: 'og-default.png', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const alt = page.getByLabel('Alt text');
  await expect(alt).toBeFocused();
  await expect(alt).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('group', { name: /Social image/ }).getByText('Required')).toBeVisible();
  await expect(page.getByLabel('Image URL')).toHaveValue('/assets/images/og-default.png');
  await alt.fill('The Northwind mark');
  await expect(alt).not.toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'media-alt-required');

  // Escape closes the picker, and focus returns to the button.
  await page.getByRole('button', { name: 'Choose image', exact: true }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Choose image', exact: true })).toBeFocused();
});

test('an image uploaded since the editor loaded (another tab, another person) is not called missing', async ({ page }) => {
  await openEditor(page, 'home');
  await outlineItem(page, 'home-hero').click();
  const url = page.getByLabel('Image URL');
  const warning = page.locator('.media-field-missing');
  const right = await url.inputValue();
  // The editor's list of uploads is now loaded; the image arrives after it, as another tab's upload would.
  await writeFile(imageFile('uploaded-elsewhere.png'), await png('#3a7bd5'));
  // Once the list is older than the editor trusts (RECHECK_AFTER_MS, 5 s), a URL it lacks makes it ask again.
  await page.waitForTimeout(5500);
  const listed = page.waitForResponse((response) => response.url().includes('/api/asset-details'));
  await url.fill('/assets/images/uploaded-elsewhere.png');
  await listed;
  await expect(page.locator('.media-field-details')).toContainText('48 × 32 px');
  await expect(warning).toHaveCount(0);
  // A typo is still called one, from the fresh list.
  await url.fill('/assets/images/uploaded-elsewere.png');
  await expect(warning).toHaveCount(1);
  await url.fill(right);
  await expect(warning).toHaveCount(0);
});

test('an image URL typed with a typo says no uploaded image has that address; the right one clears it', async ({ page }) => {
  await openEditor(page, 'home');
  await outlineItem(page, 'home-hero').click();
  const url = page.getByLabel('Image URL');
  const warning = page.locator('.media-field-missing');
  const right = await url.inputValue();
  await expect(warning).toHaveCount(0);
  await url.fill(right.replace('/assets/images/', '/assets/images/x-'));
  await expect(warning).toHaveText('No uploaded image has this address: visitors would see a broken image. Check the spelling, or choose the image from the library.');
  await shot(page, 'media-missing-image');
  await url.fill(right);
  await expect(warning).toHaveCount(0);
  // Another site's image is not judged.
  await url.fill('https://example.com/photo.jpg');
  await expect(warning).toHaveCount(0);
  // A page's address, pasted by mistake, is said to be one (QA: it was taken without a word).
  await url.fill('/about/');
  await expect(page.locator('.media-field-page')).toHaveText('This is the address of a page, not of an image: visitors would see a broken image. Choose the image from the library.');
  await url.fill(right);
  await expect(page.locator('.media-field-page')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
});

test('on a phone the grid fits the library: no tile is cut off at the right (the grid was 3 px wider than its box)', async ({ page }) => {
  const dialog = await openHeroPicker(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const drop = dialog.locator('.media-drop');
  const [scroll, client] = await drop.evaluate((element) => [element.scrollWidth, element.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
  const box = (await drop.boundingBox())!;
  for (const tile of await dialog.locator('.media-tile').all()) {
    const edge = (await tile.boundingBox())!;
    expect(edge.x + edge.width).toBeLessThanOrEqual(box.x + box.width);
  }
  await shot(page, 'media-phone-grid');
});
