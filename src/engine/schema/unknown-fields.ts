/**
 * Fields a schema does not know. Zod objects drop unknown keys without a word,
 * so a typo'd field name (`"titel"`) would lose its text silently. This walks
 * a value along its schema and names every key no object of the schema
 * declares, with a "did you mean" when a known key is close. Section
 * `settings` are left out: the spec says settings that do not apply are
 * ignored. `$ref` objects are left out too: what they point at is checked
 * where it is stored.
 */
import type { z } from 'astro/zod';
import { isRef } from './refs';

export interface UnknownField {
  path: (string | number)[];
  message: string;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Edit distance, for suggestions; short strings only. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

export function unknownFieldMessage(key: string, known: readonly string[]): string {
  const close = known
    .map((name) => ({ name, score: distance(key, name) }))
    .filter(({ name, score }) => score <= Math.max(1, Math.ceil(Math.max(name.length, key.length) / 3)))
    .sort((a, b) => a.score - b.score)[0];
  return `Unknown field "${key}"${close ? `: did you mean "${close.name}"?` : '.'} Known fields: ${known.join(', ') || 'none'}.`;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The option of a union that `value` is meant as: by its discriminator, else the one whose keys fit best. */
function optionFor(def: Def, value: unknown): z.ZodType | undefined {
  const options = def.options ?? [];
  if (!isPlainObject(value)) return options.find((option) => defOf(option).type !== 'object');
  if (def.discriminator) {
    const wanted = value[def.discriminator];
    return options.find((option) => {
      const literal = defOf(option).shape?.[def.discriminator!] as unknown as { _zod: { def: { values?: unknown[] } } } | undefined;
      return literal?._zod.def.values?.includes(wanted);
    });
  }
  const fit = (option: z.ZodType) => Object.keys(value).filter((key) => Object.hasOwn(objectShape(option) ?? {}, key)).length;
  return [...options].sort((a, b) => fit(b) - fit(a))[0];
}

/** The shape of an object schema behind wrappers, if it is one. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape;
  const inner = def.innerType ?? def.in ?? def.getter?.();
  return inner ? objectShape(inner) : undefined;
}

function walk(schema: z.ZodType, value: unknown, path: (string | number)[], out: UnknownField[]): void {
  if (isRef(value)) return;
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return walk(def.innerType!, value, path, out);
    case 'pipe':
      return walk(def.in!, value, path, out);
    case 'lazy':
      return walk(def.getter!(), value, path, out);
    case 'union': {
      const option = optionFor(def, value);
      return option ? walk(option, value, path, out) : undefined;
    }
    case 'array':
      if (Array.isArray(value)) value.forEach((item, index) => walk(def.element!, item, [...path, index], out));
      return;
    case 'record':
      if (isPlainObject(value)) for (const [key, item] of Object.entries(value)) walk(def.valueType!, item, [...path, key], out);
      return;
    case 'object': {
      if (!isPlainObject(value)) return;
      const shape = def.shape!;
      const known = Object.keys(shape);
      const isSection = Object.hasOwn(shape, 'type') && Object.hasOwn(shape, 'data') && Object.hasOwn(shape, 'settings');
      for (const [key, item] of Object.entries(value)) {
        if (!Object.hasOwn(shape, key)) out.push({ path: [...path, key], message: unknownFieldMessage(key, known) });
        else if (!(isSection && key === 'settings')) walk(shape[key]!, item, [...path, key], out);
      }
      return;
    }
    default:
      return;
  }
}

/** Every key of `value` that `schema` does not declare. */
export function unknownFields(schema: z.ZodType, value: unknown): UnknownField[] {
  const out: UnknownField[] = [];
  walk(schema, value, [], out);
  return out;
}
