/** The editor's keyboard shortcuts where the keys mean something else: a dialog's text box, a search box. */
import { expect } from '@playwright/test';
import { test, openEditor, outlineItem } from './support';

test('Ctrl+Z in a dialog’s text box undoes the typing there, never an edit on the page behind it (it undid it, and the dialog built on the page without it)', async ({ page }) => {
  await openEditor(page, 'docs/getting-started');
  await outlineItem(page, 'getting-started-hero').click();
  await page.getByLabel('Title', { exact: true }).fill('Kept through a dialog');
  await page.getByRole('button', { name: 'New page' }).click();
  const title = page.getByRole('dialog').getByLabel('Title', { exact: true });
  await title.pressSequentially('Carers');
  await page.keyboard.press('Control+z');
  await expect(page.getByRole('status').filter({ hasText: 'Undid:' })).toHaveCount(0);
  await expect(title).not.toHaveValue('Carers');
  await page.keyboard.press('Control+s');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Kept through a dialog');
  await expect(page.locator('.save-state')).toContainText('Unsaved changes to 1 page');
  // A search box keeps its own undo too.
  const search = page.locator('#content-search');
  await search.pressSequentially('pri');
  await page.keyboard.press('Control+z');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Kept through a dialog');
  // The form's own fields still undo through the one history.
  await page.getByLabel('Title', { exact: true }).focus();
  await page.keyboard.press('Control+z');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Getting started');
});
