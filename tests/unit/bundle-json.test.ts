/** A bundle's JSON text made from its sections' kept texts is JSON.stringify's, byte for byte. */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleJson } from '../../src/engine/bundle-json';
import { createFsSnapshotLoader } from '../../src/engine/fs-snapshot';
import type { Bundle } from '../../src/engine/resolver';
import { resolverFor } from '../helpers/registry';

const dataRoot = fileURLToPath(new URL('../../src/data', import.meta.url));

describe('bundleJson', () => {
  it('writes what JSON.stringify writes for every page of the demo, twice over (the second time from kept texts)', async () => {
    const { snapshot } = await createFsSnapshotLoader(dataRoot)();
    const resolver = resolverFor(snapshot);
    const bundles = resolver.listPages().map((page) => resolver.resolvePage(page.slug));
    // The shared header is one frozen object on every page; bound lists on entry pages are not frozen.
    expect(bundles.some((bundle) => bundle.sections.some((section) => !Object.isFrozen(section)))).toBe(true);
    for (const round of [1, 2]) for (const bundle of bundles) expect(bundleJson(bundle), `${bundle.slug} (${round})`).toBe(JSON.stringify(bundle));
  });

  it('keeps the text of a frozen section only, and falls back when sections is not the last field', () => {
    const section = { id: 'a', type: 'content-block', data: { body: 'Hi "there"\n' }, settings: {} };
    const bundle = { id: 'p', slug: 'p', meta: { title: 'T', description: 'D' }, sections: [section] } as unknown as Bundle;
    expect(bundleJson(bundle)).toBe(JSON.stringify(bundle));
    // Not frozen: a change shows.
    section.data.body = 'Changed';
    expect(bundleJson(bundle)).toBe(JSON.stringify(bundle));
    const frozen = Object.freeze({ ...section, data: Object.freeze({ body: 'Frozen' }) });
    const twice = { ...bundle, sections: [frozen, frozen] } as unknown as Bundle;
    expect(bundleJson(twice)).toBe(JSON.stringify(twice));
    const sectionsFirst = { sections: [section], id: 'p', slug: 'p' } as unknown as Bundle;
    expect(bundleJson(sectionsFirst)).toBe(JSON.stringify(sectionsFirst));
    const empty = { ...bundle, sections: [] } as unknown as Bundle;
    expect(bundleJson(empty)).toBe(JSON.stringify(empty));
  });
});
