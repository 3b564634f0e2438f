import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingUploads, missingUploadsWarning } from '../../src/lib/images/missing-uploads';
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
    const missing = await missingUploads(snapshot, [join(root, 'uploads'), join(root, 'built'), join(root, 'not-there')]);
    expect(missing).toEqual([
      { file: 'pages/home.json', pointer: '/sections/0/data/logo', url: '/assets/images/gone.png' },
      // A link or a folder is not an uploaded image: the servers serve neither.
      { file: 'shared/header.json', pointer: '/logo', url: '/assets/images/linked.png' },
      { file: 'shared/header.json', pointer: '/icon', url: '/assets/images/folder.png' },
    ]);
  });

  it('says how many, each with where to fix it, and how many more past the ones shown', () => {
    const one = [{ file: 'pages/home.json', pointer: '/logo', url: '/assets/images/gone.png' }];
    expect(missingUploadsWarning(one)).toBe(
      '1 field names an image that no one has uploaded (public/assets/images/): visitors get a broken image there.\n' +
        '  src/data/pages/home.json#/logo: /assets/images/gone.png\n' +
        'Upload the image again under that name, or choose another image in the editor.',
    );
    const many = Array.from({ length: 3 }, (_, index) => ({ file: `pages/p${index}.json`, pointer: '/logo', url: '/assets/images/gone.png' }));
    const warning = missingUploadsWarning(many, 2);
    expect(warning.split('\n')[0]).toBe('3 fields name images that no one has uploaded (public/assets/images/): visitors get a broken image there.');
    expect(warning).toContain('  … and 1 more');
    expect(warning).not.toContain('p2.json');
  });
});
