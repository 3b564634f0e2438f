/**
 * What is public, and when. A page file or a collection entry is a draft
 * (`"status": "draft"`), scheduled (published, with a `publishAt` still ahead)
 * or published. The public site is made from `publicSnapshot`: the content
 * without the documents that are not published yet, so every public surface
 * (pages, entry pages, lists, the sitemap, the feed, structured data, the page
 * API) follows from one filter. The editor keeps the whole snapshot, so drafts
 * can be previewed. Pure: the caller supplies the time.
 *
 * A published document that points at a hidden one stays whole:
 * - a relation (a post's tags) simply leaves the hidden entry out;
 * - a `$ref` still reads the hidden file: a `$ref` copies content into the
 *   document that holds it rather than linking to a page, and dropping it
 *   would leave a required field empty and break the published page.
 */
import { COLLECTIONS, collectionSchemas } from './schema/collections';
import { inputJsonSchema } from './schema/json-schema';
import { parsePublishAt } from './schema/publication';
import { collectionDir, PAGES_DIR, pageFileOfSlug } from './routes';
import { ALWAYS_PUBLIC_PAGES } from './slug';
import { sameItems } from './bundle-check';
import { readablePaths, type ContentSnapshot } from './snapshot';

export type PublicationState = 'draft' | 'scheduled' | 'published';

interface PublicationFields {
  status?: unknown;
  publishAt?: unknown;
}

const fieldsOf = (document: unknown): PublicationFields =>
  typeof document === 'object' && document !== null && !Array.isArray(document) ? (document as PublicationFields) : {};

/**
 * The state of a page or entry at `now`. Only `"status": "draft"` makes a
 * draft, and only a well-formed `publishAt` schedules: a malformed value
 * leaves the document in, where validation names the field (so a typo fails
 * the build loudly instead of hiding a page quietly).
 */
export function publicationState(document: unknown, now: Date): PublicationState {
  const { status, publishAt } = fieldsOf(document);
  if (status === 'draft') return 'draft';
  const at = parsePublishAt(publishAt);
  return at !== undefined && at.getTime() > now.getTime() ? 'scheduled' : 'published';
}

/** The collection of an entry file (`collections/posts/x.json` → posts), if it is one. */
function entryCollectionOf(path: string): string | undefined {
  return COLLECTIONS.find((collection) => {
    const prefix = `${collectionDir(collection)}/`;
    return path.startsWith(prefix) && path.endsWith('.json') && !path.slice(prefix.length).includes('/');
  });
}

/** The home page and the 404 page: always public (ALWAYS_PUBLIC_PAGES). */
const ALWAYS_PUBLIC = new Set([...ALWAYS_PUBLIC_PAGES.keys()].map(pageFileOfSlug));

/**
 * Page files and collection entries have a publication state; shared documents, the home and 404
 * pages (their files may not have one, src/engine/stored-page.ts) and the rest do not.
 */
export function hasPublication(path: string): boolean {
  if (ALWAYS_PUBLIC.has(path)) return false;
  return (path.startsWith(`${PAGES_DIR}/`) && path.endsWith('.json')) || entryCollectionOf(path) !== undefined;
}

/** Per collection, its fields that hold slugs of another collection's entries (`posts.tags` → tags), from the schemas. */
const relationFields: ReadonlyMap<string, { key: string; collection: string }[]> = new Map(
  Object.entries(collectionSchemas).map(([name, schema]) => [
    name,
    Object.entries(inputJsonSchema(schema).properties ?? {}).flatMap(([key, spec]) => (spec.relation ? [{ key, collection: spec.relation }] : [])),
  ]),
);

/**
 * The copy last made of each document without hidden entries. A later publication that hides the
 * same ones gets the same object: the resolver reuses its checks of bound lists while the
 * collections are made of the same objects (src/engine/bundle-check.ts), and a fresh copy on
 * every publication would have every list checked again.
 */
const lastCopies = new WeakMap<object, Record<string, unknown>>();

/** `document` without the hidden entries its relation fields name, or itself when it names none. */
function withoutHiddenRelations(document: unknown, collection: string, hidden: ReadonlySet<string>): unknown {
  let copy: Record<string, unknown> | undefined;
  const relations = relationFields.get(collection) ?? [];
  for (const { key, collection: target } of relations) {
    const value = fieldsOf(document) as Record<string, unknown>;
    const slugs = (copy ?? value)[key];
    if (!Array.isArray(slugs)) continue;
    const kept = slugs.filter((slug) => typeof slug !== 'string' || !hidden.has(`${collectionDir(target)}/${slug}.json`));
    if (kept.length !== slugs.length) (copy ??= { ...value })[key] = kept;
  }
  if (!copy) return document;
  const last = lastCopies.get(document as object);
  const sameAsLast = last && relations.every(({ key }) => sameRelation(last[key], copy[key]));
  if (sameAsLast) return last;
  lastCopies.set(document as object, copy);
  return copy;
}

const sameRelation = (a: unknown, b: unknown) => a === b || (Array.isArray(a) && Array.isArray(b) && sameItems(a, b));

/**
 * The content as the public sees it at `now`; `snapshot` itself when nothing is hidden. The files in
 * `shownAnyway` stay in whatever their state: the editor's preview of a draft page shows it as it
 * will be once published, among the lists as visitors have them.
 */
export function publicSnapshot(snapshot: ContentSnapshot, now: Date, shownAnyway: ReadonlySet<string> = new Set()): ContentSnapshot {
  const hidden = new Set<string>();
  for (const path of snapshot.paths()) {
    if (hasPublication(path) && !shownAnyway.has(path) && publicationState(snapshot.get(path), now) !== 'published') hidden.add(path);
  }
  if (hidden.size === 0) return snapshot;
  const rewritten = new Map<string, unknown>();
  for (const path of snapshot.paths()) {
    const collection = entryCollectionOf(path);
    if (!collection || hidden.has(path)) continue;
    const document = snapshot.get(path);
    const kept = withoutHiddenRelations(document, collection, hidden);
    if (kept !== document) rewritten.set(path, kept);
  }
  const visible = [...snapshot.paths()].filter((path) => !hidden.has(path));
  return {
    // Hidden files stay readable for `$ref`s (see above); they are listed nowhere, so they have no page and are in no list.
    get: (path) => (rewritten.has(path) ? rewritten.get(path) : snapshot.get(path)),
    paths: () => visible,
    readable: () => readablePaths(snapshot),
    ...(snapshot.refused ? { refused: () => snapshot.refused!() } : {}),
  };
}

/** The earliest `publishAt` after `now` of a document whose status is published: when the public snapshot next changes on its own. */
export function nextPublicationTime(snapshot: ContentSnapshot, now: Date): Date | undefined {
  let next: Date | undefined;
  for (const path of snapshot.paths()) {
    if (!hasPublication(path)) continue;
    const document = snapshot.get(path);
    if (publicationState(document, now) !== 'scheduled') continue;
    const at = parsePublishAt(fieldsOf(document).publishAt)!;
    if (next === undefined || at.getTime() < next.getTime()) next = at;
  }
  return next;
}
