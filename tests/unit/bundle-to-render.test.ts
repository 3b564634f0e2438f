/** What a render worker is sent of a page's bundle (src/server/publish/published-pages.ts). */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFsSnapshotLoader } from '../../src/engine/fs-snapshot';
import { sectionDigest } from '../../src/lib/section-cache';
import { bundleToRenderOf } from '../../src/server/publish/bundle-to-render';
import { sectionRegistry } from '../../src/sections/registry';
import { resolverFor } from '../helpers/registry';

const dataRoot = fileURLToPath(new URL('../../src/data', import.meta.url));

describe('bundleToRenderOf', () => {
  it('sends the JSON in parts, numbers the sections an earlier page had, and gives each section its digest', async () => {
    const resolver = resolverFor((await createFsSnapshotLoader(dataRoot)()).snapshot);
    const [home, about] = ['home', 'about'].map((slug) => resolver.resolvePage(slug));
    const seen = new WeakMap<object, number>();
    const first = bundleToRenderOf(home!, seen);
    const second = bundleToRenderOf(about!, seen);
    expect({ ...JSON.parse(first.head), sections: first.sections.map((text) => JSON.parse(text)) }).toEqual(home);
    expect(first.shared.every((number) => number === 0)).toBe(true);
    // The shared header and footer are the same objects on both pages, each with its own number; about's own sections are not.
    const isShared = (type: string) => type === 'header' || type === 'footer';
    expect(second.shared.map((number) => number > 0)).toEqual(about!.sections.map((section) => isShared(section.type)));
    const numbers = second.shared.filter((number) => number > 0);
    expect(new Set(numbers).size).toBe(numbers.length);
    // A section is known by the same number on every later page.
    const again = bundleToRenderOf(about!, seen).shared;
    expect(again.filter((_, index) => second.shared[index]! > 0)).toEqual(numbers);
    // The next publication numbers them anew, never with a number a worker may hold from this one.
    const next = new WeakMap<object, number>();
    expect(bundleToRenderOf(home!, next).shared.every((number) => number === 0)).toBe(true);
    const renumbered = bundleToRenderOf(about!, next).shared.filter((number) => number > 0);
    expect(renumbered).toHaveLength(numbers.length);
    expect(renumbered.some((number) => numbers.includes(number))).toBe(false);
    expect(second.sectionDigests).toEqual(about!.sections.map((section) => sectionDigest(section, sectionRegistry.get(section.type)!.viewReads)));
  });
});
