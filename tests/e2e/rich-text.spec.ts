/**
 * The rich-text (Markdown) field in Chromium against `astro dev` on a copy of
 * the project: bold and a link made with the toolbar and the link dialog are
 * saved as exactly the expected Markdown; source view shows the same text and
 * comes back unchanged; undo and fast typing stay in the formatted view. Text
 * that opens as Markdown source, and the stand-in while the field's code
 * loads: rich-text-source.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { test, readData, preview, shot, save } from './support';
import { openPost } from './rich-text-support';

const POST = 'collections/posts/design-tokens-that-last.json';

/** Selects `text` inside the editable area, as a person dragging over it would (again, if the form re-rendered meanwhile). */
async function select(editable: Locator, text: string) {
  await expect(async () => {
    await editable.evaluate((root, wanted) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(wanted);
        if (at >= 0) {
          (root as HTMLElement).focus();
          document.getSelection()!.setBaseAndExtent(node, at, node, at + wanted.length);
          return;
        }
      }
      throw new Error(`"${wanted}" is not in the field`);
    }, text);
    await expect.poll(() => editable.evaluate(() => document.getSelection()!.toString()), { timeout: 1000 }).toBe(text);
  }).toPass({ timeout: 10_000 });
}

/** Serious or critical axe violations inside `selector`. */
async function axeViolations(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`);
}

test('bold and a link from the toolbar are saved as the expected Markdown; source view round-trips', async ({ page }) => {
  const original: string = (await readData(POST)).body;
  const expected = original.replace('fossil record', '**fossil record**').replace('stylesheet:', '[stylesheet](/about):');
  const { body, toolbar } = await openPost(page, 'design-tokens-that-last');
  await expect(body).toHaveAttribute('contenteditable', 'true');
  await expect(body.locator('h2', { hasText: 'Name the decisions' })).toBeVisible();

  await select(body, 'fossil record');
  const bold = toolbar.getByRole('button', { name: 'Bold' });
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await bold.click();
  await expect(body.locator('strong', { hasText: 'fossil record' })).toBeVisible();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  // Undo in the field is the field's own (the editor's global shortcut skips the handled key); redo brings it back.
  await page.keyboard.press('Control+z');
  await expect(body.locator('strong', { hasText: 'fossil record' })).toHaveCount(0);
  await page.keyboard.press('Control+Shift+z');
  await expect(body.locator('strong', { hasText: 'fossil record' })).toBeVisible();

  expect(await axeViolations(page, '.rich-text')).toEqual([]);

  await select(body, 'stylesheet');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Add link' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Link to')).toBeFocused();
  await expect(dialog).toContainText('On the text “stylesheet”');
  expect(await axeViolations(page, '.rt-link-dialog')).toEqual([]);
  // The allowlist refuses script links.
  await dialog.getByLabel('Link to').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Add link' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Link to').fill('/about');
  await dialog.getByRole('button', { name: 'Add link' }).click();
  await expect(dialog).toBeHidden();
  await expect(body.locator('a[href="/about"]')).toHaveText('stylesheet');
  await expect(body).toBeFocused();
  await expect(toolbar.getByRole('button', { name: 'Link' })).toHaveAttribute('aria-pressed', 'true');
  await expect(preview(page).locator('[data-section-type="post-detail"] strong', { hasText: 'fossil record' })).toBeVisible();
  await shot(page, 'rich-text');

  // Source view shows the Markdown; going back changes nothing.
  const sourceToggle = toolbar.getByRole('button', { name: 'Source' });
  await sourceToggle.click();
  await expect(sourceToggle).toHaveAttribute('aria-pressed', 'true');
  const source = page.getByRole('textbox', { name: 'Body' });
  await expect(source).toHaveValue(expected);
  expect(await axeViolations(page, '.rich-text')).toEqual([]);
  await shot(page, 'rich-text-source');
  // What the site would show as text rather than do, typed there, is said under it (QA: an embed code pasted in saved without a word).
  await source.fill(`${expected}\n\n<iframe src="https://example.com/x"></iframe> [x](javascript:alert(1))`);
  const advice = page.locator('.rt-advice');
  await expect(advice).toContainText('The link to “javascript:alert(1)” will show as plain text');
  await expect(advice).toContainText('shows on the site as the text you typed, not as HTML');
  await expect(source).toHaveAttribute('aria-describedby', /-source-advice/);
  await source.fill(expected);
  await expect(advice).toHaveCount(0);
  await sourceToggle.click();
  await expect(body).toHaveAttribute('contenteditable', 'true');
  await expect(body.locator('a[href="/about"]')).toHaveText('stylesheet');
  await expect(page.locator('.save-state')).toHaveText('Unsaved changes to 1 post');

  await save(page);
  expect((await readData(POST)).body).toBe(expected);
});

test('the Link dialog offers the uploaded images by file name, picked with the keyboard, and still takes a typed address (QA)', async ({ page }) => {
  const { body } = await openPost(page, 'editing-without-fear');
  await select(body, 'confidence');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Add link' });
  const linkTo = dialog.getByRole('combobox', { name: 'Link to' });
  await expect(linkTo).toBeFocused();
  // The images of the media library, after the pages and posts, each named by its file and marked an image.
  await page.keyboard.press('ArrowDown');
  const list = page.getByRole('listbox', { name: 'Pages, posts and images' });
  await expect(list.getByRole('option', { name: /^cover-editorial\.webp Image \/assets\/images\/cover-editorial\.webp/ })).toBeAttached();
  await page.keyboard.press('Escape');
  // Words typed find them by name; the arrow keys and Enter pick one.
  await linkTo.fill('cover-edit');
  await expect(list.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await expect(linkTo).toHaveAttribute('aria-activedescendant', /-target-0$/);
  await page.keyboard.press('Enter');
  await expect(linkTo).toHaveValue('/assets/images/cover-editorial.webp');
  await expect(dialog).toContainText('Links to image “cover-editorial.webp”');
  expect(await axeViolations(page, '.rt-link-dialog')).toEqual([]);
  await shot(page, 'rich-text-link-image');
  await dialog.getByRole('button', { name: 'Add link' }).click();
  await expect(body.locator('a[href="/assets/images/cover-editorial.webp"]')).toHaveText('confidence');
  // An address typed by hand is taken as it is: no list covers it, nothing is picked for it.
  await select(body, 'break the site');
  await page.keyboard.press('Control+k');
  await linkTo.fill('https://example.com/guide');
  await expect(list).toBeHidden();
  await dialog.getByRole('button', { name: 'Add link' }).click();
  await expect(body.locator('a[href="https://example.com/guide"]')).toHaveText('break the site');
  // Undo takes the field back to its saved text: one step when both links land within History's
  // coalescing window (history.ts, unit-tested), two when a busy machine spaced them further apart.
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  const saveState = page.locator('.save-state');
  await undo.click();
  await expect(saveState).toHaveText('All changes saved', { timeout: 2_000 }).catch(() => undo.click());
  await expect(saveState).toHaveText('All changes saved');
});

test('the editor’s Undo restores the field’s earlier value into the formatted view', async ({ page }) => {
  const { body, toolbar } = await openPost(page, 'editing-without-fear');
  await select(body, 'confidence');
  await toolbar.getByRole('button', { name: 'Italic' }).click();
  await expect(body.locator('em', { hasText: 'confidence' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(body.locator('em', { hasText: 'confidence' })).toHaveCount(0);
  await expect(body.locator('em', { hasText: 'will I break the site' })).toBeVisible();
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
});

test('a link to a page added with no text selected reads as the page’s title, not its address', async ({ page }) => {
  const { body } = await openPost(page, 'editing-without-fear');
  await expect(body).toHaveAttribute('contenteditable', 'true');
  await body.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Add link' });
  await dialog.getByRole('combobox', { name: 'Link to' }).fill('/about');
  await dialog.getByRole('button', { name: 'Add link' }).click();
  // It once stored [/about](/about): visitors read "/about".
  await expect(body.locator('a[href="/about"]').last()).toHaveText('About');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
});

test('text typed before a heading, ending in a space, and a link typed at speed, then undone step by step, stay in the formatted view', async ({ page }) => {
  // A UX review's steps: Ctrl+Home, Enter, "Some intro text ", Ctrl+K and a link, then Undo; the field fell into source view and stayed there.
  const { body } = await openPost(page, 'editing-without-fear');
  // The formatted view, not the plain textarea that stands in while its code loads: keys typed into that one are lost as it is replaced.
  await expect(body).toHaveAttribute('contenteditable', 'true');
  await body.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.type('Some intro text ');
  await expect(page.locator('.save-state')).toHaveText('Unsaved changes to 1 post');
  // A link added from the keyboard, typed at once and at speed: the dialog's address field has the keys from the first.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('https://www.example.com', { delay: 40 });
  const dialog = page.getByRole('dialog', { name: 'Add link' });
  await expect(dialog.getByRole('combobox', { name: 'Link to' })).toHaveValue('https://www.example.com');
  await dialog.getByRole('button', { name: 'Add link' }).click();
  await expect(body.getByRole('link', { name: 'https://www.example.com' })).toBeVisible();
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  for (let step = 0; step < 4 && (await undo.isEnabled()); step += 1) {
    await undo.click();
    await expect(body).toBeVisible();
    await expect(page.locator('.rt-source')).toHaveCount(0);
  }
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
  await expect(body).not.toContainText('Some intro text');
});
