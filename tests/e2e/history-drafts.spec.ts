/**
 * Recovering unsaved edits after the tab was closed: drafts kept in the
 * browser, restored, merged with a save made since or with another tab's, and
 * what the editor says when they cannot be kept. Undo/redo: history.spec.ts.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { test, dataFile, outlineItem, openEditor, save, shot } from './support';

test('unsaved edits survive a closed tab and can be restored', async ({ context }) => {
  const page = await context.newPage();
  await openEditor(page, 'about');
  await outlineItem(page, 'about-hero').click();
  await page.getByLabel('Title', { exact: true }).fill('Draft that must not be lost');
  await page.waitForTimeout(800); // a while after typing: the idle-time write has happened
  await page.close({ runBeforeUnload: false });

  const reopened = await context.newPage();
  await openEditor(reopened, 'about');
  const banner = reopened.getByRole('alert').filter({ hasText: 'Unsaved changes from an earlier session' });
  await expect(banner).toContainText('Page “About”');
  // It says what the draft changed, so the choice is made knowing what is at stake.
  await expect(banner).toContainText('Changed: Page header › Title');
  // The save status does not say "All changes saved" beside it.
  await expect(reopened.locator('.save-state')).toHaveText('Unsaved changes from last time: restore or discard them');
  // On a phone the words wrap: the window never scrolls sideways (it did, by 51 px).
  await reopened.setViewportSize({ width: 390, height: 844 });
  expect(await reopened.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await reopened.setViewportSize({ width: 1440, height: 900 });
  await banner.getByRole('button', { name: 'Restore' }).click();
  await expect(reopened.locator('.save-state')).toHaveText('Unsaved changes to 1 page');
  await outlineItem(reopened, 'about-hero').click();
  await expect(reopened.getByLabel('Title', { exact: true })).toHaveValue('Draft that must not be lost');
  await expect(reopened.frameLocator('iframe[title="Preview"]').locator('h1')).toHaveText('Draft that must not be lost');
});

test('a new page closed before its first save is said to be unsaved, with Restore, never “No page” and a link to a 404', async ({ context }) => {
  const page = await context.newPage();
  await openEditor(page, 'home');
  await page.getByRole('button', { name: 'New page' }).click();
  await page.getByLabel('Title', { exact: true }).fill('Never Saved Team');
  await page.getByRole('button', { name: 'Create page' }).click();
  await expect(page).toHaveURL(/\/editor\/never-saved-team$/);
  await page.waitForTimeout(800); // the idle-time write of the draft
  await page.close({ runBeforeUnload: false });

  const reopened = await context.newPage();
  await reopened.goto('/editor/never-saved-team');
  await expect(reopened.getByRole('heading', { name: 'Page “/never-saved-team/” is not saved yet' })).toBeVisible();
  await expect(reopened.getByRole('link', { name: /View page/ })).toHaveCount(0);
  await reopened.getByRole('alert').filter({ hasText: 'Unsaved changes from an earlier session' }).getByRole('button', { name: 'Restore' }).click();
  await expect(reopened.frameLocator('iframe[title="Preview"]').locator('h1')).toHaveText('Never Saved Team');
});

test('a draft whose file was changed on disk since in other fields is merged with that change, and can be discarded', async ({ context }) => {
  const page = await context.newPage();
  await openEditor(page, 'journal');
  await outlineItem(page, 'journal-hero').click();
  await page.getByLabel('Title', { exact: true }).fill('Stale draft');
  await page.waitForTimeout(800);
  await page.close({ runBeforeUnload: false });
  const onDisk = JSON.parse(await readFile(dataFile('pages/journal.json'), 'utf8'));
  onDisk.meta.description = 'Changed by someone else.';
  await writeFile(dataFile('pages/journal.json'), JSON.stringify(onDisk, null, 2));

  const reopened = await context.newPage();
  await openEditor(reopened, 'journal');
  const banner = reopened.getByRole('alert').filter({ hasText: 'Unsaved changes from an earlier session' });
  await expect(banner).toContainText('it was saved since, and your changes are merged with that save');
  // Discard asks first, naming what goes (it once deleted the draft at once, with no way back).
  await banner.getByRole('button', { name: 'Discard…' }).click();
  const question = reopened.getByRole('dialog', { name: 'Discard these unsaved changes?' });
  await expect(question).toContainText(/Page “Journal[^”]*” \(\/journal\/\)/); // another spec may have retitled it
  await expect(question).toContainText('Page header › Title');
  await expect(question.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await shot(reopened, 'discard-drafts-question');
  await question.getByRole('button', { name: 'Keep it' }).click();
  await expect(question).toBeHidden();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Discard…' }).click();
  await question.getByRole('button', { name: 'Discard it' }).click();
  await expect(banner).toBeHidden();
  await expect(reopened.getByRole('status').filter({ hasText: 'Discarded the unsaved changes from an earlier session to 1 page.' })).toBeVisible();
  await reopened.reload();
  await expect(reopened.locator('.editor')).toBeVisible();
  await expect(reopened.getByText('Unsaved changes from an earlier session')).toBeHidden();
});

test('a tab closed right after a keystroke keeps that keystroke, and edits made while the Restore banner shows are kept too', async ({ context }) => {
  const page = await context.newPage();
  await openEditor(page, 'about');
  await outlineItem(page, 'about-hero').click();
  const title = page.getByLabel('Title', { exact: true });
  await title.fill('Quick');
  await title.press('!');
  // No wait at all: the page is closed at once, and `pagehide` writes what is still pending.
  await page.close({ runBeforeUnload: false });

  const second = await context.newPage();
  await openEditor(second, 'home');
  await expect(second.getByRole('alert').filter({ hasText: 'Unsaved changes from an earlier session' })).toContainText('Page “About”');
  // While the banner shows, edit another page, and close again.
  await outlineItem(second, 'home-hero').click();
  await second.getByLabel('Title', { exact: true }).fill('Edited under the banner');
  await second.close({ runBeforeUnload: false });

  const third = await context.newPage();
  await openEditor(third, 'about');
  const banner = third.getByRole('alert').filter({ hasText: 'Unsaved changes from an earlier session' });
  await expect(banner).toContainText('Page “About”');
  // It says what the draft changed, so the choice is made knowing what is at stake.
  await expect(banner).toContainText('Changed: Page header › Title');
  await expect(banner).toContainText('Page “Home”');
  await banner.getByRole('button', { name: 'Restore' }).click();
  await outlineItem(third, 'about-hero').click();
  await expect(third.getByLabel('Title', { exact: true })).toHaveValue('Quick!');
  await third.locator('.page-link[href="/editor/home"]').click();
  await outlineItem(third, 'home-hero').click();
  await expect(third.getByLabel('Title', { exact: true })).toHaveValue('Edited under the banner');
});

/** A new tab on the About page with the title of `section` typed, once the idle-time draft write has happened. */
async function editInNewTab(context: BrowserContext, section: string, title: string): Promise<Page> {
  const tab = await context.newPage();
  await openEditor(tab, 'about');
  await outlineItem(tab, section).click();
  await tab.getByLabel('Title', { exact: true }).fill(title);
  await tab.waitForTimeout(800);
  return tab;
}

