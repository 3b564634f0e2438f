import { isTemplateSlug, pathForSlug } from '../../../../engine/slug';
import { entryPageSlug, parseEntryRoute } from '../../entries';
import type { EditorState } from '../state';

/** The visitor URL of what the editor shows: the open page, or the page of the open entry; the home page otherwise. */
function shownPath(state: EditorState): string {
  const entry = parseEntryRoute(state.route);
  const slug = entry ? entryPageSlug(state.docs, entry.collection, entry.slug) : state.route;
  return slug && !isTemplateSlug(slug) ? pathForSlug(slug) : '/';
}

/**
 * The production server took the save and is publishing it (its answer
 * carried `publish.ticket`): the save status reads "Publishing…" until
 * `publishSettled` or `publishFailed`, with "View live page" leading to the
 * page the save was made from.
 */
export function publishRequested(state: EditorState, input: { ticket: number }): EditorState {
  return { ...state, publishing: { ticket: input.ticket, state: 'publishing', path: shownPath(state) } };
}
