/**
 * Maps the JSON Schema of a section (generated from its zod schema) to the
 * fields of its inspector form. Nothing here knows a section type, so a new
 * type gets a form without any editor change. A field's kind is the one its
 * schema declares (primitives.ts); only plain JSON types map to basic kinds,
 * and nothing is guessed from an object's shape.
 */
import type { DeclaredKind } from '../../engine/schema/primitives';
import type { JsonSchema } from '../../engine/schema/json-schema';

/** Kinds that plain JSON types map to, with no declaration. */
export type BasicKind = 'text' | 'email' | 'date' | 'select' | 'checkbox' | 'number' | 'object' | 'array' | 'relation';
/** Every kind; the kinds table (src/editor/app/fields/kinds.tsx) has one entry for each. */
export type FieldKind = BasicKind | DeclaredKind;

export interface FieldSpec {
  key: string;
  kind: FieldKind;
  label: string;
  description?: string;
  required: boolean;
  /** Choices of a select (and of an icon picker). */
  options?: string[];
  /** What editors read for each option; options without one show as they are. */
  optionLabels?: Record<string, string>;
  integer?: boolean;
  min?: number;
  max?: number;
  default?: unknown;
  /** Fields of an object or image. */
  children?: FieldSpec[];
  /** The field of each item of an array. */
  item?: FieldSpec;
  /** An array of slugs of entries of this collection (`tags`): edited as a multi-select of those entries. */
  relation?: string;
  /** An identifier's source: the sibling field it is generated from. */
  identifierFrom?: string;
  /** How much of the text others show: the field counts as you type (primitives.ts, ShownUpTo). */
  shownUpTo?: { length: number; past: string };
  /** The most characters a plain text may hold (its schema's `.max`): the field counts against it as you type. */
  maxLength?: number;
}

/** The kinds whose widget counts characters (fields/parts.tsx, LengthCount); a Markdown text's limit is far past any essay. */
const COUNTED_KINDS: ReadonlySet<FieldKind> = new Set(['text', 'textarea']);

const humanize = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

/** The kind a schema declares, else the basic kind of its JSON type. */
export function kindOf(schema: JsonSchema): FieldKind {
  if (schema.kind) return schema.kind;
  if (schema.relation && schema.type === 'array') return 'relation';
  if (schema.enum) return 'select';
  switch (schema.type) {
    case 'boolean':
      return 'checkbox';
    case 'integer':
    case 'number':
      return 'number';
    case 'array':
      return 'array';
    case 'object':
      return 'object';
    default:
      return schema.format === 'email' ? 'email' : schema.format === 'date' ? 'date' : 'text';
  }
}

export function fieldSpec(key: string, schema: JsonSchema, required: boolean): FieldSpec {
  const spec: FieldSpec = { key, kind: kindOf(schema), label: schema.title ?? humanize(key), description: schema.description, required, default: schema.default };
  if (schema.enum) spec.options = schema.enum.map(String);
  if (schema.optionLabels) spec.optionLabels = schema.optionLabels;
  if (schema.type === 'integer' || schema.type === 'number') Object.assign(spec, { integer: schema.type === 'integer', min: schema.minimum, max: schema.maximum });
  if (schema.type === 'object') spec.children = fieldsOf(schema);
  if (schema.type === 'array') {
    Object.assign(spec, { min: schema.minItems, max: schema.maxItems, item: fieldSpec('item', { title: schema.items?.title ?? 'Item', ...schema.items }, true) });
    if (schema.relation) spec.relation = schema.relation;
  }
  if (schema.identifierFrom) spec.identifierFrom = schema.identifierFrom;
  if (schema.shownUpTo) spec.shownUpTo = schema.shownUpTo;
  if (schema.maxLength !== undefined && COUNTED_KINDS.has(spec.kind)) spec.maxLength = schema.maxLength;
  return spec;
}

/**
 * What one item of a list is called, as its form titles it ("Testimonial 2"): its schema's own
 * title, else the list's name in the singular ("Buttons" → "Button"). Problems, History steps and
 * notes name items the same way.
 */
export function listItemName(listLabel: string, itemTitle: string | undefined): string {
  return itemTitle && itemTitle !== 'Item' ? itemTitle : listLabel.replace(/s$/, '');
}

/** The fields of an object schema, in schema order. */
export function fieldsOf(schema: JsonSchema): FieldSpec[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([key, property]) => fieldSpec(key, property, required.has(key)));
}

/** What editors read for an option: its declared label, else the value itself. */
export const optionLabel = (spec: FieldSpec, option: string) => spec.optionLabels?.[option] ?? option;
