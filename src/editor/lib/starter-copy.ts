/**
 * Text a page or entry still has from what the editor filled in for it: a new
 * page's starter copy ("Replace this text with…"), a new post's ("Start writing
 * here."). It is there to say what to write, and reads as unfinished to a
 * visitor, so the publication control names each field that still has it.
 * Advice, never an error: such a text may be exactly what was wanted.
 *
 * A field counts when its text is the very text the starter would give it
 * now, at the same place: the starters are the one source, so nothing here
 * lists phrases of its own. A section type's defaults are starters too (a
 * new Image and text says "A heading for this idea"), except the ones its
 * definition keeps as copy (`keptDefaults`: "Browse by topic").
 */
import { collectionRegistry } from '../../collections/registry';
import { inputJsonSchema } from '../../engine/schema/json-schema';
import { PageMetaSchema } from '../../engine/schema/page';
import { isRef } from '../../engine/schema/refs';
import { sectionRegistry } from '../../sections/registry';
import { fieldsOf, listItemName, type FieldKind, type FieldSpec } from './form';
import type { Docs, StoredPage } from './model';
import { entryForm, sectionForm } from './section-forms';
import { starterPage } from './starter-page';

const COPY_KINDS: ReadonlySet<FieldKind> = new Set(['text', 'textarea', 'markdown']);
const metaForm = fieldsOf(inputJsonSchema(PageMetaSchema));
/** A title no page has, to see which starter sections carry the page's title. */
const PROBE = '\u0000title';

type Values = Record<string, unknown> | undefined;
const fieldsOfValue = (value: unknown): Values => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);

/** Calls `visit` with the object holding each value at `path` ("plans.period": every plan's), through lists. */
function forEachAt(value: unknown, path: readonly string[], visit: (parent: Record<string, unknown>, key: string) => void): void {
  if (Array.isArray(value)) return value.forEach((item) => forEachAt(item, path, visit));
  const fields = fieldsOfValue(value);
  if (!fields || path.length === 0 || !Object.hasOwn(fields, path[0]!)) return;
  if (path.length === 1) visit(fields, path[0]!);
  else forEachAt(fields[path[0]!], path.slice(1), visit);
}

/** Every string anywhere in `value`. */
const textsIn = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? Object.values(value).flatMap(textsIn) : [];

/** A field that still has starter text: its place in the form's words, where it is in the document, and the text. */
export interface StarterField {
  /** "Button 1 › Label", "FAQ › Question 1 › Question". */
  label: string;
  /** Its path in the document's data (`['sections', 3, 'data', 'items', 0, 'question']`). */
  path: readonly (string | number)[];
  text: string;
}

const labelsOf = (fields: readonly StarterField[]) => fields.map((field) => field.label);

/**
 * The text fields of `value` (at `path` in its document) that equal any of `starters` at the
 * same place, except texts in `own`: the titles the starters were made from are the user's words.
 */
function sameText(fields: readonly FieldSpec[], value: unknown, starters: readonly unknown[], trail: readonly string[], path: readonly (string | number)[], out: StarterField[], own: ReadonlySet<string> = new Set()): void {
  const values = fieldsOfValue(value);
  if (!values) return;
  for (const spec of fields) {
    const text = values[spec.key];
    const at = starters.map((starter) => fieldsOfValue(starter)?.[spec.key]);
    const label = [...trail, spec.label];
    const here = [...path, spec.key];
    if (COPY_KINDS.has(spec.kind)) {
      if (typeof text === 'string' && text.trim() && !own.has(text) && at.includes(text)) out.push({ label: label.join(' › '), path: here, text });
    } else if (spec.children && spec.kind !== 'image') {
      // An image's alt text goes with the picture: a default picture kept is a choice like any other.
      sameText(spec.children, text, at, label, here, out, own);
    } else if (spec.item?.children && Array.isArray(text)) {
      const children = spec.item.children;
      const starterItems = at.flatMap((list) => (Array.isArray(list) ? list : []));
      text.forEach((item, index) => {
        // Against the starter item at its place, and any starter item it still is whole (a sample feature moved up, a
        // sample question twice): a lone "0 KB" of the user's among other words is no sample moved there.
        const placed = at.map((list) => (Array.isArray(list) ? list[index] : undefined));
        const whole = starterItems.filter((starter) => isWholeSample(children, item, starter, own));
        sameText(children, item, [...placed, ...whole], [...trail, `${listItemName(spec.label, spec.item!.label)} ${index + 1}`], [...here, index], out, own);
      });
    }
  }
}

/** Whether `item` still has every sample text of the starter item `starter` (and it has some). */
function isWholeSample(fields: readonly FieldSpec[], item: unknown, starter: unknown, own: ReadonlySet<string>): boolean {
  const count = (value: unknown) => {
    const found: StarterField[] = [];
    sameText(fields, value, [starter], [], [], found, own);
    return found.length;
  };
  const all = count(starter);
  return all > 0 && count(item) === all;
}

