import { describe, expect, it } from 'vitest';
import { importersOf } from '../../src/server/dev-registry-folders';

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
