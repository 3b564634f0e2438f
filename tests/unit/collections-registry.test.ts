/** Collections are declared once, in src/collections/<name>/collection.ts; everything else derives from the registry. */
import { PUBLICATION_KEYS } from '../../src/engine/schema/publication';
import { describe, expect, it } from 'vitest';
import { collectionDefinitions, collectionNames, collectionRegistry } from '../../src/collections/registry';
import { COLLECTIONS, collectionSchemas, entryIssues } from '../../src/engine/schema/collections';
import { docsFromPayload } from '../../src/editor/lib/model';
import { ENTRY_COLLECTIONS, entryLabel, entryOfFile, newEntry, newEntryDoc, parseEntryRoute } from '../../src/editor/lib/entries';

describe('the collection registry', () => {
  it('holds posts and tags, each complete, with a starter entry its own schema accepts', () => {
    expect(collectionNames).toEqual(['posts', 'tags']);
    for (const definition of collectionDefinitions) {
      expect(definition.label && definition.singular && definition.description).toBeTruthy();
      expect(Object.keys(definition.schema.shape)).toContain(definition.labelField);
      expect(entryIssues(definition.name, newEntry(definition.name, 'release-notes', '2026-11-23'))).toEqual([]);
    }
  });

  it('is what the engine and the editor read', () => {
    expect([...COLLECTIONS]).toEqual(collectionNames);
    expect(Object.keys(collectionSchemas)).toEqual(collectionNames);
    expect(ENTRY_COLLECTIONS).toBe(collectionNames);
    // The engine stores each entry as its collection declares it, plus the publication fields every entry has.
    const declared = collectionRegistry.get('posts')!.schema;
    expect(Object.keys(collectionSchemas.posts!.shape)).toEqual([...Object.keys(declared.shape), ...PUBLICATION_KEYS]);
    for (const key of Object.keys(declared.shape)) expect(collectionSchemas.posts!.shape[key]).toBe(declared.shape[key]);
  });

  it('routes, files and labels of entries follow the registry, and names it does not hold are not entries', () => {
    expect(parseEntryRoute('~tags/news')).toEqual({ collection: 'tags', slug: 'news' });
    expect(parseEntryRoute('~authors/ada')).toBeUndefined();
    expect(entryOfFile('collections/posts/hello.json')).toEqual({ collection: 'posts', slug: 'hello' });
    expect(entryOfFile('collections/authors/ada.json')).toBeUndefined();
    const docs = docsFromPayload({ docs: [newEntryDoc('tags', 'news', { name: 'News' }), newEntryDoc('posts', 'x', { title: ' ' })] });
    expect(entryLabel(docs['collections/tags/news.json']!)).toBe('News');
    expect(entryLabel(docs['collections/posts/x.json']!)).toBe('x');
    expect(entryIssues('authors', {})).toEqual([{ path: '', message: 'There is no collection "authors"' }]);
  });
});