/**
 * The fields of a page that still have starter text, by their place in the form ("Call to action ›
 * Description", "SEO description"). A page is compared with the page the editor would create under
 * its slug and title, each of its own sections with the starter's section of its type. Shared
 * sections are the shared documents' business (`sharedStarterFields`), not the page's.
 */
export function pageStarterFields(page: StoredPage, slug: string, docs: Docs): StarterField[] {
  const all = Array.isArray(page.sections) ? page.sections : [];
  const sections = all.flatMap((section, index) => (!isRef(section) && typeof section === 'object' && section !== null ? [{ ...(section as { type?: unknown; data?: unknown }), index }] : []));
  // The starter's texts name the page by the title it was created with: its SEO title, or the title of the
  // section the starter gives that title (the page header), as they are now.
  const titled = new Set(starterPage({ slug, title: PROBE, docs }).sections.filter((section) => fieldsOfValue((section as { data?: unknown }).data)?.title === PROBE).map((section) => (section as { type?: unknown }).type));
  const titles = sections.filter((section) => titled.has(section.type)).map((section) => fieldsOfValue(section.data)?.title);
  const names = new Set([page.meta?.title, ...titles].filter((name): name is string => typeof name === 'string'));
  const starters = [...names].map((title) => starterPage({ slug, title, docs }));
  const out: StarterField[] = [];
  sameText(metaForm, page.meta, starters.map((starter) => starter.meta), [], ['meta'], out, names);
  for (const { type, data, index } of sections) {
    const definition = typeof type === 'string' ? sectionRegistry.get(type) : undefined;
    if (!definition) continue;
    const started = starters.flatMap((starter) => starter.sections.filter((section) => (section as { type?: unknown }).type === type).map((section) => (section as { data?: unknown }).data));
    out.push(...sectionStarterFields(definition.type, data, started, names, ['sections', index, 'data']).map((field) => ({ ...field, label: `${definition.label} › ${field.label}` })));
  }
  return out;
}

export const pageStarterCopy = (page: StoredPage, slug: string, docs: Docs): string[] => labelsOf(pageStarterFields(page, slug, docs));

/**
 * The fields of one section that still have sample text ("Title", "Testimonials 1 › Quote"): its
 * type's defaults other than those kept as copy, and the texts in `started` (the page starter's
 * section of that type). A text the type keeps as copy (a button's "Get in touch"), or one of the
 * page's own titles, never counts. `path`: where the section's data is in its document.
 */
export function sectionStarterFields(type: string, data: unknown, started: readonly unknown[] = [], names: ReadonlySet<string> = new Set(), path: readonly (string | number)[] = []): StarterField[] {
  const definition = sectionRegistry.get(type);
  if (!definition) return [];
  const kept = definition.keptDefaults.map((path) => path.split('.'));
  const sample = structuredClone(definition.defaults) as unknown;
  for (const path of kept) forEachAt(sample, path, (parent, key) => delete parent[key]);
  const keptText: string[] = [];
  for (const path of kept) forEachAt(definition.defaults, path, (parent, key) => keptText.push(...textsIn(parent[key])));
  const out: StarterField[] = [];
  sameText(sectionForm(type).data, data, [sample, ...started], [], path, out, new Set([...names, ...keptText]));
  return out;
}

export const sectionStarterCopy = (type: string, data: unknown): string[] => labelsOf(sectionStarterFields(type, data));

/** The fields of a shared section's document (`{ id, type, data }`: the shared footer, a shared banner) that still have its type's sample text. */
export function sharedStarterFields(document: unknown): StarterField[] {
  const type = fieldsOfValue(document)?.type;
  return typeof type === 'string' ? sectionStarterFields(type, fieldsOfValue(document)!.data, [], new Set(), ['data']) : [];
}

/** The fields of an entry that still have its collection's starter text ("Excerpt", "Body"); never its name or date. */
export function entryStarterFields(collection: string, slug: string, data: unknown): StarterField[] {
  const definition = collectionRegistry.get(collection);
  const own = fieldsOfValue(data);
  if (!definition || !own) return [];
  const label = own[definition.labelField];
  const today = definition.dateField ? own[definition.dateField] : undefined;
  const starter = definition.starter({ slug, title: typeof label === 'string' ? label : '', today: typeof today === 'string' ? today : '' });
  const fields = entryForm(collection).filter((spec) => spec.key !== definition.labelField && spec.key !== definition.dateField);
  const out: StarterField[] = [];
  sameText(fields, own, [starter], [], [], out);
  return out;
}

export const entryStarterCopy = (collection: string, slug: string, data: unknown): string[] => labelsOf(entryStarterFields(collection, slug, data));
