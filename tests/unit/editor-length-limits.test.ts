/**
 * A text whose schema sets a limit (`.max`, a section's title) counts against it in its form, from
 * the schema alone: the number is never copied into the editor.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { LengthCount } from '../../src/editor/app/fields/parts';
import { field, markdown, MAX_HEADING_LENGTH, MAX_LABEL_LENGTH, MAX_LINE_LENGTH, MAX_PARAGRAPH_LENGTH } from '../../src/engine/schema/primitives';
import { inputJsonSchema, sectionJsonSchemas, type JsonSchema } from '../../src/engine/schema/json-schema';
import { collectionSchemas } from '../../src/engine/schema/collections';
import { buildPageSchemas, PageMetaSchema } from '../../src/engine/schema/page';
import { sectionDefinitions } from '../../src/sections/registry';
import { settingsJsonSchema } from '../../src/editor/lib/site-settings';
import { fieldsOf, type FieldSpec } from '../../src/editor/lib/form';
import { entryForm, sectionForm } from '../../src/editor/lib/section-forms';
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
    expect(spec(sectionForm('hero').data, 'subtitle').maxLength).toBe(MAX_PARAGRAPH_LENGTH);
    expect(spec(sectionForm('page-hero').data, 'label').maxLength).toBe(MAX_LABEL_LENGTH);
    expect(spec(sectionForm('page-hero').data, 'description').maxLength).toBe(MAX_PARAGRAPH_LENGTH);
    expect(spec(sectionForm('gallery').data, 'images').item!.children!.find((child) => child.key === 'caption')!.maxLength).toBe(MAX_LINE_LENGTH);
    // A title is a title wherever it is: a post's as a section's.
    expect(spec(entryForm('posts'), 'title').maxLength).toBe(MAX_HEADING_LENGTH);
    expect(spec(entryForm('tags'), 'name').maxLength).toBe(MAX_LABEL_LENGTH);
    expect(spec(fieldsOf(settingsJsonSchema), 'name').maxLength).toBe(MAX_LABEL_LENGTH);
  });

  it('counts as you type, and past the limit says by how much', () => {
    const line = spec(fields, 'line');
    // Under four fifths of the limit, read with the field only: a count under every short text was noise.
    expect(count(line, 'x'.repeat(42))).toBe('<p class="field-count visually-hidden" id="f-count">42 / 80 characters</p>');
    expect(count(line, 'x'.repeat(64))).toBe('<p class="field-count" id="f-count">64 / 80 characters</p>');
    expect(count(line, 'x'.repeat(80))).toContain('80 / 80 characters</p>');
    expect(count(line, 'x'.repeat(85))).toBe('<p class="field-count is-over" id="f-count">85 / 80 characters: 5 too many</p>');
    // Counted as the schema counts: an emoji is one character.
    expect(count(line, '😀'.repeat(80))).toContain('80 / 80 characters</p>');
    expect(count(spec(fields, 'free'), 'anything')).toBe('');
  });

  it('counts a text others cut against what they show, with its limit after it, and past the limit says by how much', () => {
    const title = spec(fieldsOf(inputJsonSchema(PageMetaSchema)), 'title');
    expect(title).toMatchObject({ maxLength: MAX_HEADING_LENGTH, shownUpTo: { length: 60 } });
    expect(count(title, 'About us')).toBe('<p class="field-count" id="f-count">8 of about 60 characters shown (at most 100)</p>');
    expect(count(title, 'x'.repeat(88))).toContain('>88 characters (at most 100), over the 60 or so shown. Search results cut longer titles');
    expect(count(title, 'x'.repeat(104))).toBe('<p class="field-count is-over" id="f-count">104 / 100 characters: 4 too many</p>');
  });

  it('refuses past the limit with the words the form shows beside the count', () => {
    const title = sectionRegistry.get('hero')!.schema.shape.title as z.ZodString;
    const result = title.safeParse('x'.repeat(MAX_HEADING_LENGTH + 1));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(`Use at most ${MAX_HEADING_LENGTH} characters`);
    expect(title.safeParse('x'.repeat(MAX_HEADING_LENGTH)).success).toBe(true);
  });
});

describe('every text a person types has a limit', () => {
  const { StrictStoredPageSchema } = buildPageSchemas(sectionDefinitions);
  /** Texts whose format bounds them: a colour code, a video's ID (11 characters, or a number), an ISO date-time. */
  const BOUNDED_BY_FORMAT = new Set(['video-embed.videoId', 'tags.accent', 'site.brandColor', 'page.publishAt', 'posts.publishAt', 'tags.publishAt']);
  /** Every string field under `schema` without a maxLength, by its path. */
  function unlimited(schema: JsonSchema, path: string, found: string[] = []): string[] {
    const isString = schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
    if (isString && !schema.enum && schema.maxLength === undefined && !['date', 'date-time'].includes(schema.format ?? '') && !BOUNDED_BY_FORMAT.has(path)) found.push(path);
    for (const [key, child] of Object.entries(schema.properties ?? {})) unlimited(child, `${path}.${key}`, found);
    if (schema.items) unlimited(schema.items, `${path}[]`, found);
    for (const option of schema.anyOf ?? []) unlimited(option, path, found);
    return found;
  }

  it('in every section type, collection, page and the site settings', () => {
    const found = [
      ...[...sectionRegistry].flatMap(([type, definition]) => unlimited(sectionJsonSchemas(definition).data, type)),
      ...Object.entries(collectionSchemas).flatMap(([name, schema]) => unlimited(inputJsonSchema(schema), name)),
      ...unlimited(inputJsonSchema(StrictStoredPageSchema), 'page'),
      ...unlimited(settingsJsonSchema, 'site'),
    ];
    expect(found).toEqual([]);
  });

  it('refuses a 1.4 MB description at once, with the field’s limit in plain words', () => {
    const pageHero = sectionRegistry.get('page-hero')!.schema;
    const result = pageHero.safeParse({ title: 'About', description: 'x'.repeat(1_400_000) });
    expect(result.error!.issues.map(({ path, message }) => ({ path, message }))).toEqual([{ path: ['description'], message: 'Use at most 1,000 characters' }]);
  });
});
