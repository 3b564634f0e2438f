/**
 * The bundle of an unsaved draft, with the site settings it renders with. The editor posts the documents it
 * has changed; they are laid over the files on disk and resolved by the same
 * resolver as the site, so the preview is what a save would publish.
 */
import { ContentError, PageNotFoundError } from '../../engine/resolver';
import { publicSnapshot } from '../../engine/publication';
import { pageFileOfSlug } from '../../engine/routes';
import { isTemplateSlug } from '../../engine/slug';
import { overlaySnapshot, type ContentSnapshot } from '../../engine/snapshot';
import { loadDevSnapshot } from '../../lib/dev-snapshot';
import { createSiteResolver } from '../../lib/site-resolver';
import { readJsonBody } from '../../server/body';
import { HttpError } from '../../server/errors';
import { guardEditorWrite } from '../../server/guards';
import { MAX_SAVE_BYTES } from '../../server/limits';
import { readSiteSettings, type SiteSettings } from '../../engine/schema/site-settings';
import type { Bundle } from '../../engine/resolver';
import { parsePointer } from '../../engine/pointer';

const DATA_FILE = /^(?:[a-z0-9-]+\/)*(?:[a-z0-9-]+|\[slug\])\.json$/;
/** A section id that can go in a header and a selector as it is; a new section with any other id gets no placeholder. */
const SECTION_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** The draft's settings; while they are invalid (a colour half typed), the saved ones: the form shows what is wrong. */
function previewSettings(draft: ContentSnapshot, saved: ContentSnapshot): SiteSettings {
  try {
    return readSiteSettings(draft);
  } catch (error) {
    if (error instanceof ContentError) return readSiteSettings(saved);
    throw error;
  }
}

type Files = Record<string, unknown>;

/**
 * The draft with the parts that fail as they were saved, when that is all it takes: each section of
 * the page whose own fields fail (a new image whose alt text is still empty) as saved, or left out
 * when it is new or with `placeholders` (its id in `hidden`); with `leaveOut`, each failing group of fields elsewhere (the
 * cover of the post being previewed, the page's social image) left out; and each other document
 * that fails (a shared section, the post being previewed) as saved. Undefined when something else
 * fails (the page's own fields).
 */
