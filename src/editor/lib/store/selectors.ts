/**
 * What the interface reads from the state: where the route points, the open
 * page and its outline, and which document and path the inspector edits.
 * Pure; the app memoizes them.
 */
import { outline, pageFile, type OutlineEntry, type StoredPage } from '../model';
import { entryFile, parseEntryRoute } from '../entries';
import type { EditorState } from './state';

export interface PageView {
  slug: string;
  file: string;
  page: StoredPage;
}

/** The open page, if the route is a page that exists. */
export function openPage(state: Pick<EditorState, 'route' | 'docs'>): PageView | undefined {
  if (state.route === null || parseEntryRoute(state.route)) return undefined;
  const file = pageFile(state.route);
  const page = state.docs[file]?.data as StoredPage | undefined;
  return page ? { slug: state.route, file, page } : undefined;
}

/** The open entry's collection, slug and file, if the route is an entry route (the entry may not exist). */
export function openEntry(state: Pick<EditorState, 'route'>) {
  const at = parseEntryRoute(state.route);
  return at && { ...at, file: entryFile(at.collection, at.slug) };
}

/** The open page's sections as the outline shows them; a page whose sections are not a list has none. */
export function pageOutline(state: Pick<EditorState, 'route' | 'docs'>): OutlineEntry[] {
  const open = openPage(state);
  return open && Array.isArray(open.page.sections) ? outline(open.page, open.file, state.docs) : [];
}

/** Where the selected section's content lives: the page, or the shared document a `$ref` points to. */
export function sectionTarget(entry: OutlineEntry | undefined, pageFileName: string | undefined): { file: string; path: (string | number)[] } | undefined {
  if (!entry) return undefined;
  if (entry.shared) return 'broken' in entry.shared ? undefined : { file: entry.shared.file, path: [...entry.shared.tokens] };
  return pageFileName ? { file: pageFileName, path: ['sections', entry.index] } : undefined;
}
