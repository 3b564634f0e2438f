/**
 * Visitor pages' layout, against `astro dev` on a copy of the project: long
 * words never widen a page past a phone, a post without a cover gets a
 * placeholder in the featured card, and a printed page is its content. Each
 * test removes the files it adds. The editor's own layout: layout.spec.ts.
 */
import { rm, writeFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { dataFile, readData, shot, test } from './support';

test('long words an editor types never widen a visitor page past a phone: titles, cards and labels wrap, figures keep apart', async ({ page }) => {
  const home = await readData('pages/home.json');
  const about = await readData('pages/about.json');
  const features = await readData('pages/features.json');
  const pricing = await readData('pages/pricing.json');
  type Section = { type?: string; data?: Record<string, any> };
  const long = 'Read every single article in our journal archive right now';
  // A real German word, in every title a section has (cards, features, questions, plans): it once ran off a 390 px screen.
  const word = 'Barrierefreiheitsstärkungsgesetz';
  let titles = 0; // each its own (a FAQ's questions must differ)
  const titled = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(titled)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, ['title', 'question', 'name'].includes(key) && typeof item === 'string' ? `${word}${(titles += 1)}` : titled(item)]))
        : value;
  const borrowed = [...about.sections, ...features.sections, ...pricing.sections].filter((section: Section) => ['cta-banner', 'page-hero', 'feature-grid', 'faq', 'pricing-table', 'stats-band'].includes(section.type!));
  const sections = [...home.sections, ...borrowed].map((section: Section, index: number) => {
    if (section.type === 'hero') return { ...section, data: { ...section.data, label: 'Studiojournalaboutcontentmodellingandbuildsthatlast', primaryCta: { ...section.data!.primaryCta, label: long } } };
    if (section.type === 'cta-banner') return { ...section, id: `long-cta-${index}`, data: { ...titled(section.data) as object, ctas: section.data!.ctas.map((cta: object) => ({ ...cta, label: long })) } };
    if (section.type === 'stats-band') return { ...section, id: `long-stats-${index}`, data: { ...section.data, stats: section.data!.stats.map((stat: object, at: number) => ({ ...stat, value: ['€1.250.000', '99,99 %'][at % 2] })) } };
    return { ...section, ...(index >= home.sections.length && { id: `borrowed-${index}` }), data: titled(section.data) };
  });
  const post = await readData('collections/posts/zero-javascript-by-default.json');
  await writeFile(dataFile('collections/posts/long-word.json'), JSON.stringify({ ...post, title: `Das ${word}`, date: '2030-01-02' }));
  await writeFile(dataFile('pages/long-labels.json'), JSON.stringify({ ...home, id: 'long-labels', slug: 'long-labels', sections }));
  try {
    for (const width of [320, 390, 1440]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of ['/long-labels/', '/posts/long-word/', '/']) {
        await page.goto(path);
        await expect(page.getByText(word).first()).toBeVisible();
        // The message names what sticks out, if anything does.
        const past = await page.evaluate((limit) => {
          const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          const found: string[] = [];
          for (let node = texts.nextNode(); node; node = texts.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            if (range.getBoundingClientRect().right > limit + 1) found.push(`“${node.textContent!.trim().slice(0, 40)}” in ${node.parentElement!.className}`);
          }
          return found.slice(0, 3);
        }, width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width} px: ${past.join(', ')}`).toBeLessThanOrEqual(width);
      }
      await page.goto('/long-labels/');
      await expect(page.getByRole('link', { name: long }).first()).toBeVisible();
      // Each figure of the stats band stays inside its own column (two on a phone once ran into each other).
      const outside = await page.locator('.stat__value').evaluateAll((values) =>
        values.flatMap((value) => {
          const text = document.createRange();
          text.selectNodeContents(value);
          const [inner, column] = [text.getBoundingClientRect(), value.parentElement!.getBoundingClientRect()];
          return inner.left < column.left - 1 || inner.right > column.right + 1 ? [value.textContent] : [];
        }),
      );
      expect(outside, `${width} px`).toEqual([]);
      if (width !== 1440) await shot(page, `visitor-long-labels-${width}`);
    }
  } finally {
    await rm(dataFile('pages/long-labels.json'), { force: true });
    await rm(dataFile('collections/posts/long-word.json'), { force: true });
  }
});

test('a post without a cover fills the featured card\'s media with a typographic placeholder, as a cover would (it left a grey band, then an empty wash)', async ({ page }) => {
  const { cover: _cover, ...post } = await readData('collections/posts/zero-javascript-by-default.json');
  // The newest post: the home page's bento features it.
  await writeFile(dataFile('collections/posts/no-cover.json'), JSON.stringify({ ...post, title: 'A post without a cover', date: '2030-01-01' }));
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const card = page.locator('.card--featured', { hasText: 'A post without a cover' });
    await expect(card).toBeVisible();
    const media = (await card.locator('.card__media').boundingBox())!;
    const placeholder = (await card.locator('.card__placeholder').boundingBox())!;
    expect(media.height).toBeGreaterThan(200);
    // Within the media's 1 px border.
    expect(media.height - placeholder.height).toBeLessThanOrEqual(1);
    expect(media.width - placeholder.width).toBeLessThanOrEqual(1);
    // A typographic cover, not an empty wash: the post's first topic, large, hidden from screen readers (the card names it).
    const mark = card.locator('.card__placeholder-mark');
    await expect(mark).toHaveText('Performance');
    expect((await mark.boundingBox())!.height).toBeGreaterThan(40);
    await expect(card.locator('.card__placeholder')).toHaveAttribute('aria-hidden', 'true');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'visitor-post-without-cover');
  } finally {
    await rm(dataFile('collections/posts/no-cover.json'), { force: true });
  }
});

test('a page printed is its content: no header, announcement, menu or footer, nothing sticky, black on white', async ({ page }) => {
  await page.emulateMedia({ media: 'print' });
  await page.goto('/posts/zero-javascript-by-default/');
  await expect(page.locator('[data-section-type="post-detail"] h1')).toBeVisible();
  for (const type of ['header', 'footer']) await expect(page.locator(`[data-section-type="${type}"]`)).toBeHidden();
  await expect(page.locator('.skip-link')).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
  await shot(page, 'visitor-print');
});
