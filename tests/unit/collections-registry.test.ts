/** Collections are declared once, in src/collections/<name>/collection.ts; everything else derives from the registry. */
import { PUBLICATION_KEYS } from '../../src/engine/schema/publication';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectionDefinitions, collectionNames, collectionRegistry } from '../../src/collections/registry';
import { COLLECTIONS, collectionSchemas, entryIssues } from '../../src/engine/schema/collections';
import { docsFromPayload } from '../../src/editor/lib/model';
import { ENTRY_COLLECTIONS, entryLabel, entryOfFile, newEntry, newEntryDoc, parseEntryRoute } from '../../src/editor/lib/entries';

/** The folders of src/collections that declare one: a collection a site adds (README, "Adding a collection") is in them. */
const declaredFolders = readdirSync('src/collections', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(`src/collections/${entry.name}`).includes('collection.ts'))
  .map((entry) => entry.name)
  .sort();

/** A name no site would give a collection, for what the registry does not hold. */
const UNREGISTERED = 'no-such-collection';

describe('the collection registry', () => {
  it('holds every folder\'s collection (posts and tags among them), each complete, with a starter entry its own schema accepts', () => {
    expect(collectionNames).toEqual(declaredFolders);
    expect(collectionNames).toEqual(expect.arrayContaining(['posts', 'tags']));
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
    expect(parseEntryRoute(`~${UNREGISTERED}/ada`)).toBeUndefined();
    expect(entryOfFile('collections/posts/hello.json')).toEqual({ collection: 'posts', slug: 'hello' });
    expect(entryOfFile(`collections/${UNREGISTERED}/ada.json`)).toBeUndefined();
    const docs = docsFromPayload({ docs: [newEntryDoc('tags', 'news', { name: 'News' }), newEntryDoc('posts', 'x', { title: ' ' })] });
    expect(entryLabel(docs['collections/tags/news.json']!)).toBe('News');
    expect(entryLabel(docs['collections/posts/x.json']!)).toBe('x');
    expect(entryIssues(UNREGISTERED, {})).toEqual([{ path: '', message: `There is no collection "${UNREGISTERED}"` }]);
  });
});
