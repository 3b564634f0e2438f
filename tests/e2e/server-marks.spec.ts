/**
 * A save the server refuses marks the fields it names, in a real browser (Debian's Chromium) against
 * `astro dev` on a copy of the project: a mark shows while its field holds the value refused, goes
 * when it is retyped, and comes back with an undo to that value (src/editor/lib/store/server-marks.ts).
 */
import { expect } from '@playwright/test';
import { test, openEditor, outlineItem, shot } from './support';

test('the server’s mark on a field goes when the field is retyped, and comes back when Undo puts the refused value back', async ({ page }) => {
  await openEditor(page, 'about');
  await outlineItem(page, 'about-cta').click();
  const inspector = page.getByLabel('Inspector');
  const link = inspector.getByRole('combobox', { name: 'Link' }).first();
  const original = await link.inputValue();
  // Only the server knows every upload at the moment of the save: a link to one that is not there is refused.
  await link.fill('/assets/images/not-uploaded.png');
  await link.press('Escape');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/^Nothing was saved/)).toBeVisible();
  // The server's words, as the field's error (the editor's own note under the field says it as you type).
  const mark = inspector.locator('.field-error', { hasText: /no uploaded image has this address \(/ });
  await expect(mark).toBeVisible();
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'server-mark');

  await link.fill('/journal/');
  await link.press('Escape');
  await expect(mark).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(link).toHaveValue('/assets/images/not-uploaded.png');
  await expect(mark).toBeVisible();
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(link).toHaveValue(original);
  await expect(mark).toHaveCount(0);
});
