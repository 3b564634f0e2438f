/**
 * How the files under src/data split into Astro content collections. Together
 * the patterns cover every JSON file once, so a production snapshot built from
 * the collections holds exactly what the dev server reads from disk.
 */
export type DataCollection = 'pages' | 'posts' | 'tags' | 'documents';

export const DATA_COLLECTIONS: Record<DataCollection, string | string[]> = {
  pages: 'pages/**/*.json',
  posts: 'collections/posts/*.json',
  tags: 'collections/tags/*.json',
  documents: ['**/*.json', '!pages/**', '!collections/posts/*.json', '!collections/tags/*.json'],
};
