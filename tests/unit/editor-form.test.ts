import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { field, CtaSchema, ImageSelectionSchema, imageUrl, link, markdown } from '../../src/engine/schema/primitives';
import { inputJsonSchema, sectionJsonSchemas } from '../../src/engine/schema/json-schema';
import { fieldsOf, kindOf, optionLabel, type FieldSpec } from '../../src/editor/lib/form';
import { sectionDefinitions, sectionRegistry } from '../../src/sections/registry';
import { serverIssues, sectionIssues } from '../../src/editor/lib/validate';

const spec = (fields: FieldSpec[], key: string) => fields.find((f) => f.key === key)!;

describe('schema-to-form mapping', () => {
  const schema = z.object({
    line: field(z.string(), 'Line', 'd'),
    long: field(z.string().optional(), 'Long', 'd', { kind: 'textarea' }),
    rich: field(markdown(), 'Rich', 'd'),
    href: field(link(), 'Link', 'd'),
    src: field(imageUrl(), 'Source', 'd'),
    colour: field(z.string(), 'Colour', 'd', { kind: 'color' }),
    mail: field(z.email().optional(), 'Mail', 'd'),
    day: field(z.iso.date(), 'Day', 'd'),
    choice: field(z.enum(['a', 'b']).default('b'), 'Choice', 'd', { optionLabels: { a: 'Option A' } }),
    flag: field(z.boolean().default(true), 'Flag', 'd'),
    count: field(z.int().min(1).max(9).optional(), 'Count', 'd'),
    cta: field(CtaSchema, 'Button', 'd'),
    picture: field(ImageSelectionSchema.optional(), 'Picture', 'd'),
    // Shaped like an image, but not declared one: it stays a plain object.
    lookalike: field(z.object({ url: z.string(), alt: z.string() }), 'Look-alike', 'd'),
    list: field(z.array(z.object({ name: z.string() })).max(3), 'List', 'd'),
    slugs: field(z.array(z.string()), 'Slugs', 'd', { relation: 'tags' }),
  });
  const fields = fieldsOf(inputJsonSchema(schema));

  it('takes each kind from the schema’s declaration, else from the JSON type', () => {
    expect(Object.fromEntries(fields.map((f) => [f.key, f.kind]))).toEqual({
      line: 'text', long: 'textarea', rich: 'markdown', href: 'link', src: 'image-url', colour: 'color', mail: 'email', day: 'date',
      choice: 'select', flag: 'checkbox', count: 'number', cta: 'object', picture: 'image', lookalike: 'object', list: 'array', slugs: 'relation',
    });
  });

  it('never guesses an image from the shape of an object', () => {
    expect(kindOf({ type: 'object', properties: { url: { type: 'string' }, alt: { type: 'string' } } })).toBe('object');
    expect(kindOf({ type: 'object', kind: 'image', properties: {} })).toBe('image');
  });

  it('carries labels, descriptions, required flags, options, bounds and defaults', () => {
    expect(spec(fields, 'line')).toMatchObject({ label: 'Line', description: 'd', required: true });
    expect(spec(fields, 'long').required).toBe(false);
    expect(spec(fields, 'choice')).toMatchObject({ options: ['a', 'b'], default: 'b', required: false });
    expect(spec(fields, 'count')).toMatchObject({ integer: true, min: 1, max: 9 });
    expect(spec(fields, 'list')).toMatchObject({ max: 3, item: { kind: 'object', children: [{ key: 'name', kind: 'text' }] } });
    expect(spec(fields, 'cta').children!.map((c) => c.kind)).toEqual(['identifier', 'text', 'link', 'select']);
    expect(spec(fields, 'cta').children![0]).toMatchObject({ key: 'id', identifierFrom: 'label' });
    expect(spec(fields, 'picture').children!.map((c) => c.key)).toEqual(['url', 'alt', 'focusX', 'focusY']);
  });

  it('names options by their declared labels, and shows undeclared ones as they are', () => {
    expect(optionLabel(spec(fields, 'choice'), 'a')).toBe('Option A');
    expect(optionLabel(spec(fields, 'choice'), 'b')).toBe('b');
    const variant = spec(fields, 'cta').children!.find((c) => c.key === 'variant')!;
    expect(variant.options!.map((o) => optionLabel(variant, o))).toEqual(['Primary', 'Secondary', 'Ghost (text link)']);
  });

  it('gives every enum of every section and collection a readable label for each option', () => {
    const unlabelled: string[] = [];
    const visit = (specs: FieldSpec[], where: string) => {
      for (const s of specs) {
        if (s.kind === 'select') for (const option of s.options ?? []) if (!s.optionLabels?.[option]) unlabelled.push(`${where}.${s.key}=${option}`);
        visit(s.children ?? [], `${where}.${s.key}`);
        if (s.item) visit([s.item], `${where}.${s.key}[]`);
      }
    };
    for (const definition of sectionDefinitions) {
      const { data, settings } = sectionJsonSchemas(definition);
      visit(fieldsOf(data), definition.type);
      visit(fieldsOf(settings), definition.type);
    }
    expect(unlabelled).toEqual([]);
    const padding = fieldsOf(sectionJsonSchemas(sectionRegistry.get('content-block')!).settings).find((f) => f.key === 'paddingTop')!;
    expect(padding.options!.map((o) => optionLabel(padding, o))).toEqual(['None', 'Small', 'Medium', 'Large', 'Extra large', '2× large']);
  });

  it('builds a form for every registered section, with its icon picker and settings', () => {
    for (const definition of sectionDefinitions) {
      const { data, settings } = sectionJsonSchemas(definition);
      expect(fieldsOf(data).length, definition.type).toBeGreaterThan(0);
      expect(fieldsOf(settings).map((f) => f.key)).toEqual(expect.arrayContaining(['paddingTop', 'paddingBottom']));
    }
    const stats = fieldsOf(sectionJsonSchemas(sectionRegistry.get('stats-band')!).data);
    expect(spec(stats, 'stats').item!.children!.find((c) => c.key === 'icon')!.kind).toBe('icon');
    expect(fieldsOf(sectionJsonSchemas(sectionRegistry.get('header')!).settings).map((f) => f.key)).toContain('sticky');
    expect(fieldsOf(sectionJsonSchemas(sectionRegistry.get('footer')!).settings).map((f) => f.key)).toContain('showLogo');
    expect(fieldsOf(sectionJsonSchemas(sectionRegistry.get('content-block')!).settings).map((f) => f.key)).not.toContain('sticky');
  });
});

describe('editor validation', () => {
  it('keys issues by field path, with the schema messages', () => {
    const issues = sectionIssues({ id: 'a', type: 'cta-banner', data: { title: '', ctas: [] } });
    expect(issues.get('data.title')).toBe('Required');
    expect(sectionIssues({ id: 'a', type: 'cta-banner', data: { title: { $ref: 'x.json#/t' }, ctas: [] } }).size).toBe(0);
  });

  it('maps server issues (JSON pointers) onto the same keys, leaving other files to the summary', () => {
    const map = serverIssues([
      { path: '/sections/1/data/title', message: 'Required' },
      { path: 'shared/footer.json#/data/copyright', message: 'Required' },
      { path: '/meta/a~1b', message: 'x' },
    ]);
    expect([...map]).toEqual([['sections.1.data.title', 'Required'], ['meta.a/b', 'x']]);
  });
});
