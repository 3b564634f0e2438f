/** What the content-ops specs share: their posts, and the post whose cover is an image of their own. */
import { copyFile } from 'node:fs/promises';
import { imageFile, writeData } from './support';

export const opsPost = (title: string, extra: Record<string, unknown> = {}) => ({
  title, excerpt: 'A post made by the content-ops test.', date: '2001-01-01', author: 'Test', tags: [], body: 'Body.', ...extra,
});

/** "Ops cited", whose cover is ops-used.png (a copy of the default share image). */
export async function writeCitedPost() {
  await writeData('collections/posts/ops-cited.json', opsPost('Ops cited', { cover: { url: '/assets/images/ops-used.png', alt: 'A used image' } }));
  await copyFile(imageFile('og-default.png'), imageFile('ops-used.png'));
}
