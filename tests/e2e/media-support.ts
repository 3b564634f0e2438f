/** What the media specs share: the library dialog, a PNG to upload, and the home hero's picker. */
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { openEditor, outlineItem } from './support';

export const library = (page: Page) => page.getByRole('dialog', { name: 'Media library' });

/** A small PNG of one colour, made with sharp. */
export const png = (background: string, width = 48, height = 32) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/** The home hero's form, with the picker open. */
export async function openHeroPicker(page: Page): Promise<Locator> {
  await openEditor(page, 'home');
  await outlineItem(page, 'home-hero').click();
  await page.getByRole('button', { name: 'Choose image', exact: true }).click();
  const dialog = library(page);
  await expect(dialog.getByRole('button', { name: 'hero-studio.webp', exact: true })).toBeVisible();
  return dialog;
}
