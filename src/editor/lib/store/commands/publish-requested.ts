import { isTemplateSlug, pathForSlug } from '../../../../engine/slug';
import { entryFile, entryPageSlug, parseEntryRoute } from '../../entries';
import { pageFile } from '../../model';
import { isPublicAsSaved } from '../../publication';
import type { EditorState } from '../state';

/** The visitor URL of what the editor shows (the open page, or the page of the open entry), when visitors get it as saved. */
function livePath(state: EditorState, now: Date): string | undefined {
  const entry = parseEntryRoute(state.route);
  const file = entry ? entryFile(entry.collection, entry.slug) : state.route && pageFile(state.route);
  const slug = entry ? entryPageSlug(state.docs, entry.collection, entry.slug) : state.route;
  const doc = file ? state.docs[file] : undefined;
  if (!slug || isTemplateSlug(slug) || !doc || !isPublicAsSaved(doc, now)) return undefined;
  return pathForSlug(slug);
}

/**
 * The production server took the save and is publishing it (its answer
 * carried `publish.ticket`): the save status reads "Publishing…" until
 * `publishSettled` or `publishFailed`, with "View live page" leading to the
 * page the save was made from, unless visitors do not get it (a draft).
 */
export function publishRequested(state: EditorState, input: { ticket: number; now: number }): EditorState {
  const path = livePath(state, new Date(input.now));
  return { ...state, publishing: { ticket: input.ticket, state: 'publishing', ...(path !== undefined && { path }) } };
}
