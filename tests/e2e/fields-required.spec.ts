/**
 * Required fields of what was just added: a new item, or a group inside one, says "Required" only
 * once its field is left or a save is tried, and a new section whose required field is emptied
 * shows as a placeholder in the preview. Nothing here is saved. Other field kinds: fields.spec.ts.
 */
import { expect } from '@playwright/test';
import { openEditor, outlineItem, preview, readData, shot, test } from './support';

test('a just-added item says "Required" only once its field is left, or a save is tried', async ({ page }) => {
  await openEditor(page, 'features');
  await outlineItem(page, 'features-faq').click();
  const inspector = page.getByLabel('Inspector');
  await inspector.getByRole('button', { name: '+ Add question' }).click();
  const added = inspector.locator('.array-item').last();
  const question = added.getByLabel('Question', { exact: true });
  const answer = added.getByRole('textbox', { name: 'Answer' });
  await expect(question).toBeFocused();
  // Nothing typed yet: the empty fields are not scolded, though the outline counts what is missing.
  await expect(added.locator('.field-error')).toHaveCount(0);
  await expect(question).not.toHaveAttribute('aria-invalid', 'true');
  await expect(outlineItem(page, 'features-faq').locator('.badge-error')).toHaveText('2');
  await shot(page, 'fields-fresh-item');
  // Leaving the question empty is when it says so; the answer, not left yet, still waits.
  await answer.click();
  await expect(question).toHaveAttribute('aria-invalid', 'true');
  await expect(added.locator('.field-error')).toHaveText(['Required']);
  await expect(answer).not.toHaveAttribute('aria-invalid', 'true');
  // Leaving the answer (a formatted-text field) counts too.
  await question.focus();
  await expect(answer).toHaveAttribute('aria-invalid', 'true');
  await expect(added.locator('.field-error')).toHaveCount(2);
  // Another new question waits again, until a save is tried: that shows every error.
  await inspector.getByRole('button', { name: '+ Add question' }).click();
  const third = inspector.locator('.array-item').last();
  await expect(third.locator('.field-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Save is blocked' })).toBeVisible();
  await expect(third.getByLabel('Question', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(third.locator('.field-error')).toHaveCount(2);
  // Nothing was saved.
  expect((await readData('pages/features.json')).sections.find((section: { id?: string }) => section.id === 'features-faq').data.items).toHaveLength(await inspector.locator('.array-item').count() - 2);
});

test('a group inside a just-added item (a new plan’s button) waits too', async ({ page }) => {
  await openEditor(page, 'pricing');
  await outlineItem(page, 'pricing-plans').click();
  const inspector = page.getByLabel('Inspector');
  await inspector.getByRole('button', { name: '+ Add plan' }).click();
  const plan = inspector.locator('.fieldset-array > .array-items > .array-item').last();
  await expect(plan.getByLabel('Name', { exact: true })).toBeFocused();
  // The plan's own fields and its button's label and link are empty, and none says "Required" yet.
  await expect(plan.getByRole('group', { name: /^Button/ }).getByLabel('Label', { exact: true })).toHaveValue('');
  await expect(plan.locator('.field-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(plan.locator('.field-error').first()).toBeVisible();
});

test('a new section whose required field is emptied shows as a placeholder in the preview, not nowhere', async ({ page }) => {
  await openEditor(page, 'docs/getting-started');
  await outlineItem(page, 'getting-started-hero').click();
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByRole('dialog').getByRole('option', { name: /^Call to action/ }).click();
  const added = page.locator('.outline-item[aria-current="true"]');
  const id = (await added.getAttribute('data-section-id'))!;
  const title = page.getByLabel('Inspector').getByLabel('Title', { exact: true });
  await expect(preview(page).locator(`[data-section-id="${id}"]`)).toContainText('Ready to start?');
  await title.fill('');
  // It cannot be rendered and has no saved version: a placeholder says what it is and what to do.
  const placeholder = preview(page).locator(`[data-section-id="${id}"][data-editor-placeholder]`);
  await expect(placeholder).toContainText('Call to action will show here once the fields marked in the form are filled in.');
  await expect(page.locator('.preview-held-back')).toContainText('a new section as a placeholder');
  await shot(page, 'fields-new-section-placeholder');
  // Clicked, it selects its section like any other.
  await outlineItem(page, 'getting-started-hero').click();
  await placeholder.click();
  await expect(outlineItem(page, id)).toHaveAttribute('aria-current', 'true');
  await title.fill('Questions?');
  await expect(preview(page).locator(`[data-section-id="${id}"]`)).toContainText('Questions?');
  await expect(placeholder).toHaveCount(0);
});
