import { siteCheckOf, type SiteCheck } from '../../problems';
import type { EditorState } from '../state';

/** The server listed the site's broken and unreadable files, and its links that lead nowhere, again (after a save, or on request). */
export function siteChecked(state: EditorState, input: { site: SiteCheck }): EditorState {
  return { ...state, site: siteCheckOf(input.site) };
}
