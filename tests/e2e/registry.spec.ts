/**
 * A section type added while the editor is open, on a dev server of its own (it changes the
 * project's code): the editor offers it after its hot update, and its preview and save accept it.
 * Before src/server/dev-registry-folders.ts, the server kept the old registry once the editor's
 * page had been hot-updated: the picker offered the type, the preview left it out and the save
 * was refused (400) until `npm run dev` was restarted.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { addQuoteSection } from '../helpers/registry-folders';
import { startDevServer, type RunningServer } from '../helpers/servers';
import { preview } from './support';

let project: ProjectCopy;
let server: RunningServer;

test.beforeAll(async () => {
  project = await copyProject('e2e-registry');
  server = await startDevServer(project);
});

test.afterAll(async () => {
  await server?.stop();
  await project?.remove();
});

test('a section type added while the editor is open is offered, previewed and saved', async ({ page }) => {
  await page.goto(`${server.origin}/editor/about`);
  await expect(preview(page).locator('[data-section-id]').first()).toBeVisible();
  await page.locator('.outline-item[data-section-id="about-story"]').click();

  await addQuoteSection(project.root);
  const picker = page.getByRole('dialog');
  // Until the new type is offered and added: the dev server may reload the page once more as it takes the
  // new module in (seen on a loaded machine right after the type showed), which would close the picker.
  await expect(async () => {
    if (await picker.isVisible()) await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add section' }).click({ timeout: 2_000 });
    await picker.getByRole('option', { name: /^Quote/ }).click({ timeout: 1_000 });
    await expect(page.getByLabel('Quote', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });

  await page.getByLabel('Quote', { exact: true }).fill('Typed into a type added a moment ago');
  await expect(preview(page).getByText('Typed into a type added a moment ago')).toBeVisible();
  await expect(page.locator('.preview-held-back')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes saved');

  const stored = JSON.parse(await readFile(join(project.dataRoot, 'pages', 'about.json'), 'utf8'));
  expect(stored.sections.find((section: { type: string }) => section.type === 'quote')).toMatchObject({ data: { text: 'Typed into a type added a moment ago' } });
  const visitor = await page.request.get(`${server.origin}/about/`);
  expect(await visitor.text()).toContain('<blockquote>Typed into a type added a moment ago</blockquote>');
});
