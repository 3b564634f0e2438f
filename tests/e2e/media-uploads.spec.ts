/**
 * Uploads through the media library in a real browser against `astro dev` on
 * a copy of the project: the picker's upload, its progress, the client's
 * checks and the server's answers, name conflicts, drop and paste. Uploaded
 * files land in the copy's public/assets/images. Choosing images and the image
 * field's warnings: media.spec.ts.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Page, type Request } from '@playwright/test';
import { test, preview, shot, imageFile } from './support';
import { openHeroPicker, png } from './media-support';
import sharp from 'sharp';

/** Records the upload requests the page sends. */
function uploadRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/upload-asset')) requests.push(request);
  });
  return requests;
}

test('uploads a PNG through the picker: it is selected, shown in the preview and listed in the grid', async ({ page }) => {
  const bytes = await png('#14b8a6', 64, 48);
  const dialog = await openHeroPicker(page);
  await expect(dialog.getByText('JPEG, PNG, WebP, GIF or SVG, up to 10 MB', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'hero-studio.webp', exact: true })).toHaveAttribute('aria-current', 'true');

  await dialog.getByLabel('Upload images').setInputFiles({ name: 'Studio Photo #1.PNG', mimeType: 'image/png', buffer: bytes });
  const name = dialog.getByLabel('File name');
  await expect(name).toHaveValue('studio-photo-1.png');
  await expect(name).toBeFocused();
  await name.fill('studio photo.png');
  await expect(dialog.getByText('Use letters, digits, - and _ only')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  await name.fill('studio-photo-1.png');

  // Hold the request so the progress bar can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/upload-asset', async (route) => {
    await held;
    await route.continue();
  });
  const request = page.waitForRequest('**/api/upload-asset');
  await name.press('Enter');
  await expect(dialog.getByRole('progressbar', { name: 'Uploading studio-photo-1.png' })).toBeVisible();
  await shot(page, 'media-uploading');
  release();
  expect((await request).postDataJSON()).toEqual({ filename: 'studio-photo-1.png', data: bytes.toString('base64'), mimeType: 'image/png' });
  await page.unroute('**/api/upload-asset');

  // Selected at once: the picker closes and the URL is set; the old image's alt text is cleared, and focus is on it.
  await expect(dialog).toBeHidden();
  const alt = page.getByLabel('Alt text', { exact: true });
  await expect(alt).toBeFocused();
  await expect(alt).toHaveValue('');
  await alt.fill('A teal square');
  await expect(page.getByLabel('Image URL')).toHaveValue('/assets/images/studio-photo-1.png');
  await expect(page.locator('.media-field-name')).toHaveText('studio-photo-1.png');
  const heroImage = preview(page).locator('[data-section-id="home-hero"] img');
  // The preview shows the page's own variants of the upload (src/lib/images/), made on first request.
  await expect(heroImage).toHaveAttribute('src', /^\/_img\/studio-photo-1\.png\/[0-9a-f]{16}-w320-r4x3-f50x50\.jpg$/);
  // Loaded, in the frame's 4:3 (naturalWidth is in CSS pixels once a srcset's density applies).
  await expect.poll(() => heroImage.evaluate((img: HTMLImageElement) => img.complete && Math.round((img.naturalWidth / img.naturalHeight) * 100))).toBe(133);
  expect(await readFile(imageFile('studio-photo-1.png'))).toEqual(bytes);

  // In the grid, marked as current, and used by the (unsaved) home page; the old image is no longer used.
  await page.getByRole('button', { name: 'Choose image', exact: true }).click();
  const tile = dialog.getByRole('button', { name: 'studio-photo-1.png', exact: true });
  await expect(tile).toHaveAttribute('aria-current', 'true');
  // (A `has` locator is queried inside each item, so it starts from the page.)
  const itemOf = (name: string) => dialog.locator('.media-item').filter({ has: page.getByRole('button', { name, exact: true }) });
  await itemOf('studio-photo-1.png').getByText('Used in 1 place').click();
  await expect(itemOf('studio-photo-1.png').getByRole('listitem')).toHaveText('Page “Home” (/)');
  await expect(itemOf('hero-studio.webp').getByText('Not used')).toBeVisible();
  await expect(itemOf('cover-design-systems.webp').getByText('Used in 2 places')).toBeVisible();

  // Search by file name.
  await dialog.getByLabel('Search images').fill('STUDIO');
  await expect(dialog.getByRole('list', { name: 'Images' }).locator('.media-tile-name')).toHaveText(['hero-studio.webp', 'studio-photo-1.png']);
  // The count is of every image in the library, which grows with the demo content: only the matches are fixed.
  await expect(dialog.getByText(/^2 of \d+ images$/)).toBeVisible();
  await shot(page, 'media-library');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the progress bar follows the upload', async ({ page }) => {
  // Random pixels do not compress: about 600 KB, sent over a link throttled to 400 KB/s.
  const bytes = await sharp({ create: { width: 450, height: 450, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
  const dialog = await openHeroPicker(page);
  await dialog.getByLabel('Upload images').setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: bytes });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 10_000_000, uploadThroughput: 400_000 });
  await page.evaluate(() => {
    const seen: number[] = ((window as unknown as { progress: number[] }).progress = []);
    new MutationObserver(() => {
      const bar = document.querySelector('progress');
      if (bar) seen.push(bar.value);
    }).observe(document.body, { subtree: true, attributes: true, childList: true });
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Uploading noise.png' })).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const seen = await page.evaluate(() => (window as unknown as { progress: number[] }).progress);
  expect(seen.filter((value) => value > 0 && value < 100).length).toBeGreaterThan(2);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  await expect(page.getByLabel('Image URL')).toHaveValue('/assets/images/noise.png');
});

