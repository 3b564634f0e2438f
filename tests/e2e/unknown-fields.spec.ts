/**
 * A field no schema declares, typed by hand into a page file: the form shows it by name with its
 * value, and "Remove field" takes it out, after which the page saves. (It used to show nothing,
 * every save was refused, and only a text editor could fix it.) Restores the page it changes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { dataFile, readData, save, shot, test } from './support';

test('an unknown field is shown in the form, named, and removed with Remove field; then the page saves', async ({ page }) => {
  const original = await readFile(dataFile('pages/about.json'), 'utf8');
  try {
    const about = JSON.parse(original);
    const hero = about.sections.findIndex((section: { id?: string }) => section.id === 'about-hero');
    about.sections[hero].data.titel = 'x';
    await writeFile(dataFile('pages/about.json'), `${JSON.stringify(about, null, 2)}\n`);
    await page.goto('/editor/about');
    await page.getByRole('button', { name: /^Problems/ }).click();
    const panel = page.getByRole('dialog', { name: 'Problems' });
    // In the form's words; the pointer into the file is in the tooltip.
    await expect(panel.locator('.problem-path', { hasText: 'titel' }).first()).toHaveAttribute('title', `At /sections/${hero}/data/titel in the file`);
    await panel.getByRole('button', { name: /^Open Page “About/ }).first().click();

    const remove = page.locator('.inspector [data-field="data.titel"]');
    await expect(remove).toBeFocused();
    const field = page.locator('.inspector .field-unknown');
    await expect(field).toContainText('titel');
    await expect(field).toContainText('"x"');
    await expect(field).toContainText('Unknown field "titel": did you mean "title"?');
    await shot(page, 'unknown-field');

    await field.getByRole('button', { name: 'Remove field' }).click();
    await expect(page.locator('.inspector .field-unknown')).toHaveCount(0);
    await save(page);
    await expect(page.getByRole('button', { name: /^Problems/ })).toHaveCount(0);
    expect((await readData('pages/about.json')).sections[hero].data).not.toHaveProperty('titel');
  } finally {
    await writeFile(dataFile('pages/about.json'), original);
  }
});
