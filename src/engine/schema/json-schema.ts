/**
 * JSON Schema views of the zod schemas, with their titles, descriptions and
 * declared field kinds. The generated docs and the editor's forms both read these, so
 * neither keeps a copy of a field list.
 */
import { z } from 'astro/zod';
import type { DeclaredKind } from './primitives';
import { storedDataSchema, type AnySectionDefinition } from './define-section';

export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  /** The kind declared in the schema's meta (primitives.ts); plain types declare none. */
  kind?: DeclaredKind;
  /** An identifier's source field. */
  identifierFrom?: string;
  /** Readable names of an enum's values. */
  optionLabels?: Record<string, string>;
  /** An array of slugs of this collection's entries. */
  relation?: string;
  /** How much of the text others show (primitives.ts, ShownUpTo). */
  shownUpTo?: { length: number; past: string };
  example?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  /** A string's hard limit (`z.string().max`): the editor counts against it, the docs state it. */
  maxLength?: number;
  anyOf?: JsonSchema[];
}

/** The schema of what a person types: defaults make fields optional. */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export function sectionJsonSchemas(definition: AnySectionDefinition) {
  return {
    /** Stored data: what an editor fills in (bound fields excluded). */
    data: inputJsonSchema(storedDataSchema(definition)),
    settings: inputJsonSchema(definition.settings),
    /** Bound fields with their own titles and descriptions. */
    bound: definition.bound.map((key: string) => ({ key, ...inputJsonSchema(definition.schema.shape[key] as z.ZodType) })),
  };
}
