import { EventEmitter } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ANNOUNCE_AGAIN_AFTER_MS, followRegistryFolders, importersOf, registryFolderOf } from '../../src/server/dev-registry-folders';

describe('the registry globs a file belongs to', () => {
  it("names the importer whose glob matches a type's or a collection's file", () => {
    expect(importersOf('src/sections/quote/section.ts')).toEqual(['src/sections/registry.ts']);
    expect(importersOf('src/sections/quote/View.astro')).toEqual(['src/lib/section-views.ts']);
    expect(importersOf('src/collections/authors/collection.ts')).toEqual(['src/collections/registry.ts']);
  });

  it('names none for files the globs do not match', () => {
    for (const file of ['src/sections/registry.ts', 'src/sections/quote/deep/section.ts', 'src/sections/quote/helpers.ts', 'src/data/sections/quote/section.ts', 'src/collections/authors/section.ts', 'other/src/sections/quote/section.ts', '../src/sections/quote/section.ts']) {
      expect(importersOf(file), file).toEqual([]);
    }
  });
});

describe('a registry folder that comes or goes', () => {
  it('is named for a folder directly inside src/sections or src/collections', () => {
    expect(registryFolderOf('src/sections/quote')).toBe('src/sections');
    expect(registryFolderOf('src/collections/authors')).toBe('src/collections');
    for (const path of ['src/sections', 'src/sections/quote/deep', 'src/data/quote', 'other/sections/quote']) expect(registryFolderOf(path), path).toBeUndefined();
  });

  it("has a file the watcher missed announced after a moment, and nothing more when it missed none (each announcement reloads the editor)", async () => {
    const root = await mkdtemp(join(tmpdir(), 'registry-folders-'));
    vi.useFakeTimers();
    try {
      for (const type of ['quote', 'card']) {
        await mkdir(join(root, 'src/sections', type), { recursive: true });
        await writeFile(join(root, 'src/sections', type, 'section.ts'), '');
        await writeFile(join(root, 'src/sections', type, 'View.astro'), '');
      }
      const watcher = new EventEmitter();
      (followRegistryFolders().configureServer as (server: unknown) => void)({ config: { root }, watcher });
      const announced: string[] = [];
      watcher.on('change', (path: string) => announced.push(relative(root, path)));

      // The watcher saw the folder and its section.ts, not the View.astro written in the same breath.
      watcher.emit('addDir', join(root, 'src/sections/quote'));
      watcher.emit('add', join(root, 'src/sections/quote/section.ts'));
      expect(announced).toEqual(['src/sections/registry.ts']);
      vi.advanceTimersByTime(ANNOUNCE_AGAIN_AFTER_MS.at(-1)!);
      expect(announced).toEqual(['src/sections/registry.ts', 'src/lib/section-views.ts']);

      // It saw both: nothing more.
      announced.length = 0;
      watcher.emit('addDir', join(root, 'src/sections/card'));
      watcher.emit('add', join(root, 'src/sections/card/section.ts'));
      watcher.emit('add', join(root, 'src/sections/card/View.astro'));
      vi.advanceTimersByTime(ANNOUNCE_AGAIN_AFTER_MS.at(-1)!);
      expect(announced).toEqual(['src/sections/registry.ts', 'src/lib/section-views.ts']);
    } finally {
      vi.useRealTimers();
      await rm(root, { recursive: true, force: true });
    }
  });
});
