/**
 * The preview when the server cannot be reached: it says so (it once blamed the form, "Fix what
 * the form marks", with nothing marked), and follows the edits again by itself once the
 * connection is back (it once waited for the next keystroke).
 */
import { expect } from '@playwright/test';
import { openEditor, outlineItem, preview, shot, test } from './support';

test('says the server cannot be reached while offline, and catches up by itself once back', async ({ page, context }) => {
  await openEditor(page, 'about');
  // By its id: the specs share one copy of the data, and others add sections to this page.
  await outlineItem(page, 'about-hero').click();
  await context.setOffline(true);
  await page.getByLabel('Title', { exact: true }).fill('Typed while offline');
  const notice = page.locator('.preview-error');
  await expect(notice).toContainText('The preview cannot reach the server, so it shows the last version it could.');
  await expect(notice).not.toContainText('Fix what the form marks');
  await shot(page, 'preview-offline');
  await context.setOffline(false);
  await expect(preview(page).locator('[data-section-id="about-hero"] h1')).toHaveText('Typed while offline', { timeout: 15_000 });
  await expect(notice).toBeHidden();
});
