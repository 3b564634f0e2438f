/**
 * The editor's state: every editable JSON document, keyed by its data-relative
 * file path, and the pure operations on it. React calls these through a
 * reducer; unit tests call them directly.
 */
import { ContentError } from '../../engine/content-error';
import { locateRef, type RefLocation } from '../../engine/follow-ref';
import { isRef } from '../../engine/schema/refs';
import { parseRef, RefSyntaxError } from '../../engine/pointer';
import { HOME_SLUG } from '../../engine/slug';

export type DocKind = 'page' | 'shared' | 'entry';

/** One JSON file the editor can change and save. */
export interface EditorDoc {
  file: string;
  kind: DocKind;
  /** The slug POST /api/save-to-file selects it by: `about`, `shared/header`, `posts/x`. */
  saveSlug: string;
  data: unknown;
  /** The JSON last loaded or saved, to tell whether it is dirty. */
  savedJson: string;
  /** Content version on disk (the page API's ETag); null for a new file. */
  version: string | null;
}

/** Who is signed in: on the production server the session's user, under `astro dev` the local developer (an admin). */
export interface EditorUser {
  name: string;
  role: 'editor' | 'admin';
}

/** The site's content as the editor loads it: what GET /api/editor/state returns. */
export interface EditorContent {
  docs: Omit<EditorDoc, 'savedJson'>[];
  /** Files that could not be read (invalid JSON), shown as a warning; in dev also a broken registry folder's code (`src/sections/<type>/section.ts`, named from the project's root). */
  problems: { file: string; message: string }[];
  /** Every broken file of the site as it is on disk, its issues (JSON pointers into it) and the pages it breaks. */
  siteProblems: { file: string; issues: { path: string; message: string }[]; pages: string[] }[];
  /**
   * The links (link fields, and links inside Markdown texts) of the site as it is on disk that lead
   * to no page or uploaded image (src/engine/links-nowhere.ts): warnings, which block nothing.
   */
  linksNowhere?: { file: string; pointer: string; link: string }[];
  /** The valid redirects of `redirects.json`: the moved pages' old addresses, which a link field takes as leading to the page (page-addresses.ts). */
  redirects?: { from: string; to: string }[];
  /** The uploaded images and their versions (what a changeset deleting or moving one is based on). */
  images: { url: string; version: string }[];
  /** The largest image POST /api/upload-asset accepts, in bytes (MAX_UPLOAD_BYTES, or 10 MiB). */
  maxUploadBytes: number;
}

/** What the editor page embeds: the content, who is signed in, and whether this is local development (`astro dev`: no sign-in). */
export interface EditorPayload extends EditorContent {
  user: EditorUser;
  dev: boolean;
}

export type Docs = Readonly<Record<string, EditorDoc>>;

export interface StoredSection {
  id: string;
  type: string;
  data: Record<string, unknown>;
  settings?: Record<string, unknown>;
}

export interface StoredPage {
  id: string;
  slug: string;
  /** Absent: published (src/engine/schema/publication.ts). */
  status?: 'draft' | 'published';
  meta: Record<string, unknown>;
  template?: { collection: string };
  sections: unknown[];
}

const dirty = new WeakMap<EditorDoc, boolean>();

/** Whether a document differs from what was loaded or saved; cached per doc, as docs are replaced, never changed. */
export function isDirty(doc: EditorDoc): boolean {
  let result = dirty.get(doc);
  if (result === undefined) dirty.set(doc, (result = JSON.stringify(doc.data) !== doc.savedJson));
  return result;
}

export function docsFromPayload(payload: Pick<EditorContent, 'docs'> & Partial<EditorContent>): Docs {
  return Object.fromEntries(payload.docs.map((doc) => [doc.file, { ...doc, savedJson: JSON.stringify(doc.data) }]));
}

export const pageFile = (slug: string) => `pages/${slug}.json`;

/**
 * What editors call a page: its SEO title without the site's name after " — " ("About — Northwind"
 * is "About"), else its slug. The home page is "Home": its title is most often the site's name, which
 * names the site, not a page.
 */
export function pageTitle(page: unknown, slug: string): string {
  if (slug === HOME_SLUG) return 'Home';
  const title = (page as Partial<StoredPage> | undefined)?.meta?.title;
  return typeof title === 'string' && title.trim() ? title.split(' — ')[0]!.trim() || title.trim() : slug;
}

/** The last segment of a slug names the page in section ids: `docs/getting-started` → `getting-started`. */
export function pageName(slug: string): string {
  const last = slug.split('/').at(-1)!;
  return last === '[slug]' ? slug.split('/').at(-2) ?? 'page' : last;
}

