/** Saves that go wrong between the editor and the server: an answer lost on the way, a document renamed elsewhere. */
import { access, readFile, writeFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { dataFile, openEditor, outlineItem, readData, save, shot, test } from './support';

const section = async (file: string, id: string) => (await readData(file)).sections.find((entry: { id?: string }) => entry.id === id);
const notice = (page: Page) => page.locator('.banner').filter({ hasText: /save/i });

test('a save whose answer is lost after the server took it is found saved: never "nothing was saved", never a false conflict', async ({ page }) => {
  await openEditor(page, 'pricing');
  await outlineItem(page, 'pricing-hero').click();
  const title = page.getByLabel('Title', { exact: true });
  await title.fill('Saved though unanswered');
  // The request reaches the server and is committed; the connection drops before its answer arrives.
  await page.route('**/api/content/changes', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  }, { times: 1 });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
  await expect(notice(page)).toContainText('the editor checked that the save arrived');
  await shot(page, 'save-answer-lost');
  await expect(page.getByText('Nothing was saved')).toHaveCount(0);
  expect((await section('pages/pricing.json', 'pricing-hero')).data.title).toBe('Saved though unanswered');
  // The versions moved on with it: the next save is no conflict "by someone else".
  await title.fill('Saved again');
  await save(page);
  expect((await section('pages/pricing.json', 'pricing-hero')).data.title).toBe('Saved again');
});

test('a save that never reached the server says it did not arrive, and keeps the edit to save again', async ({ page }) => {
  await openEditor(page, 'pricing');
  await outlineItem(page, 'pricing-hero').click();
  await page.getByLabel('Title', { exact: true }).fill('Not sent the first time');
  await page.route('**/api/content/changes', (route) => route.abort('connectionreset'), { times: 1 });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(notice(page)).toContainText('Your save did not arrive');
  await expect(page.locator('.save-state')).toHaveText('Unsaved changes to 1 page');
  await save(page);
  expect((await section('pages/pricing.json', 'pricing-hero')).data.title).toBe('Not sent the first time');
});

test('a post renamed elsewhere while edited: the save says where it went, and moves the edits there, never duplicating it', async ({ page }) => {
  const from = 'collections/posts/modeling-content-before-pixels.json';
  const to = 'collections/posts/modeling-content-first.json';
  await page.goto('/editor/~posts/modeling-content-before-pixels');
  const title = page.getByLabel('Title', { exact: true });
  await title.fill('Edited by Ada');
  // Bea renames it meanwhile: a move in the content store.
  const moved = await page.evaluate(async ({ from, to }) => {
    const state = await (await fetch('/api/editor/state')).json();
    const baseVersion = state.docs.find((doc: { file: string }) => doc.file === from).version;
    const response = await fetch('/api/content/changes', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ changes: [{ op: 'move', file: from, to, baseVersion }] }) });
    return response.status;
  }, { from, to });
  expect(moved).toBe(200);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Renamed since you opened it' });
  // Named as saved, where the move was made: its title did not change there, so its addresses tell the two apart (it said the post “was renamed to” itself).
  await expect(dialog).toContainText('Post “Model the content before you draw a single pixel” (/posts/modeling-content-before-pixels/) was renamed to Post “Model the content before you draw a single pixel” (/posts/modeling-content-first/)');
  await expect(dialog.getByRole('button', { name: 'Replace with mine' })).toHaveCount(0);
  await shot(page, 'save-renamed-elsewhere');
  await dialog.getByRole('button', { name: 'Move my edits there' }).click();
  await expect(page).toHaveURL(/\/editor\/~posts\/modeling-content-first$/);
  await expect(title).toHaveValue('Edited by Ada');
  await save(page);
  expect((await readData(to)).title).toBe('Edited by Ada');
  await expect(access(dataFile(from))).rejects.toThrow();
});

