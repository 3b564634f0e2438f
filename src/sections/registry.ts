/**
 * The section registry, assembled from the folders next to this file: every
 * `src/sections/<type>/section.ts` is a section type. Adding a type means
 * adding a folder; nothing here or elsewhere needs editing.
 */
import type { AnySectionDefinition } from '../engine/schema/define-section';
import { buildPageSchemas } from '../engine/schema/page';

const modules = import.meta.glob<{ default: AnySectionDefinition }>('./*/section.ts', { eager: true });

function folderOf(modulePath: string): string {
  return modulePath.split('/')[1]!;
}

export const sectionDefinitions: readonly AnySectionDefinition[] = Object.entries(modules)
  .map(([path, module]) => {
    const definition = module.default;
    if (definition.type !== folderOf(path)) {
      throw new Error(`Section folder "${folderOf(path)}" defines type "${definition.type}"; they must match`);
    }
    return definition;
  })
  .sort((a, b) => a.type.localeCompare(b.type));

export const sectionRegistry: ReadonlyMap<string, AnySectionDefinition> = new Map(
  sectionDefinitions.map((definition) => [definition.type, definition]),
);

export const sectionTypes = sectionDefinitions.map((definition) => definition.type);

const pageSchemas = buildPageSchemas(sectionDefinitions);
export const { BundleSchema, StoredPageSchema, StoredSectionSchema } = pageSchemas;
/** What the resolver checks bundles with (src/engine/bundle-check.ts). */
export const bundleSchemas = { BundleSchema, BundleHeadSchema: pageSchemas.BundleHeadSchema, bundleSection: pageSchemas.bundleSection, StoredPageSchema };
