/**
 * What Save asks before sample text goes public, beyond a page's own sections (section-picker.spec.ts
 * has the dialog itself): a shared section's sample text on the pages that show it, a save whose
 * answer was lost pressed again, and list items moved. A page and a shared section of the test's own,
 * removed afterwards.
 */
import { rm } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { dataFile, openEditor, outlineItem, readData, sampleTextDialog, save, saveWithSampleText, shot, test, writeData } from './support';
const SLUG = 'offers';
const FILES = [`pages/${SLUG}.json`, 'shared/offer-banner.json'];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A shared banner still as the Call to action type's defaults made it, shown by a draft page only.
  await writeData('shared/offer-banner.json', { id: 'offer-banner', type: 'cta-banner', data: { title: 'Ready to start?', description: 'Tell visitors what to do next.', ctas: [{ id: 'cta-primary', label: 'Get in touch', href: '/', variant: 'primary' }] } });
  await writeData(`pages/${SLUG}.json`, {
    id: SLUG,
    slug: SLUG,
    status: 'draft',
    meta: { title: 'Offers', description: 'What we offer this season.' },
    sections: [
      { $ref: '../shared/header.json' },
      { id: 'offers-hero', type: 'page-hero', data: { title: 'Offers', description: 'What we offer this season.' } },
      { $ref: '../shared/offer-banner.json' },
      { $ref: '../shared/footer.json' },
    ],
  });
});

test.afterAll(async () => {
  await Promise.all(FILES.map((path) => rm(dataFile(path), { force: true })));
});

const publication = (page: Page) => page.getByRole('region', { name: 'Publication' });
/** Adds the section type `search` finds, after the page header. */
async function addSection(page: Page, search: string) {
  await outlineItem(page, 'offers-hero').click();
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByRole('combobox', { name: 'Search section types' }).fill(search);
  await page.keyboard.press('Enter');
}

test('publishing a page asks about the sample text of a shared section it shows, named as the shared section, and goes to it', async ({ page }) => {
  await openEditor(page, SLUG);
  await page.getByRole('button', { name: 'Page settings' }).click();
  await publication(page).getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = sampleTextDialog(page);
  // The page's own texts are the user's; the banner's description is the type's sample (its title and button are copy to keep).
  await expect(dialog.locator('li > strong')).toHaveText(['Shared call to action']);
  await expect(dialog.locator('li li')).toHaveText(['Description']);
  await shot(page, 'sample-text-shared-section');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(outlineItem(page, 'offer-banner')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByLabel('Inspector').getByLabel(/^Description/)).toBeFocused();
  await saveWithSampleText(page);
  expect(await readData(`pages/${SLUG}.json`)).toMatchObject({ status: 'published' });
  expect(await (await page.request.get(`/${SLUG}/`)).text()).toContain('Tell visitors what to do next.');
});

test('a save whose answer was lost, pressed again, does not ask again about the same sample text; new sample text still asks', async ({ page }) => {
  await openEditor(page, SLUG);
  await addSection(page, 'faq');
  // The save reaches the server and is committed; its answer is lost, and so is the check that follows.
  await page.route('**/api/content/changes', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  }, { times: 1 });
  await page.route('**/api/editor/state', (route) => route.abort('connectionreset'), { times: 1 });
  await saveWithSampleTextUnanswered(page);
  await expect(page.locator('.banner').filter({ hasText: 'whether your save arrived is not known yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
  await expect(sampleTextDialog(page)).toHaveCount(0);
  expect((await readData(`pages/${SLUG}.json`)).sections.filter((section: { type?: string }) => section.type === 'faq')).toHaveLength(1);
  // A second FAQ is sample text nobody answered for.
  await addSection(page, 'faq');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(sampleTextDialog(page).locator('li li')).toHaveText(['FAQ › Question 1 › Question', 'FAQ › Question 1 › Answer']);
  await sampleTextDialog(page).getByRole('button', { name: 'Cancel' }).click();
});

/** Save, answered "Save anyway", when its answer will not come: the editor says it cannot tell yet. */
async function saveWithSampleTextUnanswered(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await sampleTextDialog(page).getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.locator('.save-state')).toHaveText('Unsaved changes to 1 page');
}

test('moving list items that still hold sample text is no news to visitors: Save does not ask', async ({ page }) => {
  await openEditor(page, SLUG);
  await addSection(page, 'feature grid');
  await saveWithSampleText(page);
  const inspector = page.getByLabel('Inspector');
  await inspector.getByRole('button', { name: 'Move Feature 1 down' }).click();
  await expect(inspector.locator('[data-field="data.items.0.title"]')).toHaveValue('Accessible');
  await save(page);
  const grid = (await readData(`pages/${SLUG}.json`)).sections.find((section: { type?: string }) => section.type === 'feature-grid');
  expect(grid.data.items.map((item: { title: string }) => item.title)).toEqual(['Accessible', 'Fast', 'Structured']);
  // Moved, they are still the sample text they came with, and the form still says so.
  await expect(inspector.getByText(/6 fields still have the sample text it came with/)).toBeVisible();
});
