/** What a render worker is sent of a page's bundle (src/server/publish/published-pages.ts). */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFsSnapshotLoader } from '../../src/engine/fs-snapshot';
import { sectionDigest } from '../../src/lib/section-cache';
import { bundleToRenderOf } from '../../src/server/publish/published-pages';
import { sectionRegistry } from '../../src/sections/registry';
import { resolverFor } from '../helpers/registry';

const dataRoot = fileURLToPath(new URL('../../src/data', import.meta.url));

describe('bundleToRenderOf', () => {
  it('sends the JSON in parts, marks the sections an earlier page had, and gives each section its digest', async () => {
    const resolver = resolverFor((await createFsSnapshotLoader(dataRoot)()).snapshot);
    const [home, about] = ['home', 'about'].map((slug) => resolver.resolvePage(slug));
    const sent = new WeakSet<object>();
    const first = bundleToRenderOf(home!, sent);
    const second = bundleToRenderOf(about!, sent);
    expect({ ...JSON.parse(first.head), sections: first.sections.map((text) => JSON.parse(text)) }).toEqual(home);
    expect(first.repeated.every((repeated) => !repeated)).toBe(true);
    // The shared header and footer are the same objects on both pages; about's own sections are not.
    expect(second.repeated).toEqual(about!.sections.map((section) => section.type === 'header' || section.type === 'footer'));
    expect(second.sectionDigests).toEqual(about!.sections.map((section) => sectionDigest(section, sectionRegistry.get(section.type)!.viewReads)));
  });
});
