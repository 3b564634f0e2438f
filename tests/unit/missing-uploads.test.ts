import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingUploads, regularFiles } from '../../src/lib/images/missing-uploads';
import { siteMarkdown } from '../../src/engine/site-markdown';
import { snapshotFromEntries } from '../../src/engine/snapshot';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'missing-uploads-'));
  await mkdir(join(root, 'uploads'));
  await mkdir(join(root, 'built'));
  await writeFile(join(root, 'uploads', 'here.png'), 'x');
  await writeFile(join(root, 'built', 'built only.png'), 'x');
  await writeFile(join(root, 'outside.png'), 'x');
  await symlink(join(root, 'outside.png'), join(root, 'uploads', 'linked.png'));
  await mkdir(join(root, 'uploads', 'folder.png'));
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('fields naming an uploaded image that is not there', () => {
  const snapshot = snapshotFromEntries([
    ['pages/home.json', { sections: [{ data: { image: { url: '/assets/images/here.png?v=2' }, logo: '/assets/images/gone.png' } }] }],
    ['collections/posts/a.json', { cover: { url: '/assets/images/built%20only.png' }, link: 'https://example.com/assets/images/gone.png' }],
    ['shared/header.json', { logo: '/assets/images/linked.png', icon: '/assets/images/folder.png' }],
  ]);

  it('names each by file and pointer, in any spelling, from any folder; external URLs are not judged', async () => {
    const uploaded = new Set((await Promise.all([join(root, 'uploads'), join(root, 'built'), join(root, 'not-there')].map(regularFiles))).flat());
    const missing = missingUploads(snapshot, uploaded);
    expect(missing).toEqual([
      { file: 'pages/home.json', pointer: '/sections/0/data/logo', url: '/assets/images/gone.png' },
      // A link or a folder is not an uploaded image: the servers serve neither.
      { file: 'shared/header.json', pointer: '/logo', url: '/assets/images/linked.png' },
      { file: 'shared/header.json', pointer: '/icon', url: '/assets/images/folder.png' },
    ]);
  });

  it('reads a Markdown text for its links with the site’s parser, absolute or relative, and never plain text that reads like one', () => {
    const post = { title: 'P', excerpt: 'E', date: '2026-01-01', author: 'Ann', tags: [], body: 'A [plan](/assets/images/gone.png), [a chart](../assets/images/chart.png), [here](/assets/images/here.png) and `[code](/assets/images/code.png)`.' };
    const texts = snapshotFromEntries([['collections/posts/b.json', post]]);
    expect(missingUploads(texts, new Set(['here.png']), siteMarkdown)).toEqual([
      { file: 'collections/posts/b.json', pointer: '/body', url: '/assets/images/gone.png' },
      { file: 'collections/posts/b.json', pointer: '/body', url: '../assets/images/chart.png' },
    ]);
    // Without the reader (the registry), a text is read whole, as any string: it names no image.
    expect(missingUploads(texts, new Set(['here.png']))).toEqual([]);
  });
});
