/**
 * The collection registry, assembled from the folders next to this file:
 * every `src/collections/<name>/collection.ts` is a collection. Adding one
 * (say `authors`) means adding a folder and its entries under
 * src/data/collections/<name>/; nothing here or elsewhere needs editing. Each
 * folder is loaded on its own (src/engine/schema/registry-folders.ts): in dev a
 * broken one is reported in the editor's Problems panel and the rest work; the build refuses it.
 */
import type { AnyCollectionDefinition } from '../engine/schema/define-collection';
import { assertNoRegistryProblems, isZodObject, loadFolders, wrongTypes } from '../engine/schema/registry-folders';

function checkCollection(definition: Record<string, unknown>, folder: string): string[] {
  return [
    ...(definition.name === folder ? [] : [`defines ${JSON.stringify(definition.name)}, but the name must equal the folder's name, "${folder}"`]),
    ...wrongTypes(definition, 'string', ['label', 'singular', 'description', 'labelField']),
    ...wrongTypes(definition, 'function', ['starter']),
    ...(isZodObject(definition.schema) ? [] : ['"schema" must be a zod object (z.object({…}))']),
  ];
}

const loaded = await loadFolders<AnyCollectionDefinition>('src/collections', import.meta.glob('./*/collection.ts'), checkCollection);

/** The folders that define no usable collection, each with its file and why. */
export const collectionRegistryProblems = loaded.problems;
assertNoRegistryProblems(collectionRegistryProblems, import.meta.env.DEV);

export const collectionDefinitions: readonly AnyCollectionDefinition[] = loaded.definitions.sort((a, b) => a.name.localeCompare(b.name));

export const collectionRegistry: ReadonlyMap<string, AnyCollectionDefinition> = new Map(collectionDefinitions.map((definition) => [definition.name, definition]));

export const collectionNames: readonly string[] = collectionDefinitions.map((definition) => definition.name);
