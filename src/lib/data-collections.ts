/**
 * How the files under src/data split into Astro content collections: pages,
 * one per registered collection (src/collections/), and every other document.
 * Together the patterns cover every JSON file once, so a production snapshot
 * built from the collections holds exactly what the dev server reads from disk.
 */
import { collectionNames } from '../collections/registry';

/** Content-layer names the site itself uses; a registered collection may not take one. */
const RESERVED = ['pages', 'documents'];

export function dataCollectionsFor(names: readonly string[]): Record<string, string | string[]> {
  const taken = names.find((name) => RESERVED.includes(name));
  if (taken) throw new Error(`A collection may not be called "${taken}": the name is used for ${taken === 'pages' ? 'pages' : 'shared documents'}`);
  const entryGlobs = names.map((name) => `collections/${name}/*.json`);
  return {
    pages: 'pages/**/*.json',
    ...Object.fromEntries(names.map((name, index) => [name, entryGlobs[index]!])),
    documents: ['**/*.json', '!pages/**', ...entryGlobs.map((glob) => `!${glob}`)],
  };
}

export const DATA_COLLECTIONS = dataCollectionsFor(collectionNames);
export type DataCollection = string;
