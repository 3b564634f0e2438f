/**
 * A bundle's JSON text (the page API's body), exactly as `JSON.stringify`
 * writes it, made from its head's text and each section's, and each section's
 * text made once per section object.
 *
 * A publication writes the JSON of every page whose bundle changed, and after
 * an edit of the shared header that is every page; yet most of each page's
 * sections are the objects the last publication had (bundle-check.ts keeps a
 * checked section for as long as its stored object stays), so their text is
 * the text it had. Only frozen sections are kept: bundle-check.ts freezes the
 * sections it shares, and a frozen object's text cannot change. The parts also
 * travel apart to a render worker, which parses a section it has seen once
 * (src/server/publish/render-worker-side.ts).
 */
import { keptPerSharedSection } from './bundle-check';
import type { Bundle } from './resolver';

/** What the head's text ends with when `sections` is the bundle's last field, as the bundle schema makes it. */
const EMPTY_SECTIONS = ',"sections":[]}';

// (`?? 'null'`: what JSON.stringify writes for an array item that has no JSON.)
const sectionText = keptPerSharedSection((section) => JSON.stringify(section) ?? 'null');

/** A bundle's JSON in parts: its own fields, with no sections, and each section's. */
export interface BundleParts {
  head: string;
  sections: string[];
}

/** The text of a bundle's own fields, with no sections. Spreading keeps each field where it is, `sections` too. */
export const bundleHead = (bundle: Bundle): string => JSON.stringify({ ...bundle, sections: [] });

export function bundleParts(bundle: Bundle): BundleParts {
  return { head: bundleHead(bundle), sections: bundle.sections.map(sectionText) };
}

/** `JSON.stringify(bundle)`, made from its parts. */
export function bundleJson(bundle: Bundle, { head, sections } = bundleParts(bundle)): string {
  if (!head.endsWith(EMPTY_SECTIONS)) return JSON.stringify(bundle);
  return `${head.slice(0, -']}'.length)}${sections.join(',')}]}`;
}
