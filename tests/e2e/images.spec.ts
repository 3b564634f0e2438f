/**
 * Responsive images end to end, against `astro dev` on a copy of the project: a large phone
 * photo (3000 × 2000, GPS in its EXIF) is uploaded through the media library and chosen as the
 * home hero, with a focal point. The editor shows its size and weight, and says its GPS position
 * was removed at the upload; a phone (390 px wide, DPR 2) then downloads a small AVIF cut to the
 * hero's frame, not the original.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { dataFile, openEditor, outlineItem, preview, save, shot, test } from './support';

const NAME = 'big-phone-photo.jpg';

// The test saves the home page; the other spec files expect the demo's hero, so it is put back.
let savedHome: string;
test.beforeAll(async () => {
  savedHome = await readFile(dataFile('pages/home.json'), 'utf8');
});
test.afterAll(async () => {
  await writeFile(dataFile('pages/home.json'), savedHome);
});

/** A photo-like JPEG of about 2–4 MB: smooth light, soft shapes and sensor grain, with a GPS position. */
async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [3000, 2000];
  const grain = await sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 24 } } }).raw().toBuffer();
  const light = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#3b6ea5"/><stop offset="1" stop-color="#e8b06a"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="2100" cy="800" r="420" fill="#f4e3c1"/><rect x="300" y="1300" width="1400" height="500" rx="60" fill="#2f4f3a"/></svg>`,
  );
  return sharp(light)
    .composite([{ input: await sharp(grain, { raw: { width, height, channels: 3 } }).blur(0.6).png().toBuffer(), blend: 'overlay' }])
    .jpeg({ quality: 93 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 19/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '18/1 4/1 0/1' } })
    .toBuffer();
}

/** The bytes of every image response a page load receives, by URL. */
function imageBytes(page: Page): Map<string, number> {
  const seen = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'image') seen.set(new URL(response.url()).pathname, (await response.body()).length);
  });
  return seen;
}

test('a large upload as the hero: its GPS position is removed, and a phone downloads a small AVIF of it', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const photo = await phonePhoto();
  expect(photo.length).toBeGreaterThan(2_000_000);

  await openEditor(page, 'home');
  await outlineItem(page, 'home-hero').click();
  await page.getByRole('button', { name: 'Choose image', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Media library' });
  await dialog.getByLabel('Upload images').setInputFiles({ name: NAME, mimeType: 'image/jpeg', buffer: photo });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  // The field shows the photo's size and weight; the editor says where it was taken was removed, and nothing records it now.
  await page.getByLabel('Alt text', { exact: true }).fill('Sunset over a green roof');
  await expect(page.locator('.media-field-details')).toHaveText(/^3000 × 2000 px · [2-5](\.\d)? MB$/);
  await expect(page.getByText(`Removed where the photo “${NAME}” was taken (its GPS position) before saving it`)).toBeVisible();
  await expect(page.locator('.media-field-gps')).toHaveCount(0);

  // A focal point, clicked on the image: the right third, a little above the middle.
  const focal = page.getByRole('slider', { name: /Focal point/ });
  const box = (await focal.boundingBox())!;
  await focal.click({ position: { x: box.width * 0.7, y: box.height * 0.4 } });
  await expect(focal).toHaveAttribute('aria-valuetext', '70% across, 40% down');
  await focal.press('ArrowRight');
  await expect(focal).toHaveAttribute('aria-valuetext', '75% across, 40% down');
  await expect(preview(page).locator('[data-section-id="home-hero"] img')).toHaveAttribute('src', new RegExp(`^/_img/${NAME}/[0-9a-f]{16}-w1024-r4x3-f75x40\\.jpg$`));
  await shot(page, 'images-focal-point');
  await save(page);

  // The library lists it with its size and weight, and no GPS note.
  await page.getByRole('button', { name: 'Choose image', exact: true }).click();
  const tile = dialog.locator('.media-item').filter({ has: page.getByRole('button', { name: new RegExp(`^${NAME.replace('.', '\\.')}`) }) });
  await expect(tile.locator('.media-tile-details')).toContainText('3000 × 2000 px');
  await expect(tile.locator('.media-tile-gps')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A phone: 390 px wide at DPR 2.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const visitor = await phone.newPage();
  const downloaded = imageBytes(visitor);
  await visitor.goto('/');
  const hero = visitor.locator('[data-section-id="home-hero"] img');
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const current = new URL(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
  expect(current).toMatch(new RegExp(`^/_img/${NAME}/[0-9a-f]{16}-w800-r4x3-f75x40\\.avif$`));
  // naturalWidth is in CSS pixels (the srcset's density applied): the ratio is the frame's, 4:3.
  const [shownWidth, shownHeight] = await hero.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(Math.abs(shownWidth! / shownHeight! - 4 / 3)).toBeLessThan(0.01);
  await expect.poll(() => downloaded.get(current)).toBeGreaterThan(0);
  const heroBytes = [...downloaded].filter(([url]) => url.includes(`/${NAME}`));
  // Only the one variant, and far under the 80 KB target; the 2+ MB original is never fetched.
  expect(heroBytes.map(([url]) => url)).toEqual([current]);
  expect(heroBytes[0]![1]).toBeLessThanOrEqual(80_000);
  await visitor.screenshot({ path: 'test-results/e2e/screens/images-phone-hero.png' });
  await phone.close();
});
