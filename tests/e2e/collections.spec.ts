/**
 * Posts and tags in the editor, in Chromium against `astro dev` on a copy of
 * the project (see global-setup.ts): entry lists, entry forms, previews of
 * collection-bound sections from unsaved entries, and new entries.
 */
import { expect, type Page } from '@playwright/test';
import { test, readData, preview, shot, openEditor, save, sampleTextDialog } from './support';


const postsNav = (page: Page) => page.getByRole('navigation', { name: 'Posts' });
const tagsNav = (page: Page) => page.getByRole('navigation', { name: 'Tags' });
const tab = (page: Page, name: 'Pages' | 'Posts' | 'Tags') => page.getByRole('tablist', { name: 'Content' }).getByRole('tab', { name: new RegExp(`^${name}`) });



test('lists posts and tags, and an unsaved post title shows in the home page’s posts list', async ({ page }) => {
  await openEditor(page, 'home');
  // Pages, posts and tags are tabs; a page is open, so the pages tab is selected.
  await expect(tab(page, 'Pages')).toHaveAttribute('aria-selected', 'true');
  await expect(postsNav(page)).toBeHidden();
  await tab(page, 'Tags').click();
  await expect(tagsNav(page).getByRole('link')).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'New tag', exact: true })).toBeVisible();
  // The tabs follow the ARIA pattern: arrow keys move the selection.
  await tab(page, 'Tags').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tab(page, 'Posts')).toBeFocused();
  await expect(tab(page, 'Posts')).toHaveAttribute('aria-selected', 'true');
  await expect(postsNav(page).getByRole('link')).toHaveCount(7);
  await expect(page.getByRole('button', { name: 'New post', exact: true })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));

  await postsNav(page).getByRole('link', { name: /Zero JavaScript by default/ }).click();
  await expect(page).toHaveURL(/\/editor\/~posts\/zero-javascript-by-default$/);
  await expect(preview(page).locator('[data-section-type="post-detail"] h1')).toHaveText('Zero JavaScript by default');
  await expect(page.getByRole('textbox', { name: 'Body' })).toHaveText(/\S/);
  await page.getByLabel('Title', { exact: true }).fill('Zero JavaScript, edited in a test');
  await expect(preview(page).locator('[data-section-type="post-detail"] h1')).toHaveText('Zero JavaScript, edited in a test');
  await expect(postsNav(page).getByRole('link', { name: /edited in a test/ }).locator('.dirty-dot')).toBeVisible();
  await expect(page.locator('.save-state')).toHaveText('Unsaved changes to 1 post');
  await expect(tab(page, 'Posts').locator('.dirty-dot')).toBeVisible();

  // The home page's posts list renders the unsaved entry.
  await tab(page, 'Pages').click();
  await page.locator('.page-tree a[href="/editor/home"]').click();
  await expect(page).toHaveURL(/\/editor\/home$/);
  await expect(preview(page).locator('[data-section-id="home-latest-posts"]')).toContainText('Zero JavaScript, edited in a test');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
  await shot(page, 'collections-home-preview');

  // A blank title is an error that blocks saving, like a page's.
  await page.goBack();
  await expect(page).toHaveURL(/\/editor\/~posts\/zero-javascript-by-default$/);
  await page.getByLabel('Title', { exact: true }).fill('');
  await expect(page.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Save is blocked' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('Zero JavaScript, edited in a test');

  await save(page);
  expect(await readData('collections/posts/zero-javascript-by-default.json')).toMatchObject({ title: 'Zero JavaScript, edited in a test', tags: ['performance', 'static-sites'] });
  await page.reload();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Zero JavaScript, edited in a test');
  expect(await (await page.request.get('/')).text()).toContain('Zero JavaScript, edited in a test');
});