test('their version of a file broken by hand cannot be loaded: the editor says why and keeps the edit (it closed as if done)', async ({ page }) => {
  const file = dataFile('pages/pricing.json');
  const stored = await readFile(file, 'utf8');
  await openEditor(page, 'pricing');
  await outlineItem(page, 'pricing-hero').click();
  await page.getByLabel('Title', { exact: true }).fill('Mine, over a broken file');
  await writeFile(file, `${stored.slice(0, 40)}<<<<<<< merge`);
  try {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Changed since you opened it' });
    await dialog.getByRole('button', { name: 'Load their version' }).click();
    await expect(page.getByText(/Their version of .* cannot be loaded: .*Your changes are kept, unsaved/)).toBeVisible();
    await expect(page.locator('.save-state')).toHaveText('Unsaved changes to 1 page');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Mine, over a broken file');
  } finally {
    await writeFile(file, stored);
  }
});

test('a new page whose address was taken meanwhile moves to a free one, unsaved, beside theirs (the editor crashed)', async ({ page }) => {
  await openEditor(page, 'home');
  await page.getByRole('button', { name: 'New page' }).click();
  await page.getByRole('dialog').getByLabel('Title', { exact: true }).fill('Team');
  await page.getByRole('button', { name: 'Create page' }).click();
  await expect(page).toHaveURL(/\/editor\/team$/);
  // Someone else's page lands at that address (another tab, a colleague, a pull).
  const theirs = { id: 'team', slug: 'team', status: 'draft', meta: { title: 'Team, by someone else', description: 'Theirs.' }, sections: [] };
  await writeFile(dataFile('pages/team.json'), `${JSON.stringify(theirs, null, 2)}\n`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.banner').filter({ hasText: 'Yours is kept, unsaved, at /team-2/' })).toBeVisible();
  await expect(page.getByText('Something went wrong in the editor')).toHaveCount(0);
  await expect(page).toHaveURL(/\/editor\/team-2$/);
  await shot(page, 'new-page-address-taken');
  expect(await readData('pages/team.json')).toEqual(theirs);
  await save(page);
  expect(await readData('pages/team-2.json')).toMatchObject({ id: 'team-2', slug: 'team-2', meta: { title: 'Team' } });
  expect(await readData('pages/team.json')).toEqual(theirs);
});

test('a new page never saved is discarded from beside its title, and Undo brings it back', async ({ page }) => {
  await openEditor(page, 'home');
  await page.getByRole('button', { name: 'New page' }).click();
  await page.getByRole('dialog').getByLabel('Title', { exact: true }).fill('Made by mistake');
  await page.getByRole('button', { name: 'Create page' }).click();
  await expect(page).toHaveURL(/\/editor\/made-by-mistake$/);
  await expect(page.getByRole('button', { name: 'Delete page…' })).toHaveCount(0);
  await shot(page, 'discard-new-page');
  await page.getByRole('button', { name: 'Discard new page' }).click();
  await expect(page.locator('.banner').filter({ hasText: 'which was never saved. Undo brings it back.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages' })).not.toContainText('Made by mistake');
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Made by mistake');
  await expect(access(dataFile('pages/made-by-mistake.json'))).rejects.toThrow();
});

test('a section deleted there and edited here: the conflict dialog names it, not only the lists’ lengths', async ({ page }) => {
  await openEditor(page, 'features');
  const file = 'pages/features.json';
  const original = await readFile(dataFile(file), 'utf8');
  const stored = JSON.parse(original);
  const target = stored.sections.find((entry: { id?: string; data?: { title?: string } }) => entry.id && entry.data?.title);
  await outlineItem(page, target.id).click();
  await page.getByLabel('Title', { exact: true }).fill('Edited here');
  // Someone deletes that section and saves (by hand here).
  await writeFile(dataFile(file), `${JSON.stringify({ ...stored, sections: stored.sections.filter((entry: { id?: string }) => entry.id !== target.id) }, null, 2)}\n`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Changed since you opened it' });
  await expect(dialog).toContainText('Yours: (a list of');
  await expect(dialog).toContainText('with “Edited here”');
  await expect(dialog).toContainText('without “Edited here”');
  await shot(page, 'conflict-deleted-section');
  await dialog.getByRole('button', { name: /Keep theirs/ }).click();
  await expect(dialog).toHaveCount(0);
  // The tests share one copy of the data: the page goes back as it was (other specs build on its header).
  await writeFile(dataFile(file), original);
});