/** A section id by the convention `<page-name>-<section-purpose>`, unique among `taken`. */
export function uniqueSectionId(pageSlug: string, purpose: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base = `${pageName(pageSlug)}-${purpose}`.replace(/[^a-z0-9-]+/g, '-').replace(/-+/g, '-');
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Where a `$ref` section's content lives: a document and a pointer into it. */
export interface RefTarget {
  file: string;
  tokens: string[];
}

export function refTarget(ref: string, fromFile: string): RefTarget | undefined {
  try {
    const parsed = parseRef(ref, fromFile);
    return { file: parsed.file, tokens: parsed.tokens };
  } catch (error) {
    if (error instanceof RefSyntaxError) return undefined;
    throw error;
  }
}

export function getAt(value: unknown, tokens: readonly string[]): unknown {
  let node = value;
  for (const token of tokens) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** A copy of `value` with the value at `tokens` replaced; containers on the way are copied. */
export function setAt(value: unknown, tokens: readonly (string | number)[], next: unknown): unknown {
  if (tokens.length === 0) return next;
  const [head, ...rest] = tokens;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(head)] = setAt(copy[Number(head)], rest, next);
    return copy;
  }
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const updated = setAt(record[head as string], rest, next);
  if (updated === undefined) {
    const { [head as string]: _removed, ...others } = record;
    return others;
  }
  return { ...record, [head as string]: updated };
}

/**
 * Follows a chain of `$ref`s (in the editor's unsaved docs) to the value they
 * stand for and where it lives: the engine's follower (engine/follow-ref.ts),
 * with its depth limit and cycle check; undefined where the chain is broken.
 */
export function followRefs(value: unknown, fromFile: string, docs: Docs): RefLocation | undefined {
  try {
    return locateRef(value, fromFile, (file) => docs[file]?.data);
  } catch (error) {
    if (error instanceof ContentError) return undefined;
    throw error;
  }
}

/** A page's section as the outline shows it: inline, or shared through a `$ref`. */
export interface OutlineEntry {
  index: number;
  /** The section id as rendered (for shared sections: the shared document's id). */
  id: string;
  type: string;
  /** For a `$ref` entry: where the section lives, or undefined if the ref is broken. */
  shared?: { ref: string; file: string; tokens: string[] } | { ref: string; broken: true };
  section: StoredSection | undefined;
}

export function outline(page: StoredPage, file: string, docs: Docs): OutlineEntry[] {
  return page.sections.map((entry, index) => {
    if (!isRef(entry)) {
      const section = entry as StoredSection;
      return { index, id: String(section.id ?? ''), type: String(section.type ?? ''), section };
    }
    const ref = String(entry.$ref);
    const resolved = followRefs(entry, file, docs);
    const section = resolved?.value as StoredSection | undefined;
    if (!resolved || typeof section !== 'object' || section === null) return { index, id: `ref-${index}`, type: '?', shared: { ref, broken: true }, section: undefined };
    return { index, id: String(section.id), type: String(section.type), shared: { ref, file: resolved.file, tokens: resolved.tokens }, section };
  });
}

export function sectionIds(page: StoredPage, file: string, docs: Docs): string[] {
  return outline(page, file, docs).map((entry) => entry.id);
}

// ---- page operations: each returns a new page ----

export function addSection(page: StoredPage, section: StoredSection | { $ref: string }, at = page.sections.length): StoredPage {
  const sections = [...page.sections];
  sections.splice(at, 0, section);
  return { ...page, sections };
}

/** A copy of `items` with the item at `from` moved to `to`: sections, array-field items, their keys. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const moved = [...items];
  moved.splice(to, 0, ...moved.splice(from, 1));
  return moved;
}

export function moveSection(page: StoredPage, from: number, to: number): StoredPage {
  if (to < 0 || to >= page.sections.length || from === to) return page;
  return { ...page, sections: moveItem(page.sections, from, to) };
}

export function removeSection(page: StoredPage, index: number): StoredPage {
  return { ...page, sections: page.sections.filter((_, i) => i !== index) };
}

/** Duplicates an inline section (with a new id) or a shared one (another ref to the same document). */
export function duplicateSection(page: StoredPage, index: number, file: string, docs: Docs): StoredPage {
  const original = page.sections[index];
  if (original === undefined) return page;
  // A shared section brings its document's id, and ids are unique on a page: a second link could never be saved.
  if (isRef(original)) return page;
  const section = structuredClone(original) as StoredSection;
  const purpose = section.id.startsWith(`${pageName(page.slug)}-`) ? section.id.slice(pageName(page.slug).length + 1) : section.type;
  section.id = uniqueSectionId(page.slug, purpose.replace(/-\d+$/, ''), sectionIds(page, file, docs));
  return addSection(page, section, index + 1);
}

/** A new section of `type` with its registry defaults and a conventional id. */
export function newSection(page: StoredPage, type: string, defaults: unknown, file: string, docs: Docs): StoredSection {
  return { id: uniqueSectionId(page.slug, type, sectionIds(page, file, docs)), type, data: structuredClone(defaults) as Record<string, unknown> };
}

/** The shared document holding a section of `type` (the site's header, its footer), if there is one. */
export const sharedOfType = (docs: Docs, type: string): EditorDoc | undefined =>
  Object.values(docs).find((doc) => doc.kind === 'shared' && (doc.data as { type?: unknown } | null)?.type === type);

/** A `$ref` from the page in `file` to the shared document `doc`, relative as the files are (`../shared/header.json`). */
export const refFrom = (file: string, doc: EditorDoc) => ({ $ref: `${'../'.repeat(file.split('/').length - 1)}${doc.file}` });