test('an oversize file or another type is refused with a message, before any request', async ({ page }) => {
  const requests = uploadRequests(page);
  const dialog = await openHeroPicker(page);
  await dialog.getByLabel('Upload images').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await expect(dialog.getByRole('alert')).toHaveText('“huge.png” is too large: over 10 MB. Images can be at most 10 MB.');
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  await dialog.getByLabel('Upload images').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByRole('alert')).toHaveText('“notes.txt” is not a JPEG, PNG, WebP, GIF or SVG image.');
  await dialog.getByRole('button', { name: 'Dismiss' }).click();

  // A name that claims an image is not enough: the first bytes are checked, as the server does (a text file named fake.png was offered, with a broken thumbnail).
  await dialog.getByLabel('Upload images').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(dialog.getByRole('alert')).toHaveText('“fake.png” is not a PNG image, though its name says so: what is inside is not a picture (perhaps another kind of file was renamed). Choose the image itself.');
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toHaveCount(0);
  await expect(dialog.locator('.media-upload-thumb')).toHaveCount(0);
  await shot(page, 'media-refused');
  expect(requests).toHaveLength(0);
});

test('a file the server refuses (a PNG broken inside) gets the server’s 400 message', async ({ page }) => {
  const dialog = await openHeroPicker(page);
  // A PNG's signature, then nothing a PNG holds: the editor's check of the first bytes lets it through, the server's reading of the whole does not.
  const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(504, 0x90)]);
  await dialog.getByLabel('Upload images').setInputFiles({ name: 'setup.png', mimeType: 'image/png', buffer: broken });
  const answer = page.waitForResponse('**/api/upload-asset');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const response = await answer;
  expect(response.status()).toBe(400);
  const { error } = await response.json();
  expect(error).toMatch(/PNG/);
  await expect(dialog.getByRole('alert')).toHaveText(`The server refused “setup.png”: ${error}`);
  // The same file under the same name would be refused again: Upload waits for another name, or Cancel.
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  await dialog.getByLabel('File name').fill('setup-2.png');
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeEnabled();
  await expect(dialog).toBeVisible();
  await expect(page.getByLabel('Image URL')).toHaveValue('/assets/images/hero-studio.webp');
  await expect(readFile(imageFile('setup.png'))).rejects.toThrow(/ENOENT/);
});

test('a name another image has in other capitals offers only a new name: Replace could not mend it', async ({ page }) => {
  // Put there by hand, capitals and all: the editor's own names are lower case.
  await writeFile(imageFile('Crew.png'), await png('#4f46e5'));
  const dialog = await openHeroPicker(page);
  await dialog.getByLabel('Upload images').setInputFiles({ name: 'crew.png', mimeType: 'image/png', buffer: await png('#c2264b') });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('An image named “crew.png” in other capitals is already in the library: on Mac and Windows the two would be one file. Use a new name.');
  await expect(dialog.getByRole('button', { name: 'Replace' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Use a new name' }).click();
  await expect(dialog.getByLabel('File name')).toHaveValue('crew-2.png');
  await dialog.getByLabel('File name').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Image URL')).toHaveValue('/assets/images/crew-2.png');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
});

test('a name conflict offers a new name or replacing the image', async ({ page }) => {
  const original = await png('#4f46e5');
  await writeFile(imageFile('team.png'), original);
  const requests = uploadRequests(page);

  // "Use a new name": team.png stays, the upload becomes team-2.png.
  const dialog = await openHeroPicker(page);
  const second = await png('#c2264b');
  await dialog.getByLabel('Upload images').setInputFiles({ name: 'Team.png', mimeType: 'image/png', buffer: second });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A different image named “team.png” is already in the library.');
  await shot(page, 'media-conflict');
  await dialog.getByRole('button', { name: 'Use a new name' }).click();
  const name = dialog.getByLabel('File name');
  await expect(name).toHaveValue('team-2.png');
  await expect(name).toBeFocused();
  await name.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Image URL')).toHaveValue('/assets/images/team-2.png');
  expect(await readFile(imageFile('team-2.png'))).toEqual(second);
  expect(await readFile(imageFile('team.png'))).toEqual(original);

  // "Replace": re-sent with overwrite, and team.png is selected.
  await page.getByRole('button', { name: 'Choose image', exact: true }).click();
  const third = await png('#0f7a4d');
  await dialog.getByLabel('Upload images').setInputFiles({ name: 'team.png', mimeType: 'image/png', buffer: third });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('“team.png”');
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Image URL')).toHaveValue('/assets/images/team.png');
  expect(await readFile(imageFile('team.png'))).toEqual(third);
  expect(requests.map((request) => [request.postDataJSON().filename, request.postDataJSON().overwrite])).toEqual([
    ['team.png', undefined],
    ['team-2.png', undefined],
    ['team.png', undefined],
    ['team.png', true],
  ]);
});

test('dropping a file on the grid and pasting an image add them to the uploads', async ({ page }) => {
  const dialog = await openHeroPicker(page);
  const base64 = (await png('#e89b1a')).toString('base64');
  const transfer = await page.evaluateHandle((data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], 'Dropped Image.png', { type: 'image/png' }));
    return transfer;
  }, base64);
  await dialog.locator('.media-drop').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(dialog.getByLabel('File name')).toHaveValue('dropped-image.png');

  await page.evaluate((data) => {
    const clipboard = new DataTransfer();
    clipboard.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], 'image.png', { type: 'image/png' }));
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
  }, base64);
  await expect(dialog.getByLabel('File name')).toHaveCount(2);
  await expect(dialog.getByLabel('File name').nth(1)).toHaveValue('image.png');
  await expect(dialog.getByLabel('File name').nth(1)).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(dialog.getByLabel('File name')).toHaveCount(1);
});
