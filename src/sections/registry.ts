/**
 * The section registry, assembled from the folders next to this file: every
 * `src/sections/<type>/section.ts` is a section type. Adding a type means
 * adding a folder; nothing here or elsewhere needs editing. Each folder is
 * loaded on its own (src/engine/schema/registry-folders.ts): in dev a broken
 * one is reported, on the pages that use its type and in the editor's
 * Problems panel, and every other type still works; the build refuses it.
 */
import type { AnySectionDefinition } from '../engine/schema/define-section';
import { buildPageSchemas } from '../engine/schema/page';
import { assertNoRegistryProblems, isZodObject, loadFolders, wrongTypes } from '../engine/schema/registry-folders';

/** What is wrong with a folder's definition; defineSection() fills in the fields it defaults. */
function checkSection(definition: Record<string, unknown>, folder: string): string[] {
  return [
    ...(definition.type === folder ? [] : [`defines type ${JSON.stringify(definition.type)}, but the type must equal the folder's name, "${folder}"`]),
    ...wrongTypes(definition, 'string', ['label', 'description', 'element', 'placement']),
    ...wrongTypes(definition, 'object', ['defaults', 'viewReads']),
    ...(['schema', 'settings'] as const).filter((field) => !isZodObject(definition[field])).map((field) => `"${field}" must be a zod object (z.object({…}))`),
    ...(Array.isArray(definition.bound) ? [] : ['"bound" must be a list (make the definition with defineSection())']),
  ];
}

const loaded = await loadFolders<AnySectionDefinition>('src/sections', import.meta.glob('./*/section.ts'), checkSection);

/** The folders that define no usable type, each with its file and why: what dev reports instead of failing. */
export const sectionRegistryProblems = loaded.problems;
assertNoRegistryProblems(sectionRegistryProblems, import.meta.env.DEV);

export const sectionDefinitions: readonly AnySectionDefinition[] = loaded.definitions.sort((a, b) => a.type.localeCompare(b.type));

export const sectionRegistry: ReadonlyMap<string, AnySectionDefinition> = new Map(
  sectionDefinitions.map((definition) => [definition.type, definition]),
);

export const sectionTypes = sectionDefinitions.map((definition) => definition.type);

const pageSchemas = buildPageSchemas(sectionDefinitions, sectionRegistryProblems);
export const { BundleSchema, StoredPageSchema, StoredSectionSchema } = pageSchemas;
/** What the resolver checks bundles with (src/engine/bundle-check.ts). */
export const bundleSchemas = { BundleSchema, BundleHeadSchema: pageSchemas.BundleHeadSchema, bundleSection: pageSchemas.bundleSection, StoredPageSchema };
