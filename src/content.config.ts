/**
 * Every JSON file under src/data is loaded into Astro's content layer, so the
 * production build carries a fixed copy of the content: prerendered pages and
 * the API in the Node server read the same data. Posts and tags are validated
 * by their collection schemas; pages and shared documents contain `$ref`s and
 * are validated by the resolver (src/engine/resolver.ts).
 *
 * Entry ids are the file paths without `.json` (`pages/docs/getting-started`),
 * so a `$ref`'s file path maps to exactly one entry.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { collectionSchemas } from './engine/schema/collections';
import { DATA_COLLECTIONS } from './lib/data-collections';

const pathId = ({ entry }: { entry: string }) => entry.replace(/\.json$/, '');
const base = './src/data';

export const collections = {
  pages: defineCollection({ loader: glob({ base, pattern: DATA_COLLECTIONS.pages, generateId: pathId }) }),
  documents: defineCollection({ loader: glob({ base, pattern: DATA_COLLECTIONS.documents, generateId: pathId }) }),
  posts: defineCollection({
    loader: glob({ base, pattern: DATA_COLLECTIONS.posts, generateId: pathId }),
    schema: collectionSchemas.posts,
  }),
  tags: defineCollection({
    loader: glob({ base, pattern: DATA_COLLECTIONS.tags, generateId: pathId }),
    schema: collectionSchemas.tags,
  }),
};
