/**
 * The editor on the production server, in Chromium: a real build of a project
 * copy served by `server/index.mjs` with the git backend, whose remote is a
 * bare repository made by the test. Sign in, edit, save, and the save is a
 * commit in the remote, authored by the user who signed in; the editor then
 * shows the save being published and live, with a link to the live page, and
 * an unpublished page leaves the public site.
 */
import { expect, test, type Page } from '@playwright/test';
import { git, type BareRemote } from '../helpers/git-remote';
import { startGitSite, type GitSite } from '../helpers/git-site';
import { addUser } from '../helpers/sessions';
import type { RunningServer } from '../helpers/servers';

const PASSWORD = 'a long enough password for ada';

let site: GitSite;
let remote: BareRemote;
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  site = await startGitSite('e2e-production', { name: 'ada', role: 'editor', password: PASSWORD });
  ({ remote, server } = site);
});

test.afterAll(async () => {
  await site?.remove();
});

test('signs in, edits, saves, and the save is a commit by the signed-in user', async ({ page }) => {
  await page.goto(`${server.origin}/editor/about`);
  await expect(page).toHaveURL(/\/editor\/sign-in\?next=%2Feditor%2Fabout$/);
  await page.screenshot({ path: 'test-results/e2e/screens/production-sign-in.png' });

  await page.getByLabel('User name').fill('ada');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(/wrong|incorrect|not/i);

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${server.origin}/editor/about`);
  await expect(page.getByRole('heading', { name: 'Sections' })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Preview"]').locator('[data-section-id]').first()).toBeVisible();

  await page.locator('.outline-item[data-section-id="about-hero"]').click();
  const title = page.getByLabel('Title', { exact: true });
  await title.fill('About us, edited in production');
  await expect(page.frameLocator('iframe[title="Preview"]').getByText('About us, edited in production')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // The production server publishes every save (see the next test).
  await expect(page.locator('.save-state')).toContainText('Live');
  await page.screenshot({ path: 'test-results/e2e/screens/production-saved.png' });

  const [latest] = await remote.commits();
  expect(latest!.author).toBe('ada <ada@users.content-site.invalid>');
  expect(latest!.subject).toMatch(/^Edit about/);
  expect(await remote.filesOf(latest!.sha)).toEqual(['src/data/pages/about.json']);
  expect(await git(remote.path, 'show', 'main:src/data/pages/about.json')).toContain('About us, edited in production');

  // The shared header is read-only for an editor, and keeps its place at the top: its note offers only what the buttons allow (it offered moving it).
  await page.locator('.outline-item[data-section-id="site-header"]').click();
  const note = page.getByRole('note');
  await expect(note).toContainText('You can still remove it from this page.');
  await expect(note).not.toContainText(/\bmove it/);
  await expect(page.getByRole('button', { name: 'Move up', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Move down', exact: true })).toBeDisabled();
  await page.screenshot({ path: 'test-results/e2e/screens/production-editor-header.png' });

  // Signing out ends the session: the editor sends you back to sign in.
  const account = page.getByRole('group', { name: 'Account' });
  await expect(account).toContainText('ada');
  await expect(account).toContainText('Editor');
  await account.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${server.origin}/editor/sign-in?signed-out`);
  await expect(page.getByRole('status')).toHaveText('You have signed out.');
  await page.goto(`${server.origin}/editor/about`);
  await expect(page).toHaveURL(/\/editor\/sign-in\?next=/);
});

