/** What the rich-text specs share: opening a post's Body field. */
import { expect, type Page } from '@playwright/test';

export async function openPost(page: Page, slug: string) {
  await page.goto(`/editor/~posts/${slug}`);
  const body = page.getByRole('textbox', { name: 'Body' });
  await expect(body).toBeVisible();
  return { body, toolbar: page.getByRole('toolbar', { name: 'Body formatting' }) };
}
