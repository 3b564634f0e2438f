/**
 * The form fields of each section type and each collection, generated once from their registry
 * schemas, and the few words that tell one section of a page from another of the same type.
 */
import { collectionSchemas } from '../../engine/schema/collections';
import { inputJsonSchema, sectionJsonSchemas } from '../../engine/schema/json-schema';
import { PUBLICATION_KEYS } from '../../engine/schema/publication';
import { sectionRegistry } from '../../sections/registry';
import { fieldsOf, type FieldKind, type FieldSpec } from './form';
import type { StoredSection } from './model';

export interface SectionForm {
  data: FieldSpec[];
  settings: FieldSpec[];
}

const formCache = new Map<string, SectionForm>();

/** The form of a registered type (callers check the type is registered). */
export function sectionForm(type: string): SectionForm {
  let form = formCache.get(type);
  if (!form) {
    const { data, settings } = sectionJsonSchemas(sectionRegistry.get(type)!);
    form = { data: fieldsOf(data), settings: fieldsOf(settings) };
    formCache.set(type, form);
  }
  return form;
}

// The publication fields are set with the status control (Publish, Unpublish, Schedule…), not typed.
const entryForms = Object.fromEntries(
  Object.entries(collectionSchemas).map(([name, schema]) => [name, fieldsOf(inputJsonSchema(schema)).filter((spec) => !PUBLICATION_KEYS.includes(spec.key))]),
) as Record<string, FieldSpec[]>;

/** The form of a collection's entries, without the publication fields; empty for an unknown collection. */
export const entryForm = (collection: string): readonly FieldSpec[] => entryForms[collection] ?? [];

// Plain text only: Markdown would need its parser, which the editor loads only with a rich-text field.
const SUMMARY_KINDS: ReadonlySet<FieldKind> = new Set(['text', 'textarea']);

/** A Markdown text's opening words (rich-text/markdown.ts, loaded with the formatted-text field). */
export type MarkdownSummary = (source: string) => string | undefined;

/**
 * What a section says, in its own words, for the outline: its `title` if it has one, else its
 * first plain-text field with a value, in schema order ("Hero · Launch faster"), else, once the
 * Markdown parser is loaded (`markdownSummary`), the opening words of its first Markdown field,
 * else the names of its first list's items. Undefined for a section with none, or of a type the
 * registry does not know.
 */
export function sectionSummary(section: StoredSection | undefined, markdownSummary?: MarkdownSummary): string | undefined {
  const data = section?.data as Record<string, unknown> | undefined;
  if (!section || typeof data !== 'object' || data === null || !sectionRegistry.has(section.type)) return undefined;
  const specs = sectionForm(section.type).data;
  const fields = specs.filter((spec) => SUMMARY_KINDS.has(spec.kind));
  for (const spec of [...fields.filter((spec) => spec.key === 'title'), ...fields.filter((spec) => spec.key !== 'title')]) {
    const value = data[spec.key];
    if (typeof value === 'string' && value.trim()) return value.trim().replace(/\s+/g, ' ');
  }
  for (const spec of markdownSummary ? specs.filter((spec) => spec.kind === 'markdown') : []) {
    const value = data[spec.key];
    const words = typeof value === 'string' ? markdownSummary!(value) : undefined;
    if (words) return words;
  }
  return listSummary(data);
}

/** Item names a list's items go by, in the order they are looked for. */
const ITEM_NAME_KEYS = ['label', 'title', 'name'] as const;

/**
 * The names of the first few items of a section's first list whose items have one ("Journal ·
 * Topics · Pricing · …" for a header whose name comes from the site settings): better words for
 * the outline than the section's id.
 */
function listSummary(data: Record<string, unknown>): string | undefined {
  for (const value of Object.values(data)) {
    if (!Array.isArray(value)) continue;
    const names = value.flatMap((item) => {
      const name = ITEM_NAME_KEYS.map((key) => (item as Record<string, unknown> | null)?.[key]).find((candidate) => typeof candidate === 'string' && candidate.trim());
      return typeof name === 'string' ? [name.trim().replace(/\s+/g, ' ')] : [];
    });
    if (names.length > 0) return [...names.slice(0, 3), ...(names.length > 3 ? ['…'] : [])].join(' · ');
  }
  return undefined;
}
