import type { EditorContent } from '../../model';
import type { EditorState } from '../state';

/** The server listed the site's broken and unreadable files again (after a save, or on request). */
export function siteChecked(state: EditorState, input: { site: Pick<EditorContent, 'problems' | 'siteProblems'> }): EditorState {
  return { ...state, site: { problems: input.site.problems, siteProblems: input.site.siteProblems } };
}
