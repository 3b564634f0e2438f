/**
 * What the editor does when something goes wrong, in a real browser (Debian's Chromium) against
 * `astro dev` on a copy of the project: a file changed on disk while it is being edited, a fault
 * in a part of the editor, its code failing to load, and a slow start. The rest of the editor's
 * everyday use is in editor.spec.ts.
 */
import { writeFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { test, dataFile, readData, outlineItem, shot, openEditor, throwWhenLowercasing } from './support';

test('a file changed on disk since loading in other fields keeps both; in the same field, names it and asks which to keep', async ({ page }) => {
  await openEditor(page, 'journal');
  await outlineItem(page, 'journal-posts').click();
  const title = page.getByLabel('Title', { exact: true });
  await title.fill('My version');
  const onDisk = await readData('pages/journal.json');
  onDisk.meta.title = 'Changed elsewhere';
  await writeFile(dataFile('pages/journal.json'), JSON.stringify(onDisk, null, 2));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // Different fields: both are kept and saved, and it says so.
  await expect(page.getByRole('status').filter({ hasText: 'had been changed elsewhere meanwhile, in other fields than yours: both changes are kept' })).toBeVisible();
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
  expect(await readData('pages/journal.json')).toMatchObject({ meta: { title: 'Changed elsewhere' }, sections: { 2: { data: { title: 'My version' } } } });

  // The same field: the user decides, seeing the field and both values; their other change is kept either way.
  await title.fill('My second version');
  const again = await readData('pages/journal.json');
  again.sections[2].data.title = 'Their version';
  again.meta.description = 'Their description';
  await writeFile(dataFile('pages/journal.json'), JSON.stringify(again, null, 2));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Changed since you opened it' });
  await expect(dialog).toContainText('Page “Changed elsewhere”');
  await expect(dialog.locator('.conflict-list li')).toHaveText([/Posts list › Title\s*Theirs: “Their version”\s*Yours: “My second version”/]);
  await shot(page, 'editor-conflict');
  await dialog.getByRole('button', { name: 'Keep mine for these, and save' }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
  expect(await readData('pages/journal.json')).toMatchObject({ meta: { description: 'Their description' }, sections: { 2: { data: { title: 'My second version' } } } });

  // Keeping theirs keeps my edits elsewhere, unsaved.
  await title.fill('My third version');
  await page.getByRole('button', { name: 'Page settings' }).click();
  await page.getByLabel('SEO title').fill('Journal, retitled here');
  const third = await readData('pages/journal.json');
  third.sections[2].data.title = 'Their third version';
  await writeFile(dataFile('pages/journal.json'), JSON.stringify(third, null, 2));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.getByRole('button', { name: 'Keep theirs for these' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Took their version of the value changed both ways; your other edits are kept, not saved yet.' })).toBeVisible();
  await expect(page.getByLabel('SEO title')).toHaveValue('Journal, retitled here');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
  expect(await readData('pages/journal.json')).toMatchObject({ meta: { title: 'Journal, retitled here' }, sections: { 2: { data: { title: 'Their third version' } } } });
});

test('a fault anywhere in the editor shows what failed and Reload, never a blank page, and the unsaved edit is offered back', async ({ page }) => {
  // A stand-in for a bug outside the form: the page search throws while the sidebar renders.
  await throwWhenLowercasing(page, { marker: 'boom', inFunction: 'searchRows', message: 'Search failed on purpose.' });
  // Idle time never comes before the fault: the draft is written as the editor's tree goes, or not at all.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
    window.cancelIdleCallback = () => {};
  });
  await openEditor(page, 'about');
  await outlineItem(page, 'about-hero').click();
  await page.getByLabel('Title', { exact: true }).fill('Kept through a crash');
  await page.getByRole('searchbox').fill('boom');

  const fault = page.getByRole('alert').filter({ hasText: 'Something went wrong in the editor' });
  await expect(fault).toContainText('The editor could not be shown: Search failed on purpose.');
  await expect(fault).toContainText('Your unsaved changes are kept on this device.');
  await shot(page, 'editor-fault');
  const drafts = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('content-editor:draft:')).map((key) => localStorage.getItem(key)!));
  expect(drafts.some((draft) => draft.includes('Kept through a crash'))).toBe(true);

  await fault.getByRole('button', { name: 'Reload the editor' }).click();
  const recovery = page.locator('.banner-recovery');
  await expect(recovery).toBeVisible();
  await recovery.getByRole('button', { name: 'Restore' }).click();
  await outlineItem(page, 'about-hero').click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Kept through a crash');
  await page.evaluate(() => localStorage.clear());
});

test('when the code of the editor cannot load, the page says so and offers Reload, never a blank page', async ({ page }) => {
  await page.route('**/src/editor/app/EditorApp.tsx*', (route) => route.abort());
  await page.goto('/editor/home');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The editor did not load', { timeout: 15_000 });
  await shot(page, 'editor-did-not-load');
  await page.unroute('**/src/editor/app/EditorApp.tsx*');
  await alert.getByRole('button', { name: 'Reload the editor' }).click();
  await expect(page.getByRole('heading', { name: 'Sections' })).toBeVisible();
});

test('an editor slow to load says it is still loading, not that it failed, and opens by itself', async ({ page }) => {
  await page.clock.install();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The island's code is held back, as a first `astro dev` start holds it while it prepares modules.
  await page.route('**/src/editor/app/EditorApp.tsx*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/editor/home');
  await expect(page.getByRole('status').filter({ hasText: 'Loading the editor…' })).toBeVisible();
  await page.clock.fastForward(21_000);
  await expect(page.getByRole('status').filter({ hasText: 'The editor is still loading…' })).toContainText('it opens here by itself');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await shot(page, 'editor-still-loading');
  release();
  await expect(page.getByRole('heading', { name: 'Sections' })).toBeVisible();
  await expect(page.getByText('The editor is still loading…')).toHaveCount(0);
});
