/** What every editor spec shares: the fixture, the project copy's files, and common steps. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';

/** Tests run against the dev server global-setup.ts started on a copy of the project. */
export const test = base.extend({ baseURL: async ({}, use) => use(process.env.E2E_BASE_URL) });

export const dataFile = (path: string) => join(process.env.E2E_PROJECT_ROOT!, 'src', 'data', path);
export const readData = async (path: string) => JSON.parse(await readFile(dataFile(path), 'utf8'));
/** Writes a data file of the project copy as by hand (a test's own page, post or shared section), its folder made if need be. */
export const writeData = async (path: string, value: unknown) => {
  await mkdir(dirname(dataFile(path)), { recursive: true });
  await writeFile(dataFile(path), `${JSON.stringify(value, null, 2)}\n`);
};
/** An uploaded image of the project copy, by file name. */
export const imageFile = (name: string) => join(process.env.E2E_PROJECT_ROOT!, 'public', 'assets', 'images', name);
/** The dialog on top (a confirmation opened from another dialog is the last). */
export const topDialog = (page: Page) => page.getByRole('dialog').last();
export const preview = (page: Page) => page.frameLocator('iframe[title="Preview"]');
/** The outline row of the section with exactly this id (rows show what a section says; the id is their `data-section-id`). */
export const outlineItem = (page: Page, id: string) => page.locator(`.outline-item[data-section-id="${id}"]`);
export const outlineIds = (page: Page) => page.locator('.outline-item').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-section-id') ?? ''));
export const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/e2e/screens/${name}.png` });

export async function openEditor(page: Page, slug: string) {
  await page.goto(`/editor/${slug}`);
  await expect(page.getByRole('heading', { name: 'Sections' })).toBeVisible();
  await expect(preview(page).locator('[data-section-id]').first()).toBeVisible();
}

export async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
}

/** Save asks before it shows visitors the sample text a new section came with: this answers "Save anyway", for tests about something else. */
export const sampleTextDialog = (page: Page) => page.getByRole('dialog', { name: 'Show visitors the sample text?' });
export async function saveWithSampleText(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await sampleTextDialog(page).getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
}

/**
 * A stand-in for a bug in the editor's code: from the next page load on, lowercasing text that
 * contains `marker`, inside the function named `inFunction`, throws `message`. The dev server's
 * code keeps its function names, so the stack names the function.
 */
export async function throwWhenLowercasing(page: Page, { marker, inFunction, message }: { marker: string; inFunction: string; message: string }) {
  await page.addInitScript(({ marker, inFunction, message }) => {
    const lower = String.prototype.toLowerCase;
    String.prototype.toLowerCase = function (this: string) {
      if (String(this).includes(marker) && new Error().stack?.includes(inFunction)) throw new Error(message);
      return lower.call(this);
    };
  }, { marker, inFunction, message });
}
