/**
 * A text whose schema sets a limit (`.max`, a section's title) counts against it in its form, from
 * the schema alone: the number is never copied into the editor.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { LengthCount } from '../../src/editor/app/fields/parts';
import { inputJsonSchema } from '../../src/engine/schema/json-schema';
import { field, markdown, MAX_HEADING_LENGTH } from '../../src/engine/schema/primitives';
import { fieldsOf, type FieldSpec } from '../../src/editor/lib/form';
import { sectionForm } from '../../src/editor/lib/section-forms';
import { sectionRegistry } from '../../src/sections/registry';

const spec = (fields: readonly FieldSpec[], key: string) => fields.find((f) => f.key === key)!;
const count = (fieldSpec: FieldSpec, text: string) => renderToStaticMarkup(createElement(LengthCount, { id: 'f', spec: fieldSpec, text }));

describe('a text’s limit in its form', () => {
  const fields = fieldsOf(
    inputJsonSchema(
      z.object({
        line: field(z.string().max(80), 'Line', 'd'),
        long: field(z.string().max(300).optional(), 'Long', 'd', { kind: 'textarea' }),
        free: field(z.string(), 'Free', 'd'),
        rich: field(markdown(), 'Rich', 'd'),
      }),
    ),
  );

  it('comes from the schema’s max, for plain text and textareas alone', () => {
    expect(spec(fields, 'line').maxLength).toBe(80);
    expect(spec(fields, 'long').maxLength).toBe(300);
    expect(spec(fields, 'free').maxLength).toBeUndefined();
    // A Markdown text's limit (200,000) is past any essay: its widget counts nothing.
    expect(spec(fields, 'rich').maxLength).toBeUndefined();
  });

  it('is what the built-in sections’ titles declare', () => {
    expect(spec(sectionForm('hero').data, 'title').maxLength).toBe(MAX_HEADING_LENGTH);
    expect(spec(sectionForm('content-block').data, 'title').maxLength).toBe(MAX_HEADING_LENGTH);
    expect(spec(sectionForm('hero').data, 'subtitle').maxLength).toBeUndefined();
  });

  it('counts as you type, and past the limit says by how much', () => {
    const line = spec(fields, 'line');
    expect(count(line, 'x'.repeat(42))).toBe('<p class="field-count" id="f-count">42 / 80 characters</p>');
    expect(count(line, 'x'.repeat(80))).toContain('80 / 80 characters</p>');
    expect(count(line, 'x'.repeat(85))).toBe('<p class="field-count is-over" id="f-count">85 / 80 characters: 5 too many</p>');
    // Counted as the schema counts: an emoji is one character.
    expect(count(line, '😀'.repeat(80))).toContain('80 / 80 characters</p>');
    expect(count(spec(fields, 'free'), 'anything')).toBe('');
  });

  it('refuses past the limit with the words the form shows beside the count', () => {
    const title = sectionRegistry.get('hero')!.schema.shape.title as z.ZodString;
    const result = title.safeParse('x'.repeat(MAX_HEADING_LENGTH + 1));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(`Use at most ${MAX_HEADING_LENGTH} characters`);
    expect(title.safeParse('x'.repeat(MAX_HEADING_LENGTH)).success).toBe(true);
  });
});
