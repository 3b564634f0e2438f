/**
 * Which starter text a save would put before visitors that they do not have yet: a new section's
 * sample text ("What is the question?") on a published page, a new page's "Replace this text
 * with…" once it is published, a shared banner's sample text on the pages that show it. Save asks
 * first about those (the store's `requestSave`), naming each document and field; it never asks
 * about a draft or a scheduled document (visitors get neither), nor about starter text the public
 * version already had (someone kept it on purpose, and every later Save would ask again), nor
 * about text the user already said to save anyway (`confirmed`: a save whose answer was lost goes
 * again). What counts as starter text is starter-copy.ts's alone.
 */
import { publicationState } from '../../engine/publication';
import { pointerFromPath } from '../../engine/pointer';
import { docName } from './doc-name';
import { entryCollectionOf, entrySlugOf } from './entries';
import type { Docs, EditorDoc, StoredPage } from './model';
import { sortedPages } from './page-order';
import { problemLocation, type ProblemLocation } from './problems';
import { isPublicAsSaved } from './publication';
import { sharedFilesOf } from './shared-use';
import { entryStarterFields, pageStarterFields, sharedStarterFields, type StarterField } from './starter-copy';

export interface StarterGoingPublic {
  file: string;
  /** "Page “About” (/about/)", "Shared call to action", as the other dialogs name documents. */
  name: string;
  /** Each field by its place in the form ("FAQ › Question 1 › Question"), and where the form shows it. */
  fields: readonly { label: string; location: ProblemLocation }[];
  /** What "Save anyway" answers for: each field by where it is and its text (`fieldKey`), to remember. */
  keys: readonly string[];
}

/** Texts the user said to save anyway, by file: each a `fieldKey`, once per field. */
export type ConfirmedSampleText = Readonly<Record<string, readonly string[]>>;

/** The starter text of `data`, a version of `doc` (the site settings have none). */
function starterFieldsOf(doc: EditorDoc, data: unknown, docs: Docs): StarterField[] {
  if (doc.kind === 'page') return pageStarterFields(data as StoredPage, doc.saveSlug, docs);
  if (doc.kind === 'entry') return entryStarterFields(entryCollectionOf(doc), entrySlugOf(doc), data);
  return sharedStarterFields(data);
}

/**
 * A field told apart from its neighbours across versions, with its text: a section by its id
 * rather than its position, and a list item by no position at all (each list is a multiset of its
 * items' texts), so moving a section or an item whose sample text is public already is no news.
 */
function fieldKey(data: unknown, field: StarterField): string {
  const [first, index, ...rest] = field.path;
  const sections = (data as Partial<StoredPage> | undefined)?.sections;
  const id = first === 'sections' && typeof index === 'number' && Array.isArray(sections) ? (sections[index] as { id?: unknown } | undefined)?.id : undefined;
  const where = typeof id === 'string' ? ['section', id, ...rest] : field.path;
  return `${where.map((step) => (typeof step === 'number' ? '*' : step)).join('/')}\u0000${field.text}`;
}

/** Of `fields`, those beyond what `allowed` holds of their key (each allowed key used up once). */
function beyond(data: unknown, fields: readonly StarterField[], allowed: readonly string[]): StarterField[] {
  const left = new Map<string, number>();
  for (const key of allowed) left.set(key, (left.get(key) ?? 0) + 1);
  return fields.filter((field) => {
    const key = fieldKey(data, field);
    const count = left.get(key) ?? 0;
    left.set(key, count - 1);
    return count <= 0;
  });
}

/** Whether a published page shows the shared document `file`: by the pages as they are (`saved`: as the server has them). */
function sharedIsShown(docs: Docs, file: string, now: Date, saved: boolean): boolean {
  return sortedPages(docs).some((page) => {
    if (saved ? !isPublicAsSaved(page, now) : publicationState(page.data, now) !== 'published') return false;
    const data = (saved ? JSON.parse(page.savedJson) : page.data) as StoredPage | undefined;
    return Array.isArray(data?.sections) && sharedFilesOf(data, page.file, docs).has(file);
  });
}

/** What visitors get of `doc` as it is now and as saved, each undefined when they get none of it. */
function publicVersions(docs: Docs, doc: EditorDoc, now: Date): { now: unknown; saved: unknown } {
  const saved = doc.savedJson === '' ? undefined : (JSON.parse(doc.savedJson) as unknown);
  if (doc.kind !== 'shared') return { now: publicationState(doc.data, now) === 'published' ? doc.data : undefined, saved: isPublicAsSaved(doc, now) ? saved : undefined };
  // A shared section is as public as the pages that show it: a page published in this save makes it public too.
  return { now: sharedIsShown(docs, doc.file, now, false) ? doc.data : undefined, saved: saved !== undefined && sharedIsShown(docs, doc.file, now, true) ? saved : undefined };
}

/**
 * Of `files` (what a save sends), the documents that would be public as saved at `now` and would
 * show visitors starter text their public version did not have, with those fields; and the shared
 * sections a page of the save newly shows them. `confirmed`: texts already answered "Save anyway".
 */
export function starterGoingPublic(docs: Docs, files: readonly string[], now: Date, confirmed: ConfirmedSampleText = {}): StarterGoingPublic[] {
  const found: StarterGoingPublic[] = [];
  const shared = Object.values(docs).filter((doc) => doc.kind === 'shared').map((doc) => doc.file);
  for (const file of new Set([...files, ...shared])) {
    const doc = docs[file];
    if (!doc) continue;
    const fields = starterFieldsOf(doc, doc.data, docs);
    if (fields.length === 0) continue;
    const versions = publicVersions(docs, doc, now);
    if (versions.now === undefined) continue;
    const shown = versions.saved === undefined ? [] : starterFieldsOf(doc, versions.saved, docs).map((field) => fieldKey(versions.saved, field));
    const fresh = beyond(doc.data, fields, [...shown, ...(confirmed[file] ?? [])]);
    if (fresh.length === 0) continue;
    found.push({
      file,
      name: docName(docs, file),
      // A field always has a place in its form; a shared section's, on a page that shows it.
      fields: fresh.map((field) => ({ label: field.label, location: problemLocation(docs, file, pointerFromPath(field.path))! })),
      keys: fresh.map((field) => fieldKey(doc.data, field)),
    });
  }
  return found;
}
