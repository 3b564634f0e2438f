/**
 * Sign-in as the editor sees it, under `astro dev`: no account and no Sign
 * out (the developer is an admin, and edits the shared header); and an ended
 * session, made by answering the save with 401 in the browser (the dev server
 * has no sessions to end): the edit is kept, saving waits, and Try again asks
 * the dev server's real GET /api/auth/session, after which Save works.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { dataFile, openEditor, outlineItem, readData, save, shot, test } from './support';

const LAB = 'pages/session-lab.json';

test.beforeAll(async () => {
  const about = JSON.parse(await readFile(dataFile('pages/about.json'), 'utf8'));
  await writeFile(dataFile(LAB), `${JSON.stringify({ ...about, id: 'session-lab', slug: 'session-lab' }, null, 2)}\n`);
});

test.afterAll(async () => {
  await rm(dataFile(LAB), { force: true });
});

test('under astro dev there is no sign-in: no account, no Sign out, and the shared header is editable', async ({ page }) => {
  await openEditor(page, 'session-lab');
  await expect(page.getByRole('group', { name: 'Account' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await outlineItem(page, 'site-header').click();
  await expect(page.getByText('Only an administrator can change')).toHaveCount(0);
  await expect(page.getByLabel('Logo link')).toBeEditable();
  await expect(page.getByRole('button', { name: 'Rename…', exact: true })).toBeVisible();
});

test('an ended session keeps the edit, blocks saving until Try again finds a session, then Save works', async ({ page }) => {
  await openEditor(page, 'session-lab');
  await outlineItem(page, 'about-hero').click();
  await page.getByLabel('Title', { exact: true }).fill('Kept while signed out');

  // The server answers the save as if the session had expired.
  await page.route('**/api/content/changes', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ error: 'Sign in first: this needs a session' }) }));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const banner = page.locator('.banner-session');
  await expect(banner).toContainText('Your session has ended.');
  await expect(banner).toContainText('Your unsaved change is kept on this device');
  await expect(page.getByText('Nothing was saved: your session has ended.')).toBeVisible();
  await expect(page.locator('.save-state')).toHaveText('Unsaved changes to 1 page');
  const signIn = banner.getByRole('link', { name: /Sign in again/ });
  await expect(signIn).toHaveAttribute('href', '/editor/sign-in?next=%2Feditor%2Fsession-lab');
  await expect(signIn).toHaveAttribute('target', '_blank');
  await shot(page, 'session-ended');

  // Saving waits, with the reason; editing goes on.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Save is blocked: your session has ended.')).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('Kept while signed out, and more');

  // Signed in again: the dev server's GET /api/auth/session answers the local developer.
  await page.unroute('**/api/content/changes');
  await banner.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('You are signed in again as local.')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await save(page);
  const hero = (await readData(LAB)).sections.find((section: { id?: string }) => section.id === 'about-hero');
  expect(hero.data.title).toBe('Kept while signed out, and more');
});

test('someone else signing in opens the editor afresh, and the unsaved edit stays on this device as the first user’s draft', async ({ page }) => {
  await openEditor(page, 'session-lab');
  await outlineItem(page, 'about-hero').click();
  await page.getByLabel('Title', { exact: true }).fill('Grace’s unsaved words');

  // The session ends, and on this shared computer another person signs in: the check answers as them.
  await page.route('**/api/content/changes', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ error: 'Sign in first: this needs a session' }) }));
  await page.route('**/api/auth/session', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ user: { name: 'ada', role: 'editor' } }) }));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const banner = page.locator('.banner-session');
  await expect(banner).toContainText('Your session has ended.');
  const reloaded = page.waitForEvent('load');
  await banner.getByRole('button', { name: 'Try again' }).click();
  // No "leave this page?" prompt holds the reload up.
  await reloaded;

  // The fresh editor shows the page as saved. Under astro dev the reloaded editor is local's again, so it offers
  // local's own draft back; for another user it is not offered (the production e2e signs in as one).
  await outlineItem(page, 'about-hero').click();
  await expect(page.getByLabel('Title', { exact: true })).not.toHaveValue('Grace’s unsaved words');
  await expect(page.locator('.banner-recovery')).toBeVisible();
  // What was typed is kept under the first user's name (local, under astro dev).
  const drafts = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('content-editor:draft:')).map((key) => JSON.parse(localStorage.getItem(key)!)));
  const kept = drafts.filter((draft: { file: string }) => draft.file === LAB);
  expect(kept.map((draft: { user?: string; data: { sections: { id?: string; data?: { title?: string } }[] } }) => [draft.user, draft.data.sections.find((section) => section.id === 'about-hero')?.data?.title])).toContainEqual(['local', 'Grace’s unsaved words']);
  const hero = (await readData(LAB)).sections.find((section: { id?: string }) => section.id === 'about-hero');
  expect(hero.data.title).not.toBe('Grace’s unsaved words');
  await page.evaluate(() => localStorage.clear());
});
