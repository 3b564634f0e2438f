import { EventEmitter } from 'node:events';
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

  it("has every glob over it announced again after a moment, reported files or not (chokidar misses one written as its folder is read)", () => {
    vi.useFakeTimers();
    try {
      const watcher = new EventEmitter();
      const plugin = followRegistryFolders();
      (plugin.configureServer as (server: unknown) => void)({ config: { root: '/site' }, watcher });
      const announced: string[] = [];
      watcher.on('change', (path: string) => announced.push(path));

      watcher.emit('addDir', '/site/src/sections/quote');
      watcher.emit('add', '/site/src/sections/quote/section.ts');
      expect(announced).toEqual(['/site/src/sections/registry.ts']);

      vi.advanceTimersByTime(ANNOUNCE_AGAIN_AFTER_MS[0]!);
      expect(announced.slice(1)).toEqual(['/site/src/sections/registry.ts', '/site/src/lib/section-views.ts']);
      vi.advanceTimersByTime(ANNOUNCE_AGAIN_AFTER_MS.at(-1)!);
      expect(announced).toHaveLength(1 + 2 * ANNOUNCE_AGAIN_AFTER_MS.length);

      announced.length = 0;
      watcher.emit('addDir', '/site/src/sections/quote/deep');
      watcher.emit('addDir', '/site/src/data/pages');
      vi.advanceTimersByTime(ANNOUNCE_AGAIN_AFTER_MS.at(-1)!);
      expect(announced).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
