/**
 * Delete, rename and the Problems panel, in Chromium against `astro dev` on a
 * copy of the project. The specs share that copy, so this one works on files
 * of its own (written before, removed after): an `ops-*` page, posts, a tag
 * and an image, and it restores anything else it breaks. Deleting and renaming
 * images: content-ops-images.spec.ts; files that cannot be read or shown:
 * content-problems.spec.ts.
 */
import { readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { expect } from '@playwright/test';
import { dataFile, imageFile, openEditor, readData, save, shot, test, topDialog as dialog, writeData } from './support';
import { opsPost as post, writeCitedPost } from './content-ops-support';

const DATA = [
  'pages/ops-journal.json', 'pages/ops-blog.json', 'collections/posts/ops-cited.json', 'collections/posts/ops-doomed.json',
  'collections/posts/ops-tagged.json', 'collections/posts/ops-linked.json', 'collections/posts/ops-relinked.json', 'collections/tags/ops-tag.json', 'collections/tags/ops-renamed.json', 'redirects.json', 'shared/ops-banner.json',
];
const IMAGES = ['ops-used.png'];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const journal = JSON.parse(await readFile(dataFile('pages/journal.json'), 'utf8'));
  // The hero's label is the cited post's title: a `$ref` into a post.
  journal.sections[1].data.label = { $ref: '../collections/posts/ops-cited.json#/title' };
  // A shared section of its own, before the footer.
  journal.sections.splice(3, 0, { $ref: '../shared/ops-banner.json' });
  // Its button links to a post: a link, not a `$ref`, which a delete does not wait for but names.
  await writeData('shared/ops-banner.json', { id: 'ops-banner', type: 'cta-banner', data: { title: 'A shared banner of the test', ctas: [{ id: 'ops-banner-read', label: 'Read it', href: '/posts/ops-linked/', variant: 'primary' }] } });
  await writeData('collections/posts/ops-linked.json', post('Ops linked'));
  await writeData('pages/ops-journal.json', { ...journal, id: 'ops-journal', slug: 'ops-journal', meta: { ...journal.meta, title: 'Ops journal' } });
  await writeCitedPost();
  await writeData('collections/posts/ops-doomed.json', post('Ops doomed'));
  await writeData('collections/tags/ops-tag.json', { name: 'Ops tag', description: 'A tag of the content-ops test.', accent: '#123456' });
  await writeData('collections/posts/ops-tagged.json', post('Ops tagged', { tags: ['ops-tag'] }));
});

test.afterAll(async () => {
  await Promise.all([...DATA.map((path) => rm(dataFile(path), { force: true })), ...IMAGES.map((name) => rm(imageFile(name), { force: true }))]);
});

test('a post that something points at cannot be deleted; one nothing points at can', async ({ page }) => {
  await page.goto('/editor/~posts/ops-cited');
  await page.getByRole('button', { name: 'Delete post…' }).click();
  await expect(dialog(page)).toContainText('Delete post “Ops cited”?');
  await expect(dialog(page)).toContainText('It is still used in one place, so it cannot be deleted yet.');
  await expect(dialog(page)).toContainText('Page “Ops journal” (/ops-journal/)');
  await expect(dialog(page).getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  await shot(page, 'content-ops-delete-refused');
  await dialog(page).getByRole('button', { name: 'Close', exact: true }).first().click();

  await page.goto('/editor/~posts/ops-doomed');
  await page.getByRole('button', { name: 'Delete post…' }).click();
  await expect(dialog(page)).toContainText('Nothing on the site uses it.');
  await expect(dialog(page)).toContainText('saved at once');
  await dialog(page).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Deleted Post “Ops doomed”.' })).toBeVisible();
  await expect(page).toHaveURL(/\/editor$/);
  expect(existsSync(dataFile('collections/posts/ops-doomed.json'))).toBe(false);
  expect((await page.request.get('/posts/ops-doomed/')).status()).toBe(404);
});

test('deleting a post that links lead to names them: visitors who follow them would get page not found', async ({ page }) => {
  await page.goto('/editor/~posts/ops-linked');
  await page.getByRole('button', { name: 'Delete post…' }).click();
  await expect(dialog(page)).toContainText('A link leads to its address /posts/ops-linked/: once it is deleted, visitors who follow it get “page not found”.');
  await expect(dialog(page).locator('.op-referrers')).toContainText('Shared call to action');
  await expect(dialog(page).locator('.op-referrers')).toContainText('in “Buttons”');
  await expect(dialog(page)).not.toContainText('Nothing on the site uses it');
  // A link does not stop the delete, as a `$ref` does.
  await expect(dialog(page).getByRole('button', { name: 'Delete', exact: true })).toBeEnabled();
  await shot(page, 'content-ops-delete-linked');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
});

test('a link that leads nowhere is a warning in the Problems panel, which opens its field; mending it clears the warning', async ({ page }) => {
  const banner = await readData('shared/ops-banner.json');
  banner.data.ctas[0].href = '/posts/ops-linkd/';
  await writeData('shared/ops-banner.json', banner);
  await openEditor(page, 'home');
  await page.getByRole('button', { name: 'Problems: 1 link that leads nowhere' }).click();
  const panel = page.getByRole('dialog', { name: 'Problems' });
  // A warning, not a problem: the site still builds.
  await expect(panel).toContainText('No problems: every page of the site can be published.');
  await expect(panel.getByRole('region', { name: /Links that lead nowhere/ })).toContainText('Call to action › Button 1 › Link: Links to “/posts/ops-linkd/”, where there is no page.');
  await shot(page, 'content-ops-links-nowhere');
  await panel.getByRole('button', { name: /^Open Shared call to action at / }).click();
  await expect(page).toHaveURL(/\/editor\/ops-journal$/);
  const link = page.locator('.inspector [data-field="data.ctas.0.href"]');
  await expect(link).toBeFocused();
  await link.fill('/posts/ops-linked/');
  await save(page);
  await expect(page.getByRole('button', { name: /^Problems/ })).toHaveCount(0);
});

test('unsaved changes are saved first', async ({ page }) => {
  await page.goto('/editor/~posts/ops-cited');
  await page.getByLabel('Author').fill('Someone else');
  await page.getByRole('button', { name: 'Change post address…' }).click();
  await expect(dialog(page)).toContainText('You have unsaved changes to 1 post');
  await expect(dialog(page).getByRole('button', { name: 'Change address', exact: true })).toBeDisabled();
  await dialog(page).getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog(page).getByText(/unsaved change/)).toHaveCount(0);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  expect(await readData('collections/posts/ops-cited.json')).toMatchObject({ author: 'Someone else' });
});

