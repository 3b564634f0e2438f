/** A file that cannot be read now stands in a publication as it was last read (src/server/publish/last-readable.ts). */
import { describe, expect, it } from 'vitest';
import { readableBeforeStart, withLastReadable } from '../../src/server/publish/last-readable';
import { snapshotFromEntries } from '../../src/engine/snapshot';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileTimesUnder } from '../../src/lib/seo/sitemap-files';

const post = { title: 'As last read' };
const earlier = snapshotFromEntries([['collections/posts/a.json', post], ['pages/home.json', { id: 'home' }]]);

describe('a file that cannot be read now', () => {
  it('stands in by the object it had when last read, listed, its refusal gone, and is named with why', () => {
    const now = snapshotFromEntries([['pages/home.json', { id: 'home', changed: true }]], new Map([['collections/posts/a.json', 'is not valid JSON']]));
    const { snapshot, standIns } = withLastReadable(now, earlier);
    expect(snapshot.get('collections/posts/a.json')).toBe(post);
    expect([...snapshot.paths()].sort()).toEqual(['collections/posts/a.json', 'pages/home.json']);
    expect(snapshot.get('pages/home.json')).toEqual({ id: 'home', changed: true });
    expect(snapshot.refused).toBeUndefined();
    expect([...standIns]).toEqual([['collections/posts/a.json', 'is not valid JSON']]);
  });

  it('has no stand-in when never read before, nor for a refused folder: those stay refused', () => {
    const refused = new Map([['collections/posts/new.json', 'is not valid JSON'], ['collections/tags', 'is a symbolic link']]);
    const now = snapshotFromEntries([['pages/home.json', { id: 'home' }]], refused);
    const withTags = snapshotFromEntries([['collections/tags', {}]]);
    const { snapshot, standIns } = withLastReadable(now, withTags);
    expect(standIns.size).toBe(0);
    expect(snapshot).toBe(now);
    expect(withLastReadable(now, undefined).snapshot).toBe(now);
  });

  it('keeps the refusals it has no stand-in for beside the ones it has', () => {
    const now = snapshotFromEntries([], new Map([['collections/posts/a.json', 'is not valid JSON'], ['collections/posts/new.json', 'is not valid JSON']]));
    const { snapshot } = withLastReadable(now, earlier);
    expect([...snapshot.refused!()]).toEqual([['collections/posts/new.json', 'is not valid JSON']]);
  });
});

describe('the time of a file standing in', () => {
  it('is the link’s own, or none for one gone, never an error that keeps the whole sitemap as it was', async () => {
    const root = await mkdtemp(join(tmpdir(), 'file-times-'));
    try {
      await writeFile(join(root, 'a.json'), '{}');
      await symlink(join(root, 'nowhere.json'), join(root, 'dangling.json'));
      const time = fileTimesUnder(root);
      expect(Number.isFinite((await time('a.json')).getTime())).toBe(true);
      expect(Number.isFinite((await time('dangling.json')).getTime())).toBe(true);
      expect(Number.isNaN((await time('gone.json')).getTime())).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('before this process read it, takes its reading from the history when there is one, never from the build', async () => {
    const now = snapshotFromEntries([], new Map([['collections/posts/a.json', 'is not valid JSON'], ['collections/posts/new.json', 'is not valid JSON'], ['collections/tags', 'is a symbolic link']]));
    const unpublished = { title: 'Unpublished since the build', status: 'draft' };
    const asked: string[] = [];
    const history = async (file: string) => {
      asked.push(file);
      return file === 'collections/posts/a.json' ? unpublished : undefined;
    };
    const built = async () => earlier;
    // The build still had the post published: it came back from there, after a restart.
    const { snapshot } = withLastReadable(now, await readableBeforeStart(now, built, history));
    expect(snapshot.get('collections/posts/a.json')).toBe(unpublished);
    // Not in the history readable (new, or made again after a delete): no stand-in, though the build had one.
    expect([...snapshot.refused!().keys()]).toEqual(['collections/posts/new.json', 'collections/tags']);
    expect(asked).toEqual(['collections/posts/a.json', 'collections/posts/new.json']);
    // Without history (the filesystem backend), the build's.
    expect(withLastReadable(now, await readableBeforeStart(now, built, undefined)).snapshot.get('collections/posts/a.json')).toBe(post);
  });
});
