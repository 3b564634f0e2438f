/**
 * The gallery, pricing-table, logo-cloud and video-embed types in the editor:
 * each is added to the pricing page with "Add section", edited through its
 * form (a field typed, a list item added), shown by the preview, and saved as
 * valid content that the dev server renders.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { openEditor, outlineItem, preview, readData, save, saveWithSampleText, shot, test } from './support';

const inspector = (page: Page) => page.getByLabel('Inspector');

/** Adds a section of the type the picker names `label`, and returns the id the editor gave it. */
async function addSection(page: Page, label: RegExp, id: string) {
  await openEditor(page, 'pricing');
  await outlineItem(page, 'pricing-hero').click();
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByRole('dialog').getByRole('option', { name: label }).click();
  await expect(outlineItem(page, id)).toHaveAttribute('aria-current', 'true');
  await expect(preview(page).locator(`[data-section-id="${id}"]`)).toBeVisible();
}

/** A form field by its label; optional fields add "(optional)" to it. */
const fieldOf = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label}(?: \\(optional\\))?$`));

/** The list item whose head reads `title` ("Plan 3"), not any item nested in it. */
const arrayItem = (page: Page, title: string): Locator =>
  inspector(page).locator('.array-item').filter({ has: page.locator(':scope > .array-item-head .array-item-title', { hasText: new RegExp(`^${title}$`) }) });

/**
 * The section as saved in the project copy, and the visitor page the dev server renders from it.
 * `keepsSampleText`: a default item is left as it came, so Save asks first, and is answered "Save anyway".
 */
async function saved(page: Page, id: string, { keepsSampleText = false } = {}) {
  await (keepsSampleText ? saveWithSampleText(page) : save(page));
  const stored = await readData('pages/pricing.json');
  const visitor = await page.request.get('/pricing/');
  expect(visitor.status()).toBe(200);
  return { section: stored.sections.find((section: { id?: string }) => section.id === id), html: await visitor.text() };
}

test('adds a gallery, titles it, adds a picture with its caption, and saves', async ({ page }) => {
  await addSection(page, /^Gallery/, 'pricing-gallery');
  await fieldOf(inspector(page), 'Title').fill('From the studio wall');
  await inspector(page).getByRole('button', { name: '+ Add picture' }).click();
  const picture = arrayItem(page, 'Picture 3');
  await picture.getByLabel('Image URL', { exact: true }).fill('/assets/images/cover-accessibility.webp');
  await picture.getByLabel('Alt text', { exact: true }).fill('Overlapping green circles');
  await fieldOf(picture, 'Caption').fill('A caption typed in the editor');

  const shown = preview(page).locator('[data-section-id="pricing-gallery"]');
  await expect(shown.getByRole('heading', { name: 'From the studio wall' })).toBeVisible();
  await expect(shown.locator('figure')).toHaveCount(3);
  await expect(shown.locator('figure').nth(2).locator('figcaption')).toHaveText('A caption typed in the editor');
  // Its largest copy (no EXIF), never the original upload.
  await expect(shown.getByRole('link', { name: 'Overlapping green circles (full size)' })).toHaveAttribute('href', /^\/_img\/cover-accessibility\.webp\/[0-9a-f]{16}-w\d+\.jpg$/);
  await shot(page, 'sections-b-gallery');

  const { section, html } = await saved(page, 'pricing-gallery', { keepsSampleText: true });
  expect(section).toMatchObject({ type: 'gallery', data: { title: 'From the studio wall' } });
  expect(section.data.images[2]).toEqual({ image: { url: '/assets/images/cover-accessibility.webp', alt: 'Overlapping green circles' }, caption: 'A caption typed in the editor' });
  expect(html).toContain('A caption typed in the editor');
});

test('adds a pricing table, adds a plan with a feature, refuses a second highlight in words, and saves', async ({ page }) => {
  await addSection(page, /^Pricing table/, 'pricing-pricing-table');
  await fieldOf(inspector(page), 'Title').fill('Plans typed in the editor');
  await inspector(page).getByRole('button', { name: '+ Add plan' }).click();
  const plan = arrayItem(page, 'Plan 3');
  await plan.getByLabel('Name', { exact: true }).fill('Enterprise');
  await plan.getByLabel('Price', { exact: true }).fill('On request');
  await plan.getByRole('button', { name: '+ Add feature' }).click();
  await plan.getByLabel('Feature 1', { exact: true }).fill('A named contact at the studio');
  await plan.getByLabel('Label', { exact: true }).fill('Ask for a quote');
  await fieldOf(plan, 'Link').fill('mailto:hello@northwind.studio');

  // The defaults already highlight "Plus": a second highlight is refused at its switch, and blocks saving.
  const highlight = plan.getByLabel('Highlight', { exact: true });
  await highlight.check();
  await expect(plan.getByText('Only one plan can be highlighted, and “Plus” already is: switch off Highlight here or there')).toBeVisible();
  await expect(highlight).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'sections-b-pricing-highlight');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Save is blocked' })).toBeVisible();
  await highlight.uncheck();

  const shown = preview(page).locator('[data-section-id="pricing-pricing-table"]');
  await expect(shown.getByRole('heading', { level: 3 })).toHaveText(['Basic', 'Plus', 'Enterprise']);
  await expect(shown.getByText('A named contact at the studio')).toBeVisible();
  await expect(shown.getByRole('link', { name: 'Ask for a quote' })).toHaveAttribute('href', 'mailto:hello@northwind.studio');

  const { section, html } = await saved(page, 'pricing-pricing-table', { keepsSampleText: true });
  expect(section.data.title).toBe('Plans typed in the editor');
  expect(section.data.plans[2]).toMatchObject({
    name: 'Enterprise',
    price: 'On request',
    features: ['A named contact at the studio'],
    cta: { id: 'ask-for-a-quote', label: 'Ask for a quote', href: 'mailto:hello@northwind.studio', variant: 'primary' },
  });
  expect(section.data.plans.filter((saved: { highlighted?: boolean }) => saved.highlighted)).toHaveLength(1);
  expect(html).toContain('A named contact at the studio');
});

test('adds a logo cloud, titles it, adds a linked logo, and saves', async ({ page }) => {
  await addSection(page, /^Logo cloud/, 'pricing-logo-cloud');
  await fieldOf(inspector(page), 'Title').fill('Logos typed in the editor');
  await inspector(page).getByRole('button', { name: '+ Add logo' }).click();
  const logo = arrayItem(page, 'Logo 4');
  await logo.getByLabel('Image URL', { exact: true }).fill('/assets/images/logo-fieldnote.webp');
  await logo.getByLabel('Alt text', { exact: true }).fill('Fieldnote');
  await fieldOf(logo, 'Link').fill('/about/');

  const shown = preview(page).locator('[data-section-id="pricing-logo-cloud"]');
  await expect(shown.getByRole('heading', { name: 'Logos typed in the editor' })).toBeVisible();
  await expect(shown.getByRole('img')).toHaveCount(4);
  await expect(shown.getByRole('link', { name: 'Fieldnote' })).toHaveAttribute('href', '/about/');
  await shot(page, 'sections-b-logo-cloud');

  const { section, html } = await saved(page, 'pricing-logo-cloud');
  expect(section.data.title).toBe('Logos typed in the editor');
  expect(section.data.logos[3]).toEqual({ image: { url: '/assets/images/logo-fieldnote.webp', alt: 'Fieldnote' }, href: '/about/' });
  expect(html).toContain('Logos typed in the editor');
});

test('adds a video, explains a pasted link, switches to Vimeo with its ID, and saves', async ({ page }) => {
  await addSection(page, /^Video/, 'pricing-video-embed');
  await fieldOf(inspector(page), 'Title').fill('A video typed in the editor');
  const videoId = inspector(page).getByLabel('Video ID', { exact: true });
  await videoId.fill('https://vimeo.com/76979871');
  await expect(inspector(page).getByText('This is a Vimeo link, but the provider is YouTube: choose Vimeo and enter the ID 76979871')).toBeVisible();
  await expect(inspector(page).getByRole('button', { name: /^Use / })).toHaveCount(0);
  await shot(page, 'sections-b-video-link');
  await inspector(page).getByLabel('Provider', { exact: true }).selectOption({ label: 'Vimeo' });
  await expect(inspector(page).getByText('Enter the video ID, not the link: for this link it is 76979871')).toBeVisible();
  // Offered as one click, as link fields offer “Use https://…”; no button while the provider was another (it must be chosen first).
  await inspector(page).getByRole('button', { name: 'Use 76979871' }).scrollIntoViewIfNeeded();
  await shot(page, 'sections-b-video-link-fix');
  await inspector(page).getByRole('button', { name: 'Use 76979871' }).click();
  await expect(videoId).toHaveValue('76979871');
  await expect(videoId).toBeFocused();
  await expect(videoId).not.toHaveAttribute('aria-invalid', 'true');
  await expect(inspector(page).getByRole('button', { name: 'Use 76979871' })).toHaveCount(0);

  // The preview shows the facade: a frame named by the title, holding the poster and a play link to Vimeo's player.
  const player = preview(page).locator('[data-section-id="pricing-video-embed"] iframe');
  await expect(player).toHaveAttribute('title', 'A video typed in the editor');
  await player.scrollIntoViewIfNeeded();
  const facade = player.contentFrame();
  await expect(facade.getByRole('link', { name: 'Play video: A video typed in the editor' })).toHaveAttribute('href', 'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1');
  // A copy of the poster (no EXIF), never the original upload; and it loads.
  await expect(facade.getByRole('img')).toHaveAttribute('src', /^\/_img\/cover-static-sites\.webp\/[0-9a-f]{16}-w\d+\.jpg$/);
  await expect.poll(() => facade.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  const { section, html } = await saved(page, 'pricing-video-embed');
  expect(section.data).toMatchObject({ title: 'A video typed in the editor', provider: 'vimeo', videoId: '76979871' });
  expect(html).toContain('player.vimeo.com/video/76979871');
});

test('the video facade loads nothing from the video host until it is played', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).hostname));
  // The host is never reached in a test: a click is answered here, so the test needs no network.
  await page.route(/youtube-nocookie\.com|vimeo\.com/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>The player</p>' }));
  await page.goto('/pricing/');
  const player = page.locator('[data-section-id="pricing-tour"] iframe');
  await player.scrollIntoViewIfNeeded();
  const facade = player.contentFrame();
  await expect(facade.getByRole('img')).toBeVisible();
  await shot(page, 'sections-b-video-facade');
  expect(requested.filter((host) => /youtube|vimeo|ytimg|googlevideo/.test(host))).toEqual([]);

  await facade.getByRole('link', { name: /^Play the tour: / }).click();
  await expect.poll(() => requested.filter((host) => host === 'www.youtube-nocookie.com').length).toBe(1);
  // The click replaced the facade with the player, in the same frame.
  await expect(facade.getByText('The player')).toBeVisible();
  expect(page.frames().map((frame) => frame.url())).toContain('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1');
});
