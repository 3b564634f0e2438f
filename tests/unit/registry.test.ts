import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { storedDataSchema } from '../../src/engine/schema/define-section';
import { sectionDefinitions, sectionRegistry, sectionTypes } from '../../src/sections/registry';
import { BUILT_IN_TYPES } from '../helpers/built-in-types';

const sectionsDir = fileURLToPath(new URL('../../src/sections', import.meta.url));
const folders = readdirSync(sectionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('section registry', () => {
  it('lists exactly the folders under src/sections', () => {
    expect([...sectionTypes].sort()).toEqual(folders);
  });

  it('has the 13 built-in types of the spec', () => {
    expect(folders).toEqual(expect.arrayContaining(BUILT_IN_TYPES));
  });

  it.each(folders)('%s has a schema, a view and editor metadata', (folder) => {
    const definition = sectionRegistry.get(folder)!;
    expect(definition.type).toBe(folder);
    expect(existsSync(`${sectionsDir}/${folder}/View.astro`)).toBe(true);
    expect(definition.label.length).toBeGreaterThan(0);
    expect(definition.description.length).toBeGreaterThan(10);
  });

  it.each(sectionDefinitions.map((d) => [d.type, d] as const))('%s defaults are valid stored data', (_type, definition) => {
    const result = storedDataSchema(definition).safeParse(definition.defaults);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('documents every data field with a title and description', () => {
    for (const definition of sectionDefinitions) {
      for (const [key, field] of Object.entries(definition.schema.shape)) {
        const meta = (field as unknown as { meta(): { title?: string; description?: string } | undefined }).meta();
        expect(meta?.title, `${definition.type}.${key} title`).toBeTruthy();
        expect(meta?.description, `${definition.type}.${key} description`).toBeTruthy();
      }
    }
  });

  it('keeps bound fields out of stored data', () => {
    const postsList = sectionRegistry.get('posts-list')!;
    expect(Object.keys(storedDataSchema(postsList).shape)).not.toContain('posts');
    expect(Object.keys(postsList.schema.shape)).toContain('posts');
  });
});
