/**
 * Which starter text a save would put before visitors that they do not have yet: a new section's
 * sample text ("What is the question?") on a published page, a new page's "Replace this text
 * with…" once it is published. Save asks first about those (the store's `requestSave`), naming
 * each document and field; it never asks about a draft or a scheduled document (visitors get
 * neither), nor about starter text the public version already had at the same place (someone
 * kept it on purpose, and every later Save would ask again). What counts as starter text is
 * starter-copy.ts's alone.
 */
import { publicationState } from '../../engine/publication';
import { pointerFromPath } from '../../engine/pointer';
import { docName } from './doc-name';
import { entryCollectionOf, entrySlugOf } from './entries';
import type { Docs, EditorDoc, StoredPage } from './model';
import { problemLocation, type ProblemLocation } from './problems';
import { isPublicAsSaved } from './publication';
import { entryStarterFields, pageStarterFields, type StarterField } from './starter-copy';

export interface StarterGoingPublic {
  file: string;
  /** "Page “About” (/about/)", as the other dialogs name documents. */
  name: string;
  /** Each field by its place in the form ("FAQ › Question 1 › Question"), and where the form shows it. */
  fields: readonly { label: string; location: ProblemLocation }[];
}

/** The starter text of `data`, a version of `doc` (pages and entries have it; shared sections and the site settings do not). */
function starterFieldsOf(doc: EditorDoc, data: unknown, docs: Docs): StarterField[] {
  if (doc.kind === 'page') return pageStarterFields(data as StoredPage, doc.saveSlug, docs);
  if (doc.kind === 'entry') return entryStarterFields(entryCollectionOf(doc), entrySlugOf(doc), data);
  return [];
}

/**
 * Where a field is, told apart from its neighbours across versions: a section by its id rather
 * than its position, so moving a section whose sample text is public already does not make it new.
 */
function fieldKey(data: unknown, field: StarterField): string {
  const [first, index, ...rest] = field.path;
  const sections = (data as Partial<StoredPage> | undefined)?.sections;
  if (first !== 'sections' || typeof index !== 'number' || !Array.isArray(sections)) return `${pointerFromPath(field.path)}\u0000${field.text}`;
  const id = (sections[index] as { id?: unknown } | undefined)?.id;
  return `section ${typeof id === 'string' ? id : index}${pointerFromPath(rest)}\u0000${field.text}`;
}

/**
 * Of `files` (what a save sends), the pages and entries that would be public as saved at `now`
 * and would show visitors starter text their public version did not have there, with those fields.
 */
export function starterGoingPublic(docs: Docs, files: readonly string[], now: Date): StarterGoingPublic[] {
  const found: StarterGoingPublic[] = [];
  for (const file of files) {
    const doc = docs[file];
    if (!doc || publicationState(doc.data, now) !== 'published') continue;
    const fields = starterFieldsOf(doc, doc.data, docs);
    if (fields.length === 0) continue;
    const saved = isPublicAsSaved(doc, now) ? (JSON.parse(doc.savedJson) as unknown) : undefined;
    const shown = new Set(saved === undefined ? [] : starterFieldsOf(doc, saved, docs).map((field) => fieldKey(saved, field)));
    const fresh = fields.filter((field) => !shown.has(fieldKey(doc.data, field)));
    if (fresh.length === 0) continue;
    found.push({
      file,
      name: docName(docs, file),
      // A page's or an entry's field always has a place in its form.
      fields: fresh.map((field) => ({ label: field.label, location: problemLocation(docs, file, pointerFromPath(field.path))! })),
    });
  }
  return found;
}