test('a second tab never offers, nor discards, an open tab\'s unsaved changes; it says which documents that tab is changing', async ({ context }) => {
  const first = await editInNewTab(context, 'about-hero', 'Only in the first tab');

  // The attack on its drafts this replays: the second tab offered them as a crashed session's, and Discard deleted them.
  const second = await context.newPage();
  await openEditor(second, 'about');
  await expect(second.getByRole('status').filter({ hasText: 'Another tab of the editor has unsaved changes to' })).toContainText('Page “About”');
  await expect(second.getByText('Unsaved changes from an earlier session')).toBeHidden();

  // Once the first tab is gone (closed, or crashed), the second offers its changes back.
  await first.close({ runBeforeUnload: false });
  const banner = second.getByRole('alert').filter({ hasText: 'Unsaved changes from an earlier session' });
  await expect(banner).toContainText('Page “About”');
  // It says what the draft changed, so the choice is made knowing what is at stake.
  await expect(banner).toContainText('Changed: Page header › Title');
  await expect(second.getByText('Another tab of the editor has unsaved changes to')).toBeHidden();
  await banner.getByRole('button', { name: 'Restore' }).click();
  await outlineItem(second, 'about-hero').click();
  await expect(second.getByLabel('Title', { exact: true })).toHaveValue('Only in the first tab');
});

