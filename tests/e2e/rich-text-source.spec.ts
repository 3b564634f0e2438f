/**
 * The rich-text (Markdown) field in Chromium against `astro dev` on a copy of
 * the project, when it opens as Markdown source: a value the visual editor
 * would rewrite opens in source view and is left alone, without making the
 * next post's or section's text open so; and the plain stand-in shown while
 * the field's code loads hands over what was typed, the focus and the caret.
 * The formatted view's toolbar and links: rich-text.spec.ts.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { test, dataFile, readData, shot, save } from './support';
import { openPost } from './rich-text-support';

test('a value the visual editor would rewrite opens as Markdown, with the reason, and is saved untouched', async ({ page }) => {
  const file = dataFile('collections/posts/static-builds-at-scale.json');
  const stored = await readFile(file, 'utf8');
  const json = JSON.parse(stored);
  const table = '| Pages | Build |\n|---|---|\n| 1,000 | 12 s |';
  await writeFile(file, JSON.stringify({ ...json, body: `${json.body}\n\n${table}` }, null, 2));
  try {
    const { toolbar } = await openPost(page, 'static-builds-at-scale');
    const source = page.getByRole('textbox', { name: 'Body' });
    await expect(source).toHaveValue(`${json.body}\n\n${table}`);
    await expect(page.getByRole('status').filter({ hasText: 'contains a table' })).toBeVisible();
    await expect(toolbar.getByRole('button', { name: 'Source' })).toHaveAttribute('aria-pressed', 'true');
    await toolbar.getByRole('button', { name: 'Source' }).click();
    await expect(source).toHaveValue(`${json.body}\n\n${table}`); // still source: a table has no visual form
    await shot(page, 'rich-text-source-only');
    await source.press('Control+End');
    await source.pressSequentially(' Fast.');
    await save(page);
    expect((await readData('collections/posts/static-builds-at-scale.json')).body).toBe(`${json.body}\n\n${table} Fast.`);
  } finally {
    await writeFile(file, stored);
  }
});

/** Holds back the formatted editor's module, so its plain stand-in textarea shows, until the returned function is called. */
async function holdRichTextCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/RichTextField\.tsx(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Puts the caret of a textarea right after `text`, as a click there would. */
async function caretAfter(area: Locator, text: string) {
  await area.evaluate((element: HTMLTextAreaElement, wanted) => {
    const at = element.value.indexOf(wanted) + wanted.length;
    element.focus();
    element.setSelectionRange(at, at);
  }, text);
}

test('typing carries on when the formatted view replaces the plain text that stood in while its code loaded', async ({ page }) => {
  const release = await holdRichTextCode(page);
  await page.goto('/editor/~posts/design-tokens-that-last');
  const body = page.getByRole('textbox', { name: 'Body' });
  await expect(body).toBeVisible();
  expect(await body.evaluate((element) => element.tagName)).toBe('TEXTAREA');
  await caretAfter(body, 'fossil record');
  await page.keyboard.type(' (kept)');
  release();
  await expect(body).toHaveAttribute('contenteditable', 'true');
  await expect(body).toBeFocused();
  // Without the hand-over these keys went to the page and were lost.
  await page.keyboard.type(' and more');
  await expect(body).toContainText('fossil record (kept) and more');
});

test('a text that opens as Markdown takes the focus and caret of the stand-in too', async ({ page }) => {
  const file = dataFile('collections/posts/static-builds-at-scale.json');
  const stored = await readFile(file, 'utf8');
  const json = JSON.parse(stored);
  await writeFile(file, JSON.stringify({ ...json, body: `${json.body}\n\n| Pages | Build |\n|---|---|\n| 1,000 | 12 s |` }, null, 2));
  try {
    const release = await holdRichTextCode(page);
    await page.goto('/editor/~posts/static-builds-at-scale');
    const body = page.getByRole('textbox', { name: 'Body' });
    await caretAfter(body, '| Pages');
    release();
    await expect(page.getByRole('status').filter({ hasText: 'contains a table' })).toBeVisible();
    await expect(body).toBeFocused();
    await page.keyboard.type(' built');
    await expect(body).toHaveValue(/\| Pages built \| Build \|/);
  } finally {
    await writeFile(file, stored);
  }
});

test('a text opened as Markdown for its own reason does not make the next post’s or section’s text open so', async ({ page }) => {
  const [postFile, pageFile] = [dataFile('collections/posts/static-builds-at-scale.json'), dataFile('pages/features.json')];
  const [storedPost, storedPage] = await Promise.all([readFile(postFile, 'utf8'), readFile(pageFile, 'utf8')]);
  const table = '\n\n| Pages | Build |\n|---|---|\n| 1,000 | 12 s |';
  const features = JSON.parse(storedPage);
  features.sections.find((section: { id?: string }) => section.id === 'features-editor').data.body += table;
  await writeFile(postFile, JSON.stringify({ ...JSON.parse(storedPost), body: `${JSON.parse(storedPost).body}${table}` }, null, 2));
  await writeFile(pageFile, JSON.stringify(features, null, 2));
  try {
    const reason = page.getByRole('status').filter({ hasText: 'contains a table' });
    await openPost(page, 'static-builds-at-scale');
    await expect(reason).toBeVisible();
    // Another post, opened from the list in the same editor: formatted, as when opened first.
    await page.getByRole('navigation', { name: 'Posts' }).getByRole('link', { name: /^Design tokens that outlive/ }).click();
    await expect(page).toHaveURL(/~posts\/design-tokens-that-last$/);
    await expect(page.getByRole('toolbar', { name: 'Body formatting' }).getByRole('button', { name: 'Source' })).toHaveAttribute('aria-pressed', 'false');
    await expect(reason).toBeHidden();
    // Two sections of one type on a page: the second's text is its own.
    await page.goto('/editor/features');
    await page.locator('.outline-item[data-section-id="features-editor"]').click();
    await expect(reason).toBeVisible();
    await page.locator('.outline-item[data-section-id="features-model"]').click();
    await expect(page.getByRole('toolbar', { name: 'Text formatting' }).getByRole('button', { name: 'Source' })).toHaveAttribute('aria-pressed', 'false');
    await expect(reason).toBeHidden();
  } finally {
    await Promise.all([writeFile(postFile, storedPost), writeFile(pageFile, storedPage)]);
  }
});