test('creates a tag and a post that carries it, picked with the keyboard, and saves both', async ({ page }) => {
  await openEditor(page, 'home');
  await tab(page, 'Tags').click();
  await page.getByRole('button', { name: 'New tag' }).click();
  // A name (what the tag's form calls it), and the address suggested from it, checked as it is suggested.
  const slug = page.getByLabel('Address', { exact: true });
  // The hint says where the address comes from in the field's own word, and a name with no letter an address can use says so plainly.
  await expect(slug).toHaveAccessibleDescription(/suggested from the name\./);
  await page.getByLabel('Name', { exact: true }).fill('Accessibility');
  await expect(page.getByText('A tag "accessibility" already exists.')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('🎉 新闻');
  await expect(slug).toHaveValue('');
  await expect(slug).toHaveAccessibleDescription('An address is made only of the letters a to z, digits and hyphens, and the name has none of them, so none could be suggested. Type one here (for example our-story).');
  await shot(page, 'new-tag-emoji-name');
  await page.getByLabel('Name', { exact: true }).fill('Field notes');
  await expect(slug).toHaveValue('field-notes');
  await slug.fill('Field Notes');
  await expect(page.getByRole('button', { name: 'Create tag' })).toBeDisabled();
  await slug.fill('field-notes');
  await page.getByRole('button', { name: 'Create tag' }).click();
  await expect(page).toHaveURL(/\/editor\/~tags\/field-notes$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Field notes');
  await expect(preview(page).locator('[data-section-type="tag-detail"]')).toContainText('Field notes');
  // Public at once, it starts with no description rather than a sample sentence visitors would read.
  await expect(page.getByLabel(/^Description/)).toHaveValue('');
  await expect(preview(page).locator('.tag-card__description')).toHaveCount(0);

  await tab(page, 'Posts').click();
  await page.getByRole('button', { name: 'New post' }).click();
  // A slug typed before any title: the missing title is said under Title, and announced with it.
  await page.getByLabel('Address', { exact: true }).fill('report');
  await expect(page.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Title', { exact: true })).toHaveAccessibleDescription('Give the post a title.');
  await expect(page.getByLabel('Address', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Title', { exact: true }).fill('A report from the field');
  await expect(page.getByLabel('Title', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'New post' }).click();
  await page.getByLabel('Title', { exact: true }).fill('A report from the field');
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('a-report-from-the-field');
  await page.getByLabel('Address', { exact: true }).fill('report-from-the-field');
  await page.getByRole('button', { name: 'Create post' }).click();
  await expect(page).toHaveURL(/\/editor\/~posts\/report-from-the-field$/);
  await expect(page.getByLabel('Author', { exact: true })).toHaveValue('Editor');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('A report from the field');

  // The tags: one checkbox per tag, in slug order, new tags included.
  const tags = page.getByRole('group', { name: /^Tags/ });
  await expect(tags.getByRole('checkbox')).toHaveCount(7);
  await tags.getByRole('checkbox', { name: /Accessibility/ }).focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab'); // content-modeling, design-systems, editorial, field-notes
  await expect(tags.getByRole('checkbox', { name: /Field notes/ })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(tags.getByRole('checkbox', { name: /Field notes/ })).toBeChecked();
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Shift+Tab');
  await expect(tags.getByRole('checkbox', { name: /Accessibility/ })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(tags.getByRole('checkbox', { name: /Accessibility/ })).not.toBeChecked();
  await expect(preview(page).locator('[data-section-type="post-detail"]')).toContainText('Field notes');
  await expect(page.locator('.save-state')).toHaveText('Unsaved changes to 1 post and 1 tag');
  await shot(page, 'collections-new-post');

  // A new post is a draft until published; the new tag is public at once, as posts show their tags.
  await expect(page.getByRole('region', { name: 'Publication' })).toContainText('Draft');
  // Before Publish, it names the fields that still have the starter's text; rewriting one drops it.
  const starter = page.locator('.publication-starter');
  await expect(starter).toContainText('3 fields still have the text they started with, which says what to write there: Excerpt, Author, Body.');
  await page.getByLabel('Excerpt', { exact: true }).fill('Notes from a week with a client team.');
  await expect(starter).toContainText('2 fields still have the text they started with, which says what to write there: Author, Body.');
  await page.getByRole('region', { name: 'Publication' }).getByRole('button', { name: 'Publish', exact: true }).click();
  // Published, the post's starter text would be public at once: Save asks first, naming the post, and not the new tag, which has no sample text.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(sampleTextDialog(page).locator('li > strong')).toHaveText(['Post “A report from the field”']);
  await sampleTextDialog(page).getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
  expect(await readData('collections/tags/field-notes.json')).toEqual({ name: 'Field notes', accent: expect.stringMatching(/^#[0-9a-f]{6}$/) });
  expect(await readData('collections/posts/report-from-the-field.json')).toMatchObject({ title: 'A report from the field', author: 'Editor', tags: ['field-notes'], date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  expect((await page.request.get('/posts/report-from-the-field/')).status()).toBe(200);
  expect(await (await page.request.get('/tags/field-notes/')).text()).toContain('A report from the field');
});
