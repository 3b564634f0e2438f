/** An entry's page meta: its own title and description first, its template page's where it has none. */
import { describe, expect, it } from 'vitest';
import { entryMeta } from '../../src/engine/entry-meta';

const template = { title: 'Topics', description: 'Every topic we write about.' };

describe('entry page meta', () => {
  it("describes a tag's page by its description, and by the template's when the tag has none (a new tag starts without one)", () => {
    const tag = { name: 'Field notes', accent: '#4f46e5', slug: 'field-notes' };
    expect(entryMeta(template, { collection: 'tags', slug: 'field-notes', tag: { ...tag, description: 'Notes from the field.' } })).toMatchObject({ title: 'Field notes · Topics', description: 'Notes from the field.' });
    expect(entryMeta(template, { collection: 'tags', slug: 'field-notes', tag })).toMatchObject({ title: 'Field notes · Topics', description: 'Every topic we write about.' });
    expect(entryMeta(template, { collection: 'tags', slug: 'field-notes', tag: { ...tag, description: '  ' } }).description).toBe('Every topic we write about.');
  });
});
