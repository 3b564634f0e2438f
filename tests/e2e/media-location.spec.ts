/**
 * A photo's location in a real browser against `astro dev` on a copy of the project: an upload
 * that records where it was taken is stored without it, and the editor says so in plain words; an
 * original already on disk with its position (put there by hand) is flagged, with how to remove
 * it, and doing as it says removes it. Uploads in general: media-uploads.spec.ts.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { factsOf, phonePhoto } from '../helpers/gps-photos';
import { imageFile, shot, test } from './support';
import { openHeroPicker } from './media-support';

const REMOVED = (name: string) => `Removed where the photo “${name}” was taken (its GPS position) before saving it: the site never shows it.`;
/** The notice's words (its banner also holds the button that dismisses it). */
const notice = (page: Page) => page.locator('.banner-info p').filter({ hasText: 'Removed where the photo' });

async function uploadThrough(dialog: Locator, name: string, bytes: Buffer) {
  await dialog.getByLabel('Upload images').setInputFiles({ name, mimeType: 'image/jpeg', buffer: bytes });
  await expect(dialog.getByLabel('File name')).toHaveValue(name);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
}

test('a GPS photo uploaded through the library: stored without its position, and the editor says so', async ({ page }) => {
  const photo = await phonePhoto('jpeg');
  const dialog = await openHeroPicker(page);
  await uploadThrough(dialog, 'garden-party.jpg', photo);
  await expect(dialog).toBeHidden();

  await expect(notice(page)).toHaveText(REMOVED('garden-party.jpg'));
  await expect(page.locator('.banner-info')).toHaveAttribute('role', 'status');
  // It stays while the alt text is typed (the edit that follows the upload at once).
  const alt = page.getByLabel('Alt text', { exact: true });
  await expect(alt).toBeFocused();
  await alt.fill('Friends in a garden');
  await expect(notice(page)).toBeVisible();
  // Shown the same way up as the phone took it: turned by its orientation, 48 × 64.
  await expect(page.locator('.media-field-details')).toHaveText(/^48 × 64 px · /);
  await expect(page.locator('.media-field-gps')).toHaveCount(0);
  await shot(page, 'media-location-removed');

  // What the site serves has no position, the same way up.
  const served = Buffer.from(await (await page.request.get('/assets/images/garden-party.jpg')).body());
  expect(await factsOf(served)).toMatchObject({ gps: false, width: 48, height: 64 });
  expect(served.equals(await readFile(imageFile('garden-party.jpg')))).toBe(true);

  await page.getByRole('button', { name: 'Dismiss message' }).click();
  await expect(notice(page)).toHaveCount(0);
});

test('an original on disk with its position is flagged with how to fix it; uploading it again and replacing it fixes it', async ({ page }) => {
  // Put there by hand (or uploaded before uploads had their position removed).
  const photo = await phonePhoto('jpeg');
  await writeFile(imageFile('old-holiday.jpg'), photo);
  const dialog = await openHeroPicker(page);
  const tile = dialog.locator('.media-item').filter({ has: page.getByRole('button', { name: 'old-holiday.jpg', exact: true }) });
  await expect(tile.getByText('Records its GPS location: upload it again to remove it')).toBeVisible();
  await dialog.getByRole('button', { name: 'old-holiday.jpg', exact: true }).click();
  await expect(dialog).toBeHidden();
  const warning = page.locator('.media-field-gps');
  await expect(warning).toHaveText(
    'This photo records where it was taken (GPS). The page shows copies without it, but the original file, with the location, is public at its URL. To remove the location, upload the photo again under the same name and choose Replace.',
  );

  // As it says: the same file again, under the same name, is another file than the one stored, so Replace.
  await page.getByRole('button', { name: 'Choose image', exact: true }).click();
  await uploadThrough(dialog, 'old-holiday.jpg', photo);
  await expect(dialog.getByText('A different image named “old-holiday.jpg” is already in the library.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Replace', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(notice(page)).toHaveText(REMOVED('old-holiday.jpg'));
  await expect(warning).toHaveCount(0);
  expect((await factsOf(await readFile(imageFile('old-holiday.jpg')))).gps).toBe(false);
});
