/** A page's bundle in the form a render worker takes it (render-worker-side.ts). */
import type { Bundle } from '../../engine/resolver';
import { bundleParts } from '../../engine/bundle-json';
import { sectionDigest } from '../../lib/section-cache';
import { sectionRegistry } from '../../sections/registry';
import type { BundleToRender } from './render-worker-side';

/** The last number given to a section pages share (see bundleToRenderOf): never given twice in this process. */
let lastSharedSection = 0;

/**
 * A bundle as a render worker gets it: its JSON in parts (src/engine/bundle-json.ts), a number
 * for each section an earlier page of the publication had (`seen` holds the publication's
 * numbers; 0 for a section no page had before: the worker parses a shared one once and finds it
 * again by its number), and each section's digest for the section render cache
 * (src/lib/section-cache.ts). Texts and digests are kept for each shared section, so made again
 * only for what changed.
 */
export function bundleToRenderOf(bundle: Bundle, seen: WeakMap<object, number>): BundleToRender {
  const { head, sections } = bundleParts(bundle);
  const shared = bundle.sections.map((section) => {
    const number = seen.get(section);
    if (number === undefined) seen.set(section, ++lastSharedSection);
    return number ?? 0;
  });
  return { head, sections, shared, sectionDigests: bundle.sections.map((section) => sectionDigest(section, sectionRegistry.get(section.type)?.viewReads ?? {})) };
}