test('after Save, the editor shows Publishing… then Live, with a link to the live page', async ({ page, context }) => {
  await page.goto(`${server.origin}/editor/sign-in?next=%2Feditor%2Fpricing`);
  await page.getByLabel('User name').fill('ada');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${server.origin}/editor/pricing`);
  await expect(page.frameLocator('iframe[title="Preview"]').locator('[data-section-id]').first()).toBeVisible();
  // Before any save, the page's one link is "View page" beside its address.
  await expect(page.locator('.topbar').getByRole('link', { name: /View (live )?page/ })).toHaveText('View page ↗');

  // An edit: Publishing…, then Live, and the link opens the page as visitors now get it.
  await page.getByRole('button', { name: 'Page settings' }).click();
  const seoTitle = page.getByLabel('SEO title');
  await seoTitle.fill('Pricing, published live — Northwind');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const status = page.locator('.save-state');
  await expect(status).toContainText(/Publishing…|Live/);
  await expect(status).toContainText('Live');
  await page.screenshot({ path: 'test-results/e2e/screens/production-live.png' });
  // One link to the page, not two: "Live" carries it, and "View page" beside the address gives way.
  const viewLinks = page.locator('.topbar').getByRole('link', { name: /View (live )?page/ });
  await expect(viewLinks).toHaveCount(1);
  await expect(viewLinks).toHaveText('View live page ↗');
  const [live] = await Promise.all([context.waitForEvent('page'), status.getByRole('link', { name: 'View live page' }).click()]);
  await expect(live).toHaveURL(`${server.origin}/pricing/`);
  await expect(live).toHaveTitle(/Pricing, published live/);
  await live.close();

  // Unpublish: once live, visitors and the page API get 404; the editor still previews the draft.
  await page.getByRole('region', { name: 'Publication' }).getByRole('button', { name: 'Unpublish' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // Saved and published, but a draft: never "Live", and no live page to view.
  await expect(status).toHaveText('Saved as a draft: visitors do not see it');
  await expect(status.getByRole('link')).toHaveCount(0);
  expect((await page.request.get(`${server.origin}/pricing/`)).status()).toBe(404);
  expect((await page.request.get(`${server.origin}/api/public-page/pricing`)).status()).toBe(404);
  await expect(page.frameLocator('iframe[title="Preview"]').locator('[data-section-id]').first()).toBeVisible();
});

test('someone else signs in on this browser: the first user’s tab, visited again, opens afresh for them and keeps the unsaved words as the first user’s', async ({ context }) => {
  test.setTimeout(120_000);
  await addUser(site.project, site.usersFile, 'bea', 'editor', 'a long enough password for bea');
  const signInAs = async (tab: Page, name: string, password: string, next: string) => {
    await tab.goto(`${server.origin}/editor/sign-in?next=${encodeURIComponent(next)}`);
    await tab.getByLabel('User name').fill(name);
    await tab.getByLabel('Password').fill(password);
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await expect(tab).toHaveURL(`${server.origin}${next}`);
  };
  const first = await context.newPage();
  await signInAs(first, 'ada', PASSWORD, '/editor/about');
  await first.locator('.outline-item[data-section-id="about-hero"]').click();
  await first.getByLabel('Title', { exact: true }).fill('Ada’s words, not saved');

  // In another tab of the same browser, ada signs out and bea signs in.
  const second = await context.newPage();
  await second.goto(`${server.origin}/editor/home`);
  await second.getByRole('group', { name: 'Account' }).getByRole('button', { name: 'Sign out' }).click();
  // Signing out there signs ada's first tab out too: its unsaved words are asked about first.
  const asked = second.getByRole('dialog', { name: 'Sign out with unsaved changes?' });
  await expect(asked).toContainText('Another open tab of the editor has unsaved changes to:');
  await expect(asked.getByRole('listitem')).toHaveText(['Page “About” (/about/)']);
  await asked.getByRole('button', { name: 'Sign out' }).click();
  await expect(second).toHaveURL(`${server.origin}/editor/sign-in?signed-out`);
  await signInAs(second, 'bea', 'a long enough password for bea', '/editor/home');

  // Ada saves before her tab has asked who is signed in (the question held up): the server refuses it, and nothing is saved as bea.
  await first.route('**/api/auth/session', (route) => route.abort());
  await first.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(first.getByText('Nothing was saved: your session has ended.')).toBeVisible();
  expect(await git(remote.path, 'show', 'main:src/data/pages/about.json')).not.toContain('Ada’s words, not saved');
  await first.unroute('**/api/auth/session');

  // Back in ada's tab: it opens afresh for bea, with nothing of ada's on screen or on offer.
  const reloaded = first.waitForEvent('load');
  await first.evaluate(() => window.dispatchEvent(new Event('focus')));
  await reloaded;
  await expect(first.getByRole('group', { name: 'Account' })).toContainText('bea');
  await first.locator('.outline-item[data-section-id="about-hero"]').click();
  await expect(first.getByLabel('Title', { exact: true })).not.toHaveValue('Ada’s words, not saved');
  await expect(first.getByText('Ada’s words, not saved')).toHaveCount(0);
  await expect(first.locator('.banner-recovery')).toHaveCount(0);
  // Ada's words stay on this device as her draft, and nothing of them reached the remote.
  const drafts = await first.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('content-editor:draft:')).map((key) => JSON.parse(localStorage.getItem(key)!) as { user?: string; file: string }));
  expect(drafts.filter((draft) => draft.file === 'pages/about.json').map((draft) => draft.user)).toContain('ada');
  expect(await git(remote.path, 'log', '--format=%an %s', 'main')).not.toContain('bea');
});