test('renaming a page moves its file and redirects its old address', async ({ page }) => {
  await openEditor(page, 'ops-journal');
  await page.getByRole('button', { name: 'Page settings' }).click();
  await page.getByRole('button', { name: 'Change page address…' }).click();
  const name = dialog(page).getByLabel('New address');
  await name.fill('Ops Blog');
  await expect(dialog(page)).toContainText('Use lowercase letters');
  await name.fill('journal');
  await expect(dialog(page)).toContainText('A page already has the address /journal/.');
  await name.fill('ops-blog');
  await expect(dialog(page)).toContainText('/ops-journal/ will redirect to /ops-blog/');
  // It says what it changes: the address, not the title.
  await expect(page.getByRole('dialog', { name: 'Change the address of page “Ops journal” (/ops-journal/)' })).toContainText('not its title');
  await shot(page, 'content-ops-rename-page');
  await dialog(page).getByRole('button', { name: 'Change address', exact: true }).click();
  await expect(page).toHaveURL(/\/editor\/ops-blog$/);
  await expect(page.getByRole('status').filter({ hasText: '/ops-journal/ now redirects to /ops-blog/' })).toBeVisible();
  expect(existsSync(dataFile('pages/ops-journal.json'))).toBe(false);
  expect(await readData('pages/ops-blog.json')).toMatchObject({ slug: 'ops-blog' });
  const old = await page.request.get('/ops-journal/', { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  await page.goto('/ops-journal/');
  await expect(page).toHaveURL(/\/ops-blog\/$/);
});

test('renaming a tag keeps its posts tagged', async ({ page }) => {
  await page.goto('/editor/~tags/ops-tag');
  await page.getByRole('button', { name: 'Change tag address…' }).click();
  await expect(dialog(page)).toContainText('Post “Ops tagged”');
  await dialog(page).getByLabel('New address').fill('ops-renamed');
  await dialog(page).getByRole('button', { name: 'Change address', exact: true }).click();
  await expect(page).toHaveURL(/\/editor\/~tags\/ops-renamed$/);
  expect(await readData('collections/posts/ops-tagged.json')).toMatchObject({ tags: ['ops-renamed'] });
  expect(await (await page.request.get('/tags/ops-renamed/')).text()).toContain('Ops tagged');
  expect((await page.request.get('/posts/ops-tagged/')).status()).toBe(200);
});

test('changing a post’s address points the buttons and menu links that lead to it at the new one', async ({ page }) => {
  await page.goto('/editor/~posts/ops-linked');
  await page.getByRole('button', { name: 'Change post address…' }).click();
  await dialog(page).getByLabel('New address').fill('ops-relinked');
  await expect(dialog(page).locator('.op-rewritten')).toContainText('Links to it are changed to lead to the new address, in:');
  await expect(dialog(page).locator('.op-rewritten')).toContainText('Shared call to action');
  await shot(page, 'content-ops-relink');
  await dialog(page).getByRole('button', { name: 'Change address', exact: true }).click();
  await expect(page).toHaveURL(/\/editor\/~posts\/ops-relinked$/);
  expect(await readData('shared/ops-banner.json')).toMatchObject({ data: { ctas: [{ href: '/posts/ops-relinked/' }] } });
  expect(await (await page.request.get('/ops-journal/')).text()).toContain('href="/posts/ops-relinked/"');
});

test('the Problems panel lists a broken page and opens it at the failing field; fixing it clears the panel', async ({ page }) => {
  await openEditor(page, 'home');
  await expect(page.getByRole('button', { name: /^Problems/ })).toHaveCount(0);
  const blog = await readData('pages/ops-blog.json');
  blog.sections[2].data.title = 42;
  await writeData('pages/ops-blog.json', blog);
  await page.reload();
  await page.getByRole('button', { name: /^Problems/ }).click();
  const panel = page.getByRole('dialog', { name: 'Problems' });
  await expect(panel).toContainText('Page “Ops journal” (/ops-blog/)');
  // Where, in the form's words, not as a pointer into the file.
  await expect(panel).toContainText('Posts list › Title: Must be text, not a number');
  await expect(panel).not.toContainText('/sections/2/data/title');
  await shot(page, 'content-ops-problems');
  await panel.getByRole('button', { name: 'Open Page “Ops journal” (/ops-blog/) at Posts list › Title' }).click();
  await expect(page).toHaveURL(/\/editor\/ops-blog$/);
  const title = page.locator('.inspector [data-field="data.title"]');
  await expect(title).toBeFocused();
  await title.fill('All posts, fixed');
  await save(page);
  await expect(page.getByRole('button', { name: /^Problems/ })).toHaveCount(0);
});

test('removing a shared section from a page says the shared file stays', async ({ page }) => {
  await openEditor(page, 'ops-blog');
  await page.locator('.outline-item[data-section-id="site-footer"]').click();
  await expect(page.getByRole('note')).toContainText('Shared section.');
  await expect(page.getByRole('button', { name: 'Delete everywhere…' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove from page' }).click();
  // The keyboard's focus goes to the row that took its place, not to the page (the button is gone).
  await expect(page.locator('[data-section-index]:focus')).toHaveCount(1);
  const toast = page.locator('.toast');
  await expect(toast).toContainText('Removed Footer (shared) from this page; the shared section itself stays, on the pages that show it.');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('.outline-item[data-section-id="site-footer"]')).toBeVisible();
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
  // The note can go at once (it covers the bottom of the form for ten seconds); the removal stays.
  await page.locator('.outline-item[data-section-id="site-footer"]').click();
  await page.getByRole('button', { name: 'Remove from page' }).click();
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toBeHidden();
  await expect(page.locator('.outline-item[data-section-id="site-footer"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.locator('.outline-item[data-section-id="site-footer"]')).toBeVisible();
});

test('a file changed on disk while the dialog is open: nothing changes, and the dialog says why', async ({ page }) => {
  await page.goto('/editor/~posts/ops-tagged');
  await page.getByRole('button', { name: 'Delete post…' }).click();
  await expect(dialog(page)).toContainText('Nothing on the site uses it.');
  await writeData('collections/posts/ops-tagged.json', { ...(await readData('collections/posts/ops-tagged.json')), author: 'Changed elsewhere' });
  await dialog(page).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog(page).getByRole('alert')).toContainText('a file changed on disk since the editor loaded it');
  await expect(dialog(page).getByRole('alert')).toContainText('Post “Ops tagged”: changed on disk');
  expect(existsSync(dataFile('collections/posts/ops-tagged.json'))).toBe(true);
});

test('a shared section in use can be removed from its pages and deleted in one change', async ({ page }) => {
  await openEditor(page, 'ops-blog');
  await page.locator('.outline-item[data-section-id="ops-banner"]').click();
  await page.getByRole('button', { name: 'Delete everywhere…' }).click();
  await expect(dialog(page)).toContainText('Page “Ops journal” (/ops-blog/)');
  await shot(page, 'content-ops-unlink-shared');
  await dialog(page).getByRole('button', { name: 'Remove from 1 page and delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'It was removed from 1 file first.' })).toBeVisible();
  await expect(page.locator('.outline-item[data-section-id="ops-banner"]')).toHaveCount(0);
  expect(existsSync(dataFile('shared/ops-banner.json'))).toBe(false);
  expect(JSON.stringify(await readData('pages/ops-blog.json'))).not.toContain('ops-banner');
});

test('a page that was moved can be deleted: the redirect to it goes with it (it was refused, leading nowhere)', async ({ page }) => {
  const journal = await readData('pages/ops-blog.json');
  await writeData('pages/ops-moved.json', { ...journal, id: 'ops-moved', slug: 'ops-moved', meta: { ...journal.meta, title: 'Ops moved' } });
  const redirects = await readData('redirects.json');
  await writeData('redirects.json', { ...redirects, redirects: [...redirects.redirects, { from: '/ops-moving/', to: '/ops-moved/', madeByMove: true }] });
  await openEditor(page, 'ops-moved');
  await page.getByRole('button', { name: 'Page settings' }).click();
  await page.getByRole('button', { name: 'Delete page…' }).click();
  await expect(dialog(page)).toContainText('will stop working, and so will any old address that redirects to it');
  await dialog(page).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The old addresses that redirected to it stop working too.' })).toBeVisible();
  expect(existsSync(dataFile('pages/ops-moved.json'))).toBe(false);
  expect((await readData('redirects.json')).redirects).toEqual(redirects.redirects);
});
