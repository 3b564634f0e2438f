/**
 * A page of 200 sections stays responsive: typing renders only what changed.
 * Timing belongs to the benchmark (bench/scenarios/editor.ts); this checks the
 * structure that keeps typing fast, which holds on any machine: the outline
 * rows and the preview's other sections are left as they are, and each
 * keystroke is committed before the next one.
 */
import { writeFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { bigPage } from '../helpers/big-page';
import { test, dataFile, outlineItem, preview } from './support';

const SECTIONS = 200;

test.beforeEach(async () => {
  await writeFile(dataFile('pages/big.json'), JSON.stringify(bigPage(SECTIONS)));
});

test('the 200-section page stays responsive: typing touches only the edited field and section', async ({ page }) => {
  await page.goto('/editor/big');
  await expect(page.locator('.outline-item')).toHaveCount(SECTIONS + 2, { timeout: 30_000 });
  await outlineItem(page, 'big-100').click();
  const frame = preview(page);
  await expect(frame.locator('[data-section-id="big-100"]')).toBeVisible();

  // Mark what must survive typing: every outline row, and every preview section.
  await page.locator('.outline-row').evaluateAll((rows) => rows.forEach((row) => ((row as HTMLElement).dataset.kept = 'yes')));
  await frame.locator('[data-section-id]').evaluateAll((sections) => sections.forEach((section) => ((section as HTMLElement).dataset.kept = 'yes')));

  const title = page.getByLabel(/^Title/);
  await title.click();
  await page.keyboard.press('End');
  // Each keystroke shows in the field before the next is sent: React committed it synchronously.
  const lags = await page.evaluate(() => {
    const input = document.activeElement as HTMLInputElement;
    const seen: number[] = [];
    for (const letter of 'responsive') {
      const before = input.value;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, before + letter);
      const started = performance.now();
      input.dispatchEvent(new Event('input', { bubbles: true }));
      if (input.value !== before + letter) throw new Error(`the field lost "${letter}"`);
      seen.push(performance.now() - started);
    }
    return seen;
  });
  test.info().annotations.push({ type: 'input handling (ms, informative)', description: lags.map((ms) => ms.toFixed(1)).join(', ') });
  await expect(title).toHaveValue('Block 100responsive');
  await expect(frame.locator('[data-section-id="big-100"]')).toContainText('Block 100responsive');

  // The edited section was swapped into the preview; no other section was.
  const replaced = await frame.locator('[data-section-id]').evaluateAll((sections) => sections.filter((section) => (section as HTMLElement).dataset.kept !== 'yes').map((section) => section.getAttribute('data-section-id')));
  expect(replaced).toEqual(['big-100']);
  // No outline row was rebuilt.
  expect(await page.locator('.outline-row:not([data-kept="yes"])').count()).toBe(0);

  // The typing is one undo step, even on a page this size.
  await page.keyboard.press('Control+z');
  await expect(title).toHaveValue('Block 100');
  await expect(page.locator('.save-state')).toHaveText('All changes saved');
});
