/**
 * Drafts and schedules in the editor, in Chromium against `astro dev` on a
 * copy of the project (see global-setup.ts): a page is unpublished, saved
 * (visitors and the page API get 404, the preview still shows it),
 * scheduled, and published again. Under astro dev nothing is published live,
 * so the save status stays "All changes saved".
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { PROJECT_ROOT } from '../helpers/project-copy';
import { test, dataFile, readData, preview, shot, openEditor, save } from './support';

const SLUG = 'launch-notes';
const publication = (page: Page) => page.getByRole('region', { name: 'Publication' });
const row = (page: Page) => page.locator(`.page-tree a[href="/editor/${SLUG}"]`);

test('unpublishes a page, schedules it and publishes it again', async ({ page, request }) => {
  // The About page as the project ships it: the shared copy's may carry a section another spec added with its sample text, which Save would ask about.
  const about = JSON.parse(await readFile(join(PROJECT_ROOT, 'src', 'data', 'pages', 'about.json'), 'utf8'));
  await writeFile(dataFile(`pages/${SLUG}.json`), `${JSON.stringify({ ...about, id: SLUG, slug: SLUG, meta: { ...about.meta, title: 'Launch notes — Northwind' } }, null, 2)}\n`);
  expect((await request.get(`/${SLUG}/`)).status()).toBe(200);

  await openEditor(page, SLUG);
  await page.getByRole('button', { name: 'Page settings' }).click();
  await expect(publication(page)).toContainText('Published');
  await expect(row(page).locator('.page-link-status')).toHaveCount(0);

  // Unpublish: a draft, saved like any edit; visitors lose the page, the preview keeps it.
  await publication(page).getByRole('button', { name: 'Unpublish' }).click();
  // Not saved yet, and it says so: visitors still get the page until Save, and not after.
  await expect(publication(page)).toContainText('Draft when you saveVisitors see this page now. Once you save, they stop seeing it.');
  await expect(row(page).locator('.page-link-status')).toHaveText('Draft');
  await shot(page, 'publication-pending');
  expect((await request.get(`/${SLUG}/`)).status()).toBe(200);
  await save(page);
  await expect(publication(page)).toContainText('DraftOnly the editor shows this page; visitors do not see it.');
  expect(await readData(`pages/${SLUG}.json`)).toMatchObject({ status: 'draft' });
  expect((await request.get(`/${SLUG}/`)).status()).toBe(404);
  expect((await request.get(`/api/public-page/${SLUG}`)).status()).toBe(404);
  await page.reload();
  await expect(preview(page).locator('[data-section-id]').first()).toBeVisible();
  // Nothing to view: visitors do not get a draft.
  await expect(page.getByRole('link', { name: /View page/ })).toHaveCount(0);
  await shot(page, 'publication-draft');

  // Schedule…: a local date and time, stored as an instant; still hidden until then.
  await page.getByRole('button', { name: 'Page settings' }).click();
  await publication(page).getByRole('button', { name: 'Schedule…' }).click();
  await publication(page).getByLabel('Publish on (your local time)').fill('2099-03-04T09:30');
  await publication(page).getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(publication(page)).toContainText(/Scheduled for .*2099.* when you saveUntil you save, visitors do not see it\./);
  await expect(row(page).locator('.page-link-status')).toHaveText(/^Scheduled for .*2099/);
  await save(page);
  await expect(publication(page)).not.toContainText('when you save');
  const expected = await page.evaluate(() => new Date('2099-03-04T09:30').toISOString());
  expect(await readData(`pages/${SLUG}.json`)).toMatchObject({ status: 'published', publishAt: expected });
  expect((await request.get(`/${SLUG}/`)).status()).toBe(404);
  await shot(page, 'publication-scheduled');

  // Publish now: public again, the schedule dropped.
  await publication(page).getByRole('button', { name: 'Publish now' }).click();
  await expect(publication(page)).toContainText(/Published when you saveUntil you save, it stays scheduled for .*2099/);
  await save(page);
  const published = await readData(`pages/${SLUG}.json`);
  expect(published.status).toBe('published');
  expect(published).not.toHaveProperty('publishAt');
  expect((await request.get(`/${SLUG}/`)).status()).toBe(200);
  expect((await request.get(`/api/public-page/${SLUG}`)).status()).toBe(200);
  await expect(page.getByRole('link', { name: /View page/ })).toHaveAttribute('href', `/${SLUG}/`);

  // Scheduling a page visitors see now takes it offline until then, once saved (a schedule not yet
  // due is absent: issue #14): the status says so plainly before Save (QA: it said only "Until you save, visitors still see it").
  await publication(page).getByRole('button', { name: 'Schedule…' }).click();
  await publication(page).getByLabel('Publish on (your local time)').fill('2099-03-04T09:30');
  await publication(page).getByRole('button', { name: 'Schedule', exact: true }).click();
  const offline = publication(page).locator('.publication-hint.is-offline');
  await expect(offline).toHaveText(/^Visitors see this page now\. Once you save, they stop seeing it until .*2099.*\.$/);
  await shot(page, 'publication-schedule-live-page');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(offline).toHaveCount(0);
  // The copy is shared by the specs that follow, which count the pages.
  await rm(dataFile(`pages/${SLUG}.json`));
});

test('says what unpublishing a template page hides, and marks links to pages visitors do not get', async ({ page }) => {
  await openEditor(page, 'posts/[slug]');
  await page.getByRole('button', { name: 'Page settings' }).click();
  await expect(publication(page)).toContainText(/This page shows each of the \d+ posts: unpublishing it hides them all\./);
  await publication(page).getByRole('button', { name: 'Unpublish' }).click();
  await expect(publication(page)).toContainText(/while it is a draft, visitors see none of them\./);
  await shot(page, 'publication-template-draft');

  // Unsaved, the draft already shows where links are chosen: every post is offered, marked Draft.
  await page.locator('.page-tree a[href="/editor/about"]').click();
  await page.locator('.outline-item[data-section-id^="about-cta"]').first().click();
  const link = page.getByLabel('Inspector').getByRole('combobox', { name: 'Link' }).first();
  await link.fill('zero javascript');
  const option = page.getByRole('listbox', { name: 'Pages, posts and images' }).getByRole('option', { name: /Zero JavaScript/i });
  await expect(option).toContainText('Draft');
  await option.click();
  await expect(page.getByLabel('Inspector')).toContainText('It is a draft: visitors get “page not found” until it is published.');
  await shot(page, 'link-to-draft');
});

test('shows the 404 page and the home page as always published, with nothing to unpublish or schedule', async ({ page }) => {
  for (const [route, why] of [['404', 'an address with no page (404.html)'], ['home', 'the page visitors start at (/)']] as const) {
    await openEditor(page, route);
    await page.getByRole('button', { name: 'Page settings' }).click();
    await expect(publication(page)).toContainText('Always published');
    await expect(publication(page)).toContainText(why);
    await expect(publication(page).getByRole('button')).toHaveCount(0);
  }
});

test('says which links lead to a page once it is unpublished, before it is saved', async ({ page }) => {
  await openEditor(page, 'pricing');
  await page.getByRole('button', { name: 'Page settings' }).click();
  await expect(publication(page)).not.toContainText('lead here');
  await publication(page).getByRole('button', { name: 'Unpublish' }).click();
  // The header's menu links to it; other specs may have added links of their own to the shared copy.
  await expect(publication(page)).toContainText(/(A link|\d+ links) from (.*(, and |, | and ))?Shared header((, and |, | and ).*)? leads? here: visitors who follow (it|them) get “page not found” until it is published\./);
  await shot(page, 'publication-unpublished-links');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(publication(page)).toContainText('Published');
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
});

test('scheduling a post dated earlier offers to date it the day it goes live, and publishing it at once then offers today', async ({ page }) => {
  await page.goto('/editor/~posts/editing-without-fear');
  await publication(page).getByRole('button', { name: 'Schedule…' }).click();
  await publication(page).getByLabel('Publish on (your local time)').fill('2099-03-04T09:30');
  await publication(page).getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(publication(page).locator('.publication-hint.is-offline')).toHaveText(/^Visitors see this post now\. Once you save, they stop seeing it until .*2099/);
  await expect(publication(page)).toContainText('visitors will see it dated then, and lists put it below newer posts.');
  await shot(page, 'publication-scheduled-post-date');
  await publication(page).getByRole('button', { name: /^Date it / }).click();
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue('2099-03-04');
  await expect(publication(page)).not.toContainText('visitors will see it dated then');
  // Published at once after all: dated a day still to come, it offers today.
  await publication(page).getByRole('button', { name: 'Publish now' }).click();
  await expect(publication(page)).toContainText('a day still to come: visitors see it dated then, and lists put it above the posts published until then.');
  await publication(page).getByRole('button', { name: /^Date it / }).click();
  const today = await page.evaluate(() => { const now = new Date(); return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10); });
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(today);
  await expect(publication(page)).not.toContainText('a day still to come');
  // Nothing of it is saved: the specs that follow read the demo's posts.
  for (let step = 0; step < 4; step += 1) await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
});
