/**
 * The media library names a file by what its bytes are, not by the extension it came with, as
 * the server judges it: a PNG saved as `.jpg` (a phone's screenshot, say) once left no way on.
 * The server said its content is PNG; renamed `.png`, the library said it was a JPEG.
 */
import { readFile, rm } from 'node:fs/promises';
import { expect } from '@playwright/test';
import sharp from 'sharp';
import { imageFile, openEditor, outlineItem, shot, test } from './support';

test('a PNG named .jpg is offered, and uploaded, as the PNG it is', async ({ page }) => {
  await openEditor(page, 'home');
  await outlineItem(page, 'home-hero').click();
  await page.getByRole('button', { name: 'Choose image', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Media library' });
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a9d8f' } }).png().toBuffer();
  // The browser takes the type from the extension, as Chromium does for a file on disk.
  await dialog.getByLabel('Upload images').setInputFiles({ name: 'screenshot-from-phone.jpg', mimeType: 'image/jpeg', buffer: bytes });
  await expect(dialog.getByLabel('File name')).toHaveValue('screenshot-from-phone.png');
  await shot(page, 'media-png-named-jpg');
  const answer = page.waitForResponse('**/api/upload-asset');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByLabel('Image URL')).toHaveValue('/assets/images/screenshot-from-phone.png');
  expect(await readFile(imageFile('screenshot-from-phone.png'))).toEqual(bytes);
  // The e2e specs share one copy of the data: the hero and the library are left as they were.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.getByLabel('Image URL')).toHaveValue('/assets/images/hero-studio.webp');
  await rm(imageFile('screenshot-from-phone.png'), { force: true });
});