function withFailingPartsAsSaved(files: Files, saved: ContentSnapshot, pageFile: string, error: ContentError, leaveOut: boolean, placeholders = false): { files: Files; heldBack: number; hidden: string[] } | undefined {
  const sections = new Set<number>();
  const documents = new Set<string>();
  const groups = new Map<string, string[][]>();
  for (const issue of error.fileIssues()) {
    const tokens = parsePointer(issue.path);
    const [field, index] = issue.file === pageFile ? tokens : [];
    const group = leaveOut && Object.hasOwn(files, issue.file) ? failingGroup(files[issue.file], tokens) : undefined;
    if (field === 'sections' && index !== undefined && /^\d+$/.test(index)) sections.add(Number(index));
    else if (group) groups.set(issue.file, [...(groups.get(issue.file) ?? []), group]);
    else if (issue.file !== pageFile && Object.hasOwn(files, issue.file)) documents.add(issue.file);
    else return undefined;
  }
  const next: Files = Object.fromEntries(Object.entries(files).filter(([file]) => !documents.has(file)));
  // A document shown as saved loses nothing of its own; a group with two failing values (a cover's URL and alt) is one part.
  for (const file of documents) groups.delete(file);
  for (const [file, paths] of groups) groups.set(file, [...new Map(paths.map((path) => [path.join('/'), path])).values()]);
  for (const [file, paths] of groups) next[file] = withoutGroups(next[file], paths);
  const hidden: string[] = [];
  const draft = files[pageFile] as { sections?: unknown[] } | undefined;
  if (sections.size > 0) {
    if (!Array.isArray(draft?.sections)) return undefined;
    const savedSections = (saved.get(pageFile) as { sections?: unknown[] } | undefined)?.sections ?? [];
    const savedById = new Map(savedSections.flatMap((section) => (typeof section === 'object' && section !== null && 'id' in section ? [[(section as { id: unknown }).id, section]] : [])));
    next[pageFile] = {
      ...draft,
      sections: draft.sections.flatMap((section, index) => {
        if (!sections.has(index)) return [section];
        const id = typeof section === 'object' && section !== null ? (section as { id?: unknown }).id : undefined;
        if (savedById.has(id) && !placeholders) return [savedById.get(id)];
        if (typeof id === 'string' && SECTION_ID.test(id)) hidden.push(id);
        return [];
      }),
    };
  }
  return { files: next, heldBack: sections.size + documents.size + [...groups.values()].reduce((count, paths) => count + paths.length, 0), hidden };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The group of fields a failing value belongs to, when the draft can be shown without it: an image
 * whose alt text is still empty (`/cover/alt`: the cover) is an object inside an object, which the
 * preview leaves out while the rest of the document shows as typed. A value of the document itself
 * (`/title`) or in a list has none: leaving it out would change what the rest means.
 */
function failingGroup(document: unknown, tokens: readonly string[]): string[] | undefined {
  if (tokens.length < 2) return undefined;
  let container: unknown = document;
  for (const token of tokens.slice(0, -2)) container = isRecord(container) ? container[token] : undefined;
  const key = tokens.at(-2)!;
  return isRecord(container) && Object.hasOwn(container, key) && isRecord(container[key]) ? tokens.slice(0, -1) : undefined;
}

/** `document` without the groups at `paths`, copied along the way (the draft itself is not changed). */
function withoutGroups(document: unknown, paths: readonly string[][]): unknown {
  const copy = structuredClone(document) as Record<string, unknown>;
  for (const path of paths) {
    let container: unknown = copy;
    for (const token of path.slice(0, -1)) container = isRecord(container) ? container[token] : undefined;
    if (isRecord(container)) delete container[path.at(-1)!];
  }
  return copy;
}

/**
 * The preview with the failing parts as saved, or undefined when that does not give a page either
 * (a new post being previewed, left out, has no page; a route refused).
 */
function showingFailingPartsAsSaved(files: Files, saved: ContentSnapshot, target: string, shownAs: (snapshot: ContentSnapshot) => ContentSnapshot, pageFile: () => string, error: ContentError): PreviewBundle | undefined {
  // First with the failing groups left out (a new post whose cover has no alt text yet still shows, as typed, without it);
  // when the rest does not resolve either (the group was required), with the failing documents as saved.
  // Last, each failing section as a placeholder, saved or not: its saved version may fail too (a
  // field typed into the file by hand), and one such section once blanked the whole preview.
  for (const [leaveOut, placeholders] of [[true, false], [false, false], [true, true]] as const) {
    try {
      const partial = withFailingPartsAsSaved(files, saved, pageFile(), error, leaveOut, placeholders);
      if (!partial) continue;
      const shown = overlaySnapshot(saved, partial.files);
      return { bundle: createSiteResolver(shownAs(shown)).resolvePage(target), settings: previewSettings(shown, saved), heldBack: partial.heldBack, hidden: partial.hidden };
    } catch {
      // the next way, or else the draft's own error is the one to show
    }
  }
  return undefined;
}

/**
 * The content as visitors will see it once the previewed page is published: the page (for an
 * entry's page, its template and the entry) shown whatever its state, so a draft can be previewed,
 * and every other draft or scheduled page and entry left out of the lists, as visitors have them.
 */
function asPublishedAmongPublic(resolver: ReturnType<typeof createSiteResolver>, target: string): (snapshot: ContentSnapshot) => ContentSnapshot {
  let previewed: Set<string>;
  try {
    const route = resolver.findPage(target);
    previewed = new Set([route.file, ...(route.entry ? [route.entry.file] : [])]);
  } catch (error) {
    if (!(error instanceof ContentError || error instanceof PageNotFoundError)) throw error;
    previewed = new Set([pageFileOfSlug(target)]);
  }
  const now = new Date();
  return (snapshot) => publicSnapshot(snapshot, now, previewed);
}

export interface PreviewBundle {
  bundle: Bundle;
  settings: SiteSettings;
  /** How many sections or documents show as saved, because the draft of them does not resolve yet. */
  heldBack: number;
  /** The ids of new sections left out for that reason, which have no saved version: the editor shows a placeholder. */
  hidden: string[];
}

export async function previewBundle(request: Request, user: App.Locals['user']): Promise<PreviewBundle> {
  // A page route answers every method: any but POST is a 405, not a 415 about a body it never reads.
  if (request.method !== 'POST') throw new HttpError(405, `${request.method} is not allowed here: the preview takes POST`, {}, { Allow: 'POST' });
  guardEditorWrite(request, user);
  const body = await readJsonBody(request, MAX_SAVE_BYTES);
  const { slug, files } = body as { slug?: unknown; files?: unknown };
  if (typeof slug !== 'string' || slug === '') throw new HttpError(400, 'slug is required');
  if (typeof files !== 'object' || files === null || Array.isArray(files)) throw new HttpError(400, 'files must be an object');
  for (const file of Object.keys(files)) if (!DATA_FILE.test(file)) throw new HttpError(400, `Invalid data file "${file}"`);

  const saved = (await loadDevSnapshot()).snapshot;
  const snapshot = overlaySnapshot(saved, files as Files);
  const everything = createSiteResolver(snapshot);
  // A template has no page of its own: preview it with its first entry.
  const target = isTemplateSlug(slug) ? everything.listPages().find((page) => page.file === `pages/${slug}.json`)?.slug : slug;
  if (!target) throw new HttpError(404, `The template "${slug}" has no entries to preview`);
  const asVisitorsWillSee = asPublishedAmongPublic(everything, target);
  const resolver = createSiteResolver(asVisitorsWillSee(snapshot));
  try {
    return { bundle: resolver.resolvePage(target), settings: previewSettings(snapshot, saved), heldBack: 0, hidden: [] };
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    // While a section is half edited (a field still empty), the rest of the draft still shows.
    const shown = showingFailingPartsAsSaved(files as Files, saved, target, asVisitorsWillSee, () => everything.findPage(target).file, error);
    if (shown) return shown;
    // A draft that does not resolve is the editor's to fix, not a server failure.
    throw new HttpError(422, error.message);
  }
}
