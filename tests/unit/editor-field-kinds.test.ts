import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { CtaSchema, field, ImageSelectionSchema } from '../../src/engine/schema/primitives';
import { inputJsonSchema } from '../../src/engine/schema/json-schema';
import { fieldsOf, type FieldKind, type FieldSpec } from '../../src/editor/lib/form';
import { FIELD_KINDS, initialValue } from '../../src/editor/app/fields/kinds';

const spec = (fields: FieldSpec[], key: string) => fields.find((f) => f.key === key)!;

describe('the field kinds table', () => {
  it('has a widget and an empty value for every kind', () => {
    const kinds: FieldKind[] = ['text', 'email', 'date', 'textarea', 'markdown', 'link', 'image-url', 'color', 'identifier', 'select', 'icon', 'checkbox', 'number', 'object', 'image', 'array', 'relation'];
    expect(Object.keys(FIELD_KINDS).sort()).toEqual([...kinds].sort());
    for (const kind of kinds) {
      expect(typeof FIELD_KINDS[kind].Widget, kind).toBe('function');
      expect(FIELD_KINDS[kind].empty({ key: 'k', kind, label: 'K', required: true }), kind).not.toBeUndefined();
    }
  });

  const fields = fieldsOf(
    inputJsonSchema(
      z.object({
        cta: field(CtaSchema, 'Button', 'd'),
        picture: field(ImageSelectionSchema.optional(), 'Picture', 'd'),
        flag: field(z.boolean().default(true), 'Flag', 'd'),
        list: field(z.array(z.object({ name: z.string() })), 'List', 'd'),
        buttons: field(z.array(CtaSchema), 'Buttons', 'd'),
      }),
    ),
  );

  it('starts a new field at its default, else its kind’s empty value', () => {
    expect(initialValue(spec(fields, 'flag'))).toBe(true);
    expect(initialValue(spec(fields, 'list').item!)).toEqual({ name: '' });
    expect(initialValue(spec(fields, 'picture'))).toEqual({ url: '', alt: '' });
  });

  it('gives a new button a valid generated ID, unique among its siblings', () => {
    expect(initialValue(spec(fields, 'cta'))).toEqual({ id: 'button', label: '', href: '', variant: 'primary' });
    const item = { ...spec(fields, 'buttons').item!, label: 'Button' };
    const first = initialValue(item) as { id: string };
    const second = initialValue(item, [first]) as { id: string };
    expect([first.id, second.id]).toEqual(['button', 'button-2']);
    expect(CtaSchema.shape.id.safeParse(second.id).success).toBe(true);
  });
});
