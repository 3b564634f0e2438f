/**
 * Entries of the registered collections (src/collections/) as the editor
 * holds them: their files, routes, names in lists and the data of new ones.
 * Nothing here names a collection: each one's labels and starter data come
 * from its definition.
 */
import { collectionNames, collectionRegistry } from '../../collections/registry';
import { HOME_SLUG, TEMPLATE_SEGMENT } from '../../engine/slug';
import { pageFile, type DocKind, type Docs, type EditorDoc, type StoredPage } from './model';
import { sortedPages } from './page-order';

/** The names of the registered collections (posts, tags…). */
export const ENTRY_COLLECTIONS = collectionNames;
export type EntryCollection = string;

export const entryFile = (collection: string, slug: string) => `collections/${collection}/${slug}.json`;

/**
 * The editor's route for an entry: `~posts/<slug>` (URL `/editor/~posts/<slug>`).
 * The `~` keeps entry routes apart from page slugs such as `posts/[slug]`,
 * which a page may also have.
 */
export const entryRoute = (collection: string, slug: string) => `~${collection}/${slug}`;

/** The collection and slug of an entry route (of a registered collection), or undefined for a page slug. */
export function parseEntryRoute(route: string | null): { collection: EntryCollection; slug: string } | undefined {
  const match = route === null ? null : /^~([^/]+)\/([^/]+)$/.exec(route);
  return match && collectionRegistry.has(match[1]!) ? { collection: match[1]!, slug: match[2]! } : undefined;
}

/** The collection and slug of an entry file (`collections/posts/x.json`), if it is one of a registered collection. */
export function entryOfFile(file: string): { collection: EntryCollection; slug: string } | undefined {
  const match = /^collections\/([^/]+)\/([^/]+)\.json$/.exec(file);
  return match && collectionRegistry.has(match[1]!) ? { collection: match[1]!, slug: match[2]! } : undefined;
}

/** What kind of document a data file holds, and the slug it is saved under; undefined for a file the editor does not open. */
export function classifyFile(file: string): { kind: DocKind; saveSlug: string } | undefined {
  const withoutExtension = file.slice(0, -'.json'.length);
  if (file.startsWith('pages/')) return { kind: 'page', saveSlug: withoutExtension.slice('pages/'.length) };
  if (file.startsWith('shared/')) return { kind: 'shared', saveSlug: withoutExtension };
  const entry = entryOfFile(file);
  if (entry) return { kind: 'entry', saveSlug: `${entry.collection}/${entry.slug}` };
  return undefined;
}

/** The entries of a collection, sorted by slug. */
export function entriesOf(docs: Docs, collection: string): EditorDoc[] {
  return Object.values(docs)
    .filter((doc) => doc.kind === 'entry' && doc.saveSlug.startsWith(`${collection}/`))
    .sort((a, b) => a.saveSlug.localeCompare(b.saveSlug));
}

/** The slug of an entry doc: `posts/x` → `x`. */
export const entrySlugOf = (doc: Pick<EditorDoc, 'saveSlug'>) => doc.saveSlug.slice(doc.saveSlug.indexOf('/') + 1);

/** The collection of an entry doc: `posts/x` → `posts`. */
export const entryCollectionOf = (doc: Pick<EditorDoc, 'saveSlug'>) => doc.saveSlug.split('/')[0]!;

/** "post", "tag": the singular noun of an entry's collection. */
export const entryNounOf = (collection: string) => collectionRegistry.get(collection)?.singular ?? 'entry';

/** What an entry is called in lists: its collection's label field (a post's title, a tag's name), else its slug. */
export function entryLabel(doc: EditorDoc): string {
  const field = collectionRegistry.get(entryCollectionOf(doc))?.labelField;
  const label = field ? (doc.data as Record<string, unknown> | undefined)?.[field] : undefined;
  return typeof label === 'string' && label.trim() ? label : entrySlugOf(doc);
}

