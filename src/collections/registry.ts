/**
 * The collection registry, assembled from the folders next to this file:
 * every `src/collections/<name>/collection.ts` is a collection. Adding one
 * (say `authors`) means adding a folder and its entries under
 * src/data/collections/<name>/; nothing here or elsewhere needs editing.
 */
import type { AnyCollectionDefinition } from '../engine/schema/define-collection';

const modules = import.meta.glob<{ default: AnyCollectionDefinition }>('./*/collection.ts', { eager: true });

const folderOf = (modulePath: string) => modulePath.split('/')[1]!;

export const collectionDefinitions: readonly AnyCollectionDefinition[] = Object.entries(modules)
  .map(([path, module]) => {
    const definition = module.default;
    if (definition.name !== folderOf(path)) throw new Error(`Collection folder "${folderOf(path)}" defines "${definition.name}"; they must match`);
    return definition;
  })
  .sort((a, b) => a.name.localeCompare(b.name));

export const collectionRegistry: ReadonlyMap<string, AnyCollectionDefinition> = new Map(collectionDefinitions.map((definition) => [definition.name, definition]));

export const collectionNames: readonly string[] = collectionDefinitions.map((definition) => definition.name);
