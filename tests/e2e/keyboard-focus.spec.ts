/**
 * Focus after a keyboard action that takes away the button pressed: a list item moved to an end
 * (its ↑ disabled there), an item removed, and the publication box's buttons, which give way to
 * others. Focus once fell to the page's body after each, and a keyboard user started over.
 */
import { expect, type Page } from '@playwright/test';
import { openEditor, outlineItem, test } from './support';

const focused = (page: Page) => page.evaluate(() => {
  const element = document.activeElement;
  return element && element !== document.body ? `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.className}` : 'body';
});

test('moving and removing list items from the keyboard keeps focus in the list', async ({ page }) => {
  await openEditor(page, 'features');
  await outlineItem(page, 'features-grid').click();
  const up = page.getByRole('button', { name: /^Move .+ 2 up$/ });
  const itemName = (await up.getAttribute('aria-label'))!.replace(/^Move (.+) 2 up$/, '$1');
  await up.focus();
  await page.keyboard.press('Enter');
  // Item 2 is first now, its ↑ disabled: focus is on its ↓.
  await expect.poll(() => focused(page)).toBe(`button Move ${itemName} 1 down`);
  await page.getByRole('button', { name: `Remove ${itemName} 1`, exact: true }).focus();
  await page.keyboard.press('Enter');
  // The next item, now first, has focus on its own Remove.
  await expect.poll(() => focused(page)).toBe(`button Remove ${itemName} 1`);
});

test('the publication box’s buttons hand focus on: to the new status, the date, and back to Schedule…', async ({ page }) => {
  await openEditor(page, 'about');
  await page.getByRole('button', { name: 'Page settings' }).click();
  const box = page.getByRole('region', { name: 'Publication' });
  await box.getByRole('button', { name: 'Unpublish' }).focus();
  await page.keyboard.press('Enter');
  await expect(box).toContainText('Draft when you save');
  await expect.poll(() => focused(page)).toBe('p publication-status');
  await box.getByRole('button', { name: 'Schedule…' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toBe('input input');
  await box.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toBe('button btn btn-small');
  await expect(page.locator(':focus')).toHaveText('Schedule…');
  // Escape closes the date's form as Cancel does, as every dialog closes on it.
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toBe('input input');
  await page.keyboard.press('Escape');
  await expect(box.getByLabel('Publish on (your local time)')).toBeHidden();
  await expect(page.locator(':focus')).toHaveText('Schedule…');
  await box.getByRole('button', { name: 'Publish' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toBe('p publication-status');
});
