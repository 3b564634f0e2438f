import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { field, CtaSchema, ImageSelectionSchema } from '../../src/engine/schema/primitives';
import { inputJsonSchema, sectionJsonSchemas } from '../../src/engine/schema/json-schema';
import { fieldsOf, initialValue, type FieldSpec } from '../../src/editor/lib/form';
import { sectionDefinitions, sectionRegistry } from '../../src/sections/registry';
import { serverIssues, sectionIssues } from '../../src/editor/lib/validate';

const spec = (fields: FieldSpec[], key: string) => fields.find((f) => f.key === key)!;

describe('schema-to-form mapping', () => {
  const schema = z.object({
    line: field(z.string(), 'Line', 'd'),
    long: field(z.string().optional(), 'Long', 'd', { widget: 'textarea' }),
    rich: field(z.string(), 'Rich', 'd', { widget: 'markdown' }),
    link: field(z.string(), 'Link', 'd', { widget: 'url' }),
    colour: field(z.string(), 'Colour', 'd', { widget: 'color' }),
    mail: field(z.email().optional(), 'Mail', 'd'),
    day: field(z.iso.date(), 'Day', 'd'),
    choice: field(z.enum(['a', 'b']).default('b'), 'Choice', 'd'),
    flag: field(z.boolean().default(true), 'Flag', 'd'),
    count: field(z.int().min(1).max(9).optional(), 'Count', 'd'),
    cta: field(CtaSchema, 'Button', 'd'),
    picture: field(ImageSelectionSchema.optional(), 'Picture', 'd'),
    list: field(z.array(z.object({ name: z.string() })).max(3), 'List', 'd'),
  });
  const fields = fieldsOf(inputJsonSchema(schema));

  it('maps every field kind', () => {
    expect(Object.fromEntries(fields.map((f) => [f.key, f.kind]))).toEqual({
      line: 'text', long: 'textarea', rich: 'markdown', link: 'url', colour: 'color', mail: 'email', day: 'date',
      choice: 'select', flag: 'checkbox', count: 'number', cta: 'object', picture: 'image', list: 'array',
    });
  });

  it('carries labels, descriptions, required flags, options, bounds and defaults', () => {
    expect(spec(fields, 'line')).toMatchObject({ label: 'Line', description: 'd', required: true });
    expect(spec(fields, 'long').required).toBe(false);
    expect(spec(fields, 'choice')).toMatchObject({ options: ['a', 'b'], default: 'b', required: false });
    expect(spec(fields, 'count')).toMatchObject({ integer: true, min: 1, max: 9 });
    expect(spec(fields, 'list')).toMatchObject({ max: 3, item: { kind: 'object', children: [{ key: 'name', kind: 'text' }] } });
    expect(spec(fields, 'cta').children!.map((c) => c.kind)).toEqual(['text', 'text', 'url', 'select']);
    expect(spec(fields, 'picture').children!.map((c) => c.key)).toEqual(['url', 'alt']);
  });

  it('gives new array items and objects well-typed starting values', () => {
    expect(initialValue(spec(fields, 'cta'))).toEqual({ id: '', label: '', href: '', variant: 'primary' });
    expect(initialValue(spec(fields, 'flag'))).toBe(true);
    expect(initialValue(spec(fields, 'list').item!)).toEqual({ name: '' });
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