test('a closed tab\'s draft restored in one open tab is no longer offered in another, which says that tab has it now', async ({ context }) => {
  const closing = await editInNewTab(context, 'about-hero', 'Restored once, not twice');
  await closing.close({ runBeforeUnload: false });

  const [one, other] = [await context.newPage(), await context.newPage()];
  for (const tab of [one, other]) await openEditor(tab, 'about');
  const offer = (tab: typeof one) => tab.getByRole('alert').filter({ hasText: 'Unsaved changes from an earlier session' });
  await expect(offer(other)).toContainText('Page “About”');
  await offer(one).getByRole('button', { name: 'Restore' }).click();
  await expect(offer(other)).toBeHidden();
  await expect(other.getByRole('status').filter({ hasText: 'Another tab of the editor has unsaved changes to' })).toContainText('Page “About”');
});

test('two closed tabs\' drafts of one page, of different fields, are both restored: neither is dropped for the other', async ({ context }) => {
  const first = await editInNewTab(context, 'about-hero', 'From the first tab');
  const second = await editInNewTab(context, 'about-cta', 'From the second tab');
  await first.close({ runBeforeUnload: false });
  await second.close({ runBeforeUnload: false });

  const reopened = await context.newPage();
  await openEditor(reopened, 'about');
  const banner = reopened.getByRole('alert').filter({ hasText: 'Unsaved changes from an earlier session' });
  await expect(banner).toContainText('2 tabs’ drafts merged');
  await shot(reopened, 'drafts-merged');
  await banner.getByRole('button', { name: 'Restore' }).click();
  await expect(banner).toBeHidden();
  await outlineItem(reopened, 'about-hero').click();
  await expect(reopened.getByLabel('Title', { exact: true })).toHaveValue('From the first tab');
  await outlineItem(reopened, 'about-cta').click();
  await expect(reopened.getByLabel('Title', { exact: true })).toHaveValue('From the second tab');
  // The closed tabs' drafts are gone only because both are in this tab's now.
  await reopened.waitForTimeout(800);
  const drafts = await reopened.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('content-editor:draft:')).map((key) => localStorage.getItem(key)!));
  expect(drafts).toHaveLength(1);
  expect(drafts[0]).toContain('From the first tab');
  expect(drafts[0]).toContain('From the second tab');
});

test('a draft of a post renamed since the tab closed is restored onto the renamed post, not made again at its old name', async ({ context }) => {
  const [from, to] = ['collections/posts/writing-for-the-scan.json', 'collections/posts/writing-for-scanning.json'];
  const page = await context.newPage();
  await page.goto('/editor/~posts/writing-for-the-scan');
  await page.getByLabel('Title', { exact: true }).fill('Writing for the scan, redrafted');
  await page.waitForTimeout(800); // a while after typing: the idle-time write has happened
  await page.close({ runBeforeUnload: false });

  // Someone renames the post meanwhile: a move in the content store.
  const other = await context.newPage();
  await other.goto('/');
  const moved = await other.evaluate(async ({ from, to }) => {
    const state = await (await fetch('/api/editor/state')).json();
    const baseVersion = state.docs.find((doc: { file: string }) => doc.file === from).version;
    return (await fetch('/api/content/changes', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ changes: [{ op: 'move', file: from, to, baseVersion }] }) })).status;
  }, { from, to });
  expect(moved).toBe(200);

  await other.goto('/editor/~posts/writing-for-scanning');
  const banner = other.getByRole('alert').filter({ hasText: 'Unsaved changes from an earlier session' });
  await expect(banner).toContainText('renamed since (it was “writing-for-the-scan”), and your changes are carried to it');
  await shot(other, 'draft-of-renamed-post');
  await banner.getByRole('button', { name: 'Restore' }).click();
  await expect(other.getByLabel('Title', { exact: true })).toHaveValue('Writing for the scan, redrafted');
  await save(other);
  expect(JSON.parse(await readFile(dataFile(to), 'utf8')).title).toBe('Writing for the scan, redrafted');
  await expect(readFile(dataFile(from), 'utf8')).rejects.toThrow();
});

test('when the browser\'s storage is full, the editor says the unsaved changes are not kept on this device', async ({ page }) => {
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (key.startsWith('content-editor:draft:')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return setItem.call(this, key, value);
    };
  });
  await openEditor(page, 'pricing');
  await outlineItem(page, 'pricing-hero').click();
  const title = page.getByLabel('Title', { exact: true });
  const before = await title.inputValue();
  await title.fill('Typed with a full storage');
  await expect(page.getByText('This browser’s storage is full, so unsaved changes to')).toContainText('are not kept on this device: if the tab closes, they are lost. Save to keep them.');
  await shot(page, 'drafts-storage-full');
  await title.fill(before);
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
});
