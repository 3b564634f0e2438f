/**
 * Maps the JSON Schema of a section (generated from its zod schema) to the
 * fields of its inspector form. Nothing here knows a section type, so a new
 * type gets a form without any editor change.
 */
import type { JsonSchema } from '../../engine/schema/json-schema';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'markdown'
  | 'url'
  | 'color'
  | 'icon'
  | 'email'
  | 'date'
  | 'select'
  | 'checkbox'
  | 'number'
  | 'image'
  | 'object'
  | 'array';

export interface FieldSpec {
  key: string;
  kind: FieldKind;
  label: string;
  description?: string;
  required: boolean;
  /** Choices of a select (and of an icon picker). */
  options?: string[];
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
}

const humanize = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

function isImage(schema: JsonSchema): boolean {
  const keys = Object.keys(schema.properties ?? {});
  return schema.type === 'object' && keys.length === 2 && keys.includes('url') && keys.includes('alt');
}

function stringKind(schema: JsonSchema): FieldKind {
  if (schema.widget && ['textarea', 'markdown', 'url', 'color', 'icon'].includes(schema.widget)) return schema.widget as FieldKind;
  if (schema.format === 'email') return 'email';
  if (schema.format === 'date') return 'date';
  return 'text';
}

export function fieldSpec(key: string, schema: JsonSchema, required: boolean): FieldSpec {
  const base = { key, label: schema.title ?? humanize(key), description: schema.description, required, default: schema.default };
  if (schema.enum) {
    const options = schema.enum.map(String);
    return { ...base, kind: schema.widget === 'icon' ? 'icon' : 'select', options };
  }
  switch (schema.type) {
    case 'boolean':
      return { ...base, kind: 'checkbox' };
    case 'integer':
    case 'number':
      return { ...base, kind: 'number', integer: schema.type === 'integer', min: schema.minimum, max: schema.maximum };
    case 'array':
      return {
        ...base,
        kind: 'array',
        min: schema.minItems,
        max: schema.maxItems,
        item: fieldSpec('item', { title: schema.items?.title ?? 'Item', ...schema.items }, true),
        ...(schema.relation ? { relation: schema.relation } : {}),
      };
    case 'object':
      return { ...base, kind: isImage(schema) ? 'image' : 'object', children: fieldsOf(schema) };
    default:
      return { ...base, kind: stringKind(schema) };
  }
}

/** The fields of an object schema, in schema order. */
export function fieldsOf(schema: JsonSchema): FieldSpec[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([key, property]) => fieldSpec(key, property, required.has(key)));
}

/** A starting value for a new field or array item: defaults, else empty but well-typed. */
export function initialValue(spec: FieldSpec): unknown {
  if (spec.default !== undefined) return structuredClone(spec.default);
  switch (spec.kind) {
    case 'checkbox':
      return false;
    case 'number':
      return spec.min ?? 0;
    case 'select':
    case 'icon':
      return spec.options?.[0] ?? '';
    case 'array':
      return [];
    case 'object':
    case 'image':
      return Object.fromEntries((spec.children ?? []).filter((child) => child.required).map((child) => [child.key, initialValue(child)]));
    default:
      return '';
  }
}
