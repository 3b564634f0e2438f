/**
 * Field kinds as a table: for each kind, the widget that edits it and the
 * value a new field of that kind starts with. How a field gets its kind is
 * lib/form.ts `kindOf`: the kind its schema declares (primitives.ts), or the
 * basic kind of its JSON type. A new kind is one entry here, plus its widget.
 */
import type { ComponentType } from 'react';
import type { FieldKind, FieldSpec } from '../../lib/form';
import { generateIdentifier } from '../../lib/identifiers';
import { ArrayField } from './ArrayField';
import { CheckboxField } from './CheckboxField';
import { ColorField } from './ColorField';
import { IconField } from './IconField';
import { IdentifierField } from './IdentifierField';
import { ImageField } from './ImageField';
import { LinkField } from './LinkField';
import { MarkdownField } from './MarkdownField';
import { NumberField } from './NumberField';
import { ObjectField } from './ObjectField';
import { RelationField } from './RelationField';
import { SelectField } from './SelectField';
import { TextareaField, TextField } from './TextField';
import type { WidgetProps } from './types';

export interface FieldKindEntry {
  Widget: ComponentType<WidgetProps>;
  /** The value of a new field or item of this kind (a declared default wins over it). */
  empty(spec: FieldSpec, siblings?: readonly unknown[]): unknown;
}

const emptyText = () => '';
const firstOption = (spec: FieldSpec) => spec.options?.[0] ?? '';

/** An object's required fields, each at its starting value; identifiers generated unique among `siblings`. */
function emptyObject(spec: FieldSpec, siblings: readonly unknown[] = []): Record<string, unknown> {
  const children = spec.children ?? [];
  const value: Record<string, unknown> = Object.fromEntries(children.filter((child) => child.required).map((child) => [child.key, initialValue(child)]));
  for (const child of children.filter((candidate) => candidate.kind === 'identifier' && candidate.identifierFrom)) {
    const taken = siblings.flatMap((sibling) => {
      const id = sibling && typeof sibling === 'object' ? (sibling as Record<string, unknown>)[child.key] : undefined;
      return typeof id === 'string' ? [id] : [];
    });
    const source = value[child.identifierFrom!];
    value[child.key] = generateIdentifier(typeof source === 'string' ? source : '', taken, spec.label);
  }
  return value;
}

export const FIELD_KINDS: { readonly [Kind in FieldKind]: FieldKindEntry } = {
  text: { Widget: TextField, empty: emptyText },
  email: { Widget: TextField, empty: emptyText },
  date: { Widget: TextField, empty: emptyText },
  textarea: { Widget: TextareaField, empty: emptyText },
  markdown: { Widget: MarkdownField, empty: emptyText },
  link: { Widget: LinkField, empty: emptyText },
  'image-url': { Widget: TextField, empty: emptyText },
  color: { Widget: ColorField, empty: emptyText },
  identifier: { Widget: IdentifierField, empty: emptyText },
  select: { Widget: SelectField, empty: firstOption },
  icon: { Widget: IconField, empty: firstOption },
  checkbox: { Widget: CheckboxField, empty: () => false },
  number: { Widget: NumberField, empty: (spec) => spec.min ?? 0 },
  object: { Widget: ObjectField, empty: emptyObject },
  image: { Widget: ImageField, empty: emptyObject },
  array: { Widget: ArrayField, empty: () => [] },
  relation: { Widget: RelationField, empty: () => [] },
};

/** A starting value for a new field or array item (`siblings`: the array's other items): its default, else its kind's empty value. */
export function initialValue(spec: FieldSpec, siblings?: readonly unknown[]): unknown {
  if (spec.default !== undefined) return structuredClone(spec.default);
  return FIELD_KINDS[spec.kind].empty(spec, siblings);
}
