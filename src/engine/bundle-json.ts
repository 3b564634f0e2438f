/**
 * A bundle's JSON text (the page API's body), exactly as `JSON.stringify`
 * writes it, with each section's text made once per section object.
 *
 * A publication writes the JSON of every page whose bundle changed, and after
 * an edit of the shared header that is every page; yet most of each page's
 * sections are the objects the last publication had (bundle-check.ts keeps a
 * checked section for as long as its stored object stays), so their text is
 * the text it had. Only frozen sections are kept: bundle-check.ts freezes the
 * sections it shares, and a frozen object's text cannot change.
 */
import type { Bundle } from './resolver';

const sectionTexts = new WeakMap<object, string>();

/** What the head's text ends with when `sections` is the bundle's last field, as the bundle schema makes it. */
const SECTIONS_PLACEHOLDER = ',"sections":0}';

function sectionText(section: unknown): string {
  // (`?? 'null'`: what JSON.stringify writes for an array item that has no JSON.)
  if (typeof section !== 'object' || section === null || !Object.isFrozen(section)) return JSON.stringify(section) ?? 'null';
  let text = sectionTexts.get(section);
  if (text === undefined) {
    text = JSON.stringify(section);
    sectionTexts.set(section, text);
  }
  return text;
}

/** `JSON.stringify(bundle)`, made from the sections' kept texts. */
export function bundleJson(bundle: Bundle): string {
  // Spreading keeps each field where it is, `sections` too: the head's text is the bundle's up to its sections.
  const head = JSON.stringify({ ...bundle, sections: 0 });
  if (!head.endsWith(SECTIONS_PLACEHOLDER)) return JSON.stringify(bundle);
  return `${head.slice(0, -'0}'.length)}[${bundle.sections.map(sectionText).join(',')}]}`;
}
