/**
 * The faq, testimonials, feature-grid and media-text sections in the editor:
 * each is added to the features page with "Add section", edited through its
 * generated form (a field typed, a list item or an optional part added), shown
 * by the preview, and saved as data its schema accepts.
 */
import { expect, type Page } from '@playwright/test';
import type { z } from 'astro/zod';
import faq from '../../src/sections/faq/section';
import featureGrid from '../../src/sections/feature-grid/section';
import mediaText from '../../src/sections/media-text/section';
import testimonials from '../../src/sections/testimonials/section';
import { openEditor, outlineItem, preview, readData, save, saveWithSampleText, shot, test } from './support';

const inspector = (page: Page) => page.getByLabel('Inspector');

/** Adds a section of the type the picker names `label`, after the page header; returns its generated id. */
async function addSection(page: Page, label: string): Promise<string> {
  await openEditor(page, 'features');
  await outlineItem(page, 'features-hero').click();
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByRole('dialog').getByRole('option', { name: new RegExp(`^${label}`) }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const selected = page.locator('.outline-item[aria-current="true"]');
  await expect(selected).toHaveAttribute('data-section-id', /^features-/);
  return (await selected.getAttribute('data-section-id'))!;
}

/**
 * Saves, then returns the stored section `id` after checking its data against the type's schema (these types bind nothing, so it is also the stored one).
 * `keepsSampleText`: a default item is left as it came, so Save asks first, and is answered "Save anyway".
 */
async function saveAndRead(page: Page, id: string, definition: { type: string; schema: z.ZodType; bound: readonly string[] }, { keepsSampleText = false } = {}) {
  await (keepsSampleText ? saveWithSampleText(page) : save(page));
  const stored = (await readData('pages/features.json')).sections.find((section: { id?: string }) => section.id === id);
  expect(stored).toMatchObject({ id, type: definition.type });
  expect(definition.bound).toEqual([]);
  const parsed = definition.schema.safeParse(stored.data);
  expect(parsed.error?.issues ?? []).toEqual([]);
  return stored;
}

test('faq: add, title and a new question with its answer, shown as a disclosure, saved', async ({ page }) => {
  const id = await addSection(page, 'FAQ');
  await inspector(page).getByLabel('Title (optional)', { exact: true }).fill('Questions typed in a test');
  await inspector(page).getByRole('button', { name: '+ Add question' }).click();
  const item = inspector(page).locator('.array-item').nth(1);
  // Focus is in the new item's first field, ready to type.
  await expect(item.getByLabel('Question', { exact: true })).toBeFocused();
  await item.getByLabel('Question', { exact: true }).fill('Can a test add a question?');
  const answer = item.getByRole('textbox', { name: 'Answer' });
  await expect(answer).toHaveAttribute('contenteditable', 'true');
  await answer.click();
  await page.keyboard.type('Yes, through the form.');

  const section = preview(page).locator(`[data-section-id="${id}"]`);
  await expect(section.getByRole('heading', { name: 'Questions typed in a test' })).toBeVisible();
  await expect(section.locator('details')).toHaveCount(2);
  // A click in the preview selects the section, so the new answer is read closed, inside its disclosure.
  const added = section.locator('details').nth(1);
  await expect(added.locator('summary')).toHaveText('Can a test add a question?');
  await expect(added.locator('.faq__answer')).toHaveText('Yes, through the form.');
  await shot(page, 'sections-a-faq');

  const stored = await saveAndRead(page, id, faq, { keepsSampleText: true });
  expect(stored.data.title).toBe('Questions typed in a test');
  expect(stored.data.items[1]).toEqual({ question: 'Can a test add a question?', answer: 'Yes, through the form.' });
});

test('testimonials: add, title and a new quote with a photo by URL, shown as a figure, saved', async ({ page }) => {
  const id = await addSection(page, 'Testimonials');
  // Its made-up quote is sample text, and the form says so, until it is replaced; its title is copy to keep.
  const sample = inspector(page).locator('.notice-sample');
  await expect(sample).toHaveText('3 fields still have the sample text it came with: Testimonial 1 › Quote, Testimonial 1 › Name, Testimonial 1 › Role. Replace it with your own before visitors see it.');
  await shot(page, 'sections-a-sample-text');
  await inspector(page).getByLabel('Title (optional)', { exact: true }).fill('Kind words from a test');
  const first = inspector(page).locator('.array-item').first();
  await first.getByLabel('Quote', { exact: true }).fill('They shipped in a month.');
  await first.getByLabel('Name', { exact: true }).fill('Ann Lee');
  await first.getByLabel('Role (optional)', { exact: true }).fill('Editor, The Harbor');
  await expect(sample).toHaveCount(0);
  await inspector(page).getByRole('button', { name: '+ Add testimonial' }).click();
  const item = inspector(page).locator('.array-item').nth(1);
  await item.getByLabel('Quote', { exact: true }).fill('The form did exactly what I expected.');
  await item.getByLabel('Name', { exact: true }).fill('Grace Hopper');
  await item.getByLabel('Role (optional)', { exact: true }).fill('Rear Admiral, US Navy');
  await item.getByRole('button', { name: 'Enter URL' }).click();
  // Focus moves to the new field, not to the page (the button is gone).
  await expect(item.getByLabel('Image URL', { exact: true })).toBeFocused();
  await item.getByLabel('Image URL', { exact: true }).fill('/assets/images/avatar-jonas-weber.webp');
  await item.getByLabel('Alt text', { exact: true }).fill('Illustrated portrait of Grace Hopper');

  const section = preview(page).locator(`[data-section-id="${id}"]`);
  await expect(section.getByRole('heading', { name: 'Kind words from a test' })).toBeVisible();
  const figure = section.locator('figure', { hasText: 'Grace Hopper' });
  await expect(figure.locator('blockquote')).toHaveText('The form did exactly what I expected.');
  await expect(figure.getByRole('img', { name: 'Illustrated portrait of Grace Hopper' })).toBeVisible();
  await shot(page, 'sections-a-testimonials');

  const stored = await saveAndRead(page, id, testimonials);
  expect(stored.data.items[1]).toEqual({
    quote: 'The form did exactly what I expected.',
    name: 'Grace Hopper',
    role: 'Rear Admiral, US Navy',
    photo: { url: '/assets/images/avatar-jonas-weber.webp', alt: 'Illustrated portrait of Grace Hopper' },
  });
});

test('feature-grid: add, four columns and a new feature with an icon and a link, shown as a card, saved', async ({ page }) => {
  const id = await addSection(page, 'Feature grid');
  await inspector(page).getByLabel('Title (optional)', { exact: true }).fill('Features typed in a test');
  await inspector(page).getByLabel(/^Columns/).selectOption({ label: 'Four columns' });
  await inspector(page).getByRole('button', { name: '+ Add feature' }).click();
  const items = inspector(page).locator('.array-item');
  const item = items.nth((await items.count()) - 1);
  await item.locator('label.icon-option', { hasText: 'rocket' }).click();
  await item.getByLabel('Title', { exact: true }).fill('Launch day');
  await item.getByLabel('Text', { exact: true }).fill('A checklist run the day a site goes live.');
  await item.getByRole('button', { name: 'Add link' }).click();
  await item.getByLabel('Label', { exact: true }).fill('See the launch checklist');
  await item.getByRole('combobox', { name: 'Link' }).fill('/docs/getting-started/');

  const section = preview(page).locator(`[data-section-id="${id}"]`);
  await expect(section.getByRole('heading', { name: 'Features typed in a test', level: 2 })).toBeVisible();
  const card = section.locator('li', { has: page.locator('h3', { hasText: 'Launch day' }) });
  await expect(card).toContainText('A checklist run the day a site goes live.');
  await expect(card.getByRole('link', { name: 'See the launch checklist' })).toHaveAttribute('href', '/docs/getting-started/');
  await expect(section.locator('.features')).toHaveAttribute('style', /--columns: 4/);
  await shot(page, 'sections-a-feature-grid');

  const stored = await saveAndRead(page, id, featureGrid, { keepsSampleText: true });
  expect(stored.data.columns).toBe('4');
  expect(stored.data.items.at(-1)).toEqual({
    icon: 'rocket',
    title: 'Launch day',
    text: 'A checklist run the day a site goes live.',
    link: { label: 'See the launch checklist', href: '/docs/getting-started/' },
  });
});

test('media-text: add, title, image on the right and a button, shown beside the text, saved', async ({ page }) => {
  const id = await addSection(page, 'Image and text');
  await inspector(page).getByLabel('Title (optional)', { exact: true }).fill('An image typed in a test');
  await inspector(page).getByLabel(/^Image side/).selectOption({ label: 'Image on the right' });
  // media-text has no list: its optional part is the button.
  await inspector(page).getByRole('button', { name: 'Add button' }).click();
  await inspector(page).getByLabel('Label', { exact: true }).fill('Read about the studio');
  await inspector(page).getByRole('combobox', { name: 'Link' }).fill('/about/');

  const section = preview(page).locator(`[data-section-id="${id}"]`);
  await expect(section.getByRole('heading', { name: 'An image typed in a test' })).toBeVisible();
  await expect(section.locator('.media-text')).toHaveClass(/media-text--image-right/);
  await expect(section.getByRole('img')).toHaveAttribute('alt', 'Index cards laid out in a grid, each a different colour');
  await expect(section.getByRole('link', { name: 'Read about the studio' })).toHaveAttribute('href', '/about/');
  // On wide screens the image sits right of the text.
  const imageBox = (await section.getByRole('img').boundingBox())!;
  const titleBox = (await section.getByRole('heading', { name: 'An image typed in a test' }).boundingBox())!;
  expect(imageBox.x).toBeGreaterThan(titleBox.x);
  await shot(page, 'sections-a-media-text');

  const stored = await saveAndRead(page, id, mediaText, { keepsSampleText: true });
  expect(stored.data).toMatchObject({
    title: 'An image typed in a test',
    imageSide: 'right',
    cta: { id: 'read-about-the-studio', label: 'Read about the studio', href: '/about/', variant: 'primary' },
  });
});
