/**
 * The editor on the production server, in Chromium: a real build of a project
 * copy served by `server/index.mjs` with the git backend, whose remote is a
 * bare repository made by the test. Sign in, edit, save, and the save is a
 * commit in the remote, authored by the user who signed in.
 */
import { expect, test } from '@playwright/test';
import { git, makeBareRemote, type BareRemote } from '../helpers/git-remote';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';
import { buildProject, startProdServer, type RunningServer } from '../helpers/servers';
import { addUser } from '../helpers/sessions';
import { join } from 'node:path';

const PASSWORD = 'a long enough password for ada';

let project: ProjectCopy;
let remote: BareRemote;
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  project = await copyProject('e2e-production');
  await buildProject(project);
  remote = await makeBareRemote(project.root);
  const usersFile = join(remote.scratch, 'users.json');
  await addUser(project, usersFile, 'ada', 'editor', PASSWORD);
  server = await startProdServer(project, {
    CONTENT_BACKEND: 'git',
    CONTENT_GIT_REMOTE: remote.path,
    CONTENT_GIT_DIR: join(remote.scratch, 'clone'),
    CONTENT_GIT_POLL_SECONDS: '0',
    SESSION_SECRET: 'an-e2e-session-secret-that-is-long-enough',
    EDITOR_USERS_FILE: usersFile,
    EDITOR_AUDIT_LOG: join(remote.scratch, 'audit.log'),
  });
});

test.afterAll(async () => {
  await server?.stop();
  await remote?.remove();
  await project?.remove();
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

  await page.locator('.outline-item', { hasText: 'about-hero' }).click();
  const title = page.getByLabel('Title', { exact: true });
  await title.fill('About us, edited in production');
  await expect(page.frameLocator('iframe[title="Preview"]').getByText('About us, edited in production')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
  await page.screenshot({ path: 'test-results/e2e/screens/production-saved.png' });

  const [latest] = await remote.commits();
  expect(latest!.author).toBe('ada <ada@users.content-site.invalid>');
  expect(latest!.subject).toMatch(/^Edit about/);
  expect(await remote.filesOf(latest!.sha)).toEqual(['src/data/pages/about.json']);
  expect(await git(remote.path, 'show', 'main:src/data/pages/about.json')).toContain('About us, edited in production');

  // Signing out ends the session: the editor sends you back to sign in.
  const account = page.getByRole('group', { name: 'Account' });
  await expect(account).toContainText('ada');
  await expect(account).toContainText('Editor');
  await account.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${server.origin}/editor/sign-in`);
  await page.goto(`${server.origin}/editor/about`);
  await expect(page).toHaveURL(/\/editor\/sign-in\?next=/);
});