/** The slugs of every collection's entries, as entry validation checks relations against them. */
export function knownEntries(docs: Docs): Record<string, ReadonlySet<string>> {
  return Object.fromEntries(ENTRY_COLLECTIONS.map((collection) => [collection, new Set(entriesOf(docs, collection).map(entrySlugOf))]));
}

/** The page that shows each entry of `collection` (`posts/[slug]`), if there is one. */
export function templatePageOf(docs: Docs, collection: string): EditorDoc | undefined {
  const template = sortedPages(docs).find((doc) => (doc.data as StoredPage | undefined)?.template?.collection === collection);
  return template?.saveSlug.endsWith(`/${TEMPLATE_SEGMENT}`) ? template : undefined;
}

/** Where a collection's entry pages are, from its template page (`posts/[slug]` → `posts/`); undefined without a template. */
export function entryPagePrefix(docs: Docs, collection: string): string | undefined {
  return templatePageOf(docs, collection)?.saveSlug.slice(0, -TEMPLATE_SEGMENT.length);
}

/** The page slug an entry is shown at (`posts/x`); undefined without a template. */
export function entryPageSlug(docs: Docs, collection: string, slug: string): string | undefined {
  const prefix = entryPagePrefix(docs, collection);
  return prefix === undefined ? undefined : `${prefix}${slug}`;
}

const titleCase = (slug: string) =>
  slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** The data of a new entry, from its collection's starter: a title from the slug; `today` as YYYY-MM-DD. */
export function newEntry(collection: EntryCollection, slug: string, today: string, title?: string): Record<string, unknown> {
  const definition = collectionRegistry.get(collection);
  if (!definition) throw new Error(`There is no collection "${collection}"`);
  return structuredClone(definition.starter({ slug, title: title?.trim() || titleCase(slug), today })) as Record<string, unknown>;
}

/** The editor doc of a new, unsaved entry. */
export function newEntryDoc(collection: EntryCollection, slug: string, data: unknown): EditorDoc {
  return { file: entryFile(collection, slug), kind: 'entry', saveSlug: `${collection}/${slug}`, data, savedJson: '', version: null };
}

/** The entry whose page is at `slug` (`posts/x`, under its collection's template), if any. */
function entryAtAddress(docs: Docs, slug: string): EditorDoc | undefined {
  for (const collection of ENTRY_COLLECTIONS) {
    const prefix = entryPagePrefix(docs, collection);
    if (prefix !== undefined && slug.startsWith(prefix)) {
      const doc = docs[entryFile(collection, slug.slice(prefix.length))];
      if (doc) return doc;
    }
  }
  return undefined;
}

/**
 * Why no other page or entry may take the address `/slug/`, or null. A page file wins over an
 * entry's page at the same address (docs/content-model.md), so a page made there, or an entry
 * under a page's address, would hide the other from visitors without a word.
 */
export function addressTakenProblem(docs: Docs, slug: string): string | null {
  // The home page's file is pages/home.json, but its address is /: /home/ is no address of it.
  if (slug === HOME_SLUG) return '“home” is the home page’s own name (its address is /): choose another address.';
  if (docs[pageFile(slug)]) return `A page already has the address /${slug}/.`;
  const entry = entryAtAddress(docs, slug);
  if (entry) return `/${slug}/ is the address of the ${entryNounOf(entryCollectionOf(entry))} “${entryLabel(entry)}”: a page there would hide it.`;
  return null;
}

/** The same from the entry's side: why an entry of `collection` named `slug` would have no page of its own (a page has its address), or null. */
export function entryAddressTakenProblem(docs: Docs, collection: string, slug: string): string | null {
  const prefix = entryPagePrefix(docs, collection);
  return prefix !== undefined && docs[pageFile(`${prefix}${slug}`)] ? `A page already has the address /${prefix}${slug}/: the ${entryNounOf(collection)} would have no page of its own.` : null;
}
