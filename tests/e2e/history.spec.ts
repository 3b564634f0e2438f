/** Undo/redo across kinds of edit, and the History menu's save point. Recovering unsaved edits: history-drafts.spec.ts. */
import { expect } from '@playwright/test';
import { test, outlineItem, outlineIds, openEditor, save, shot } from './support';

test('undo and redo across a typed edit, a move and an added section', async ({ page }) => {
  await openEditor(page, 'docs/getting-started');
  const before = await outlineIds(page);
  await outlineItem(page, 'getting-started-hero').click();
  await page.getByLabel('Title', { exact: true }).fill('Typed title');
  await page.getByRole('button', { name: 'Move down', exact: true }).click();
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByRole('dialog').getByRole('option', { name: /Call to action/ }).click();
  expect(await outlineIds(page)).toHaveLength(before.length + 1);

  await page.locator('.history-menu > summary').click();
  await expect(page.getByRole('list', { name: 'Edit history, newest first' })).toContainText('Add Call to action');
  await expect(page.getByRole('list', { name: 'Edit history, newest first' })).toContainText('Move Page header down');
  await expect(page.getByRole('list', { name: 'Edit history, newest first' })).toContainText('Edit Page header › Title');
  await page.locator('.history-menu > summary').click();

  await page.keyboard.press('Control+z');
  expect(await outlineIds(page)).toHaveLength(before.length);
  await expect(page.getByRole('status').filter({ hasText: 'Undid: Add Call to action' })).toBeVisible();
  await page.keyboard.press('Control+z');
  expect(await outlineIds(page)).toEqual(before);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await outlineItem(page, 'getting-started-hero').click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Getting started');
  await expect(page.locator('.save-state')).toHaveText('All changes saved');

  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Typed title');
  await page.keyboard.press('Control+y');
  expect((await outlineIds(page)).indexOf('getting-started-hero')).toBe(2);
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  expect(await outlineIds(page)).toHaveLength(before.length + 1);

  // A step in the History menu returns to it: back to just after the typed title, then forward to the end.
  await page.locator('.history-menu > summary').click();
  await page.getByRole('button', { name: 'Edit Page header › Title' }).click();
  expect(await outlineIds(page)).toEqual(before);
  await expect(page.getByRole('status').filter({ hasText: 'Undid: Move Page header down' })).toBeVisible();
  await outlineItem(page, 'getting-started-hero').click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Typed title');
  // That press outside closed the menu.
  await page.locator('.history-menu > summary').click();
  await page.getByRole('button', { name: 'Add Call to action' }).click();
  expect(await outlineIds(page)).toHaveLength(before.length + 1);
  await page.getByRole('button', { name: 'As opened' }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes saved');

  // The menu closes as menus do: Escape gives the focus back to its button, a press outside closes it.
  const history = page.getByRole('list', { name: 'Edit history, newest first' });
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await expect(page.locator('.history-menu > summary')).toBeFocused();
  await page.locator('.history-menu > summary').click();
  await expect(history).toBeVisible();
  await page.locator('.stage').click({ position: { x: 5, y: 5 } });
  await expect(history).toBeHidden();
  // On a phone it stays on the screen (the top bar wraps, and it once went off its left edge).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('.history-menu > summary').click();
  const menu = (await page.locator('.history-list').boundingBox())!;
  expect(menu.x).toBeGreaterThanOrEqual(0);
  expect(menu.x + menu.width).toBeLessThanOrEqual(390);
  await shot(page, 'history-menu-phone');
});

test('History marks where the last save was, and going back to it drops only what is unsaved', async ({ page }) => {
  await openEditor(page, 'pricing');
  await page.getByLabel('SEO description').fill('Plans for teams of every size.');
  await save(page);
  await page.getByLabel('SEO title').fill('Plans — Northwind');
  await page.locator('.history-menu > summary').click();
  const history = page.getByRole('list', { name: 'Edit history, newest first' });
  await expect(history.getByRole('button', { name: /Edit Page settings › SEO description/ })).toContainText('Saved');
  await expect(history.getByRole('button', { name: /Edit Page settings › SEO title/ })).not.toContainText('Saved');
  // "As opened" says it goes back before the save too.
  await expect(history.getByRole('button', { name: /^As opened, before your saves/ })).toBeVisible();
  await shot(page, 'history-save-point');
  await history.getByRole('button', { name: /Edit Page settings › SEO description/ }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
  await expect(page.getByLabel('SEO description')).toHaveValue('Plans for teams of every size.');
});
