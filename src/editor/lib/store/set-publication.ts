/**
 * What Publish, Unpublish and Schedule share: a page or entry gets new
 * publication fields as one undoable step, which Save sends like any other
 * edit. A file the role may not change, or one without a status (a shared
 * section), is refused.
 */
import { mayWrite, readOnlyNote } from '../permissions';
import { documentName, hasPublication, withPublication } from '../publication';
import { withData } from './edit';
import type { EditorState } from './state';

export function setPublication(state: EditorState, file: string, verb: string, now: number, status: 'draft' | 'published', publishAt?: string): EditorState {
  const doc = state.docs[file];
  if (!doc || !hasPublication(doc)) return state;
  if (!mayWrite(state.session.user, file)) return { ...state, notice: { kind: 'error', text: readOnlyNote(file) } };
  return withData(state, file, withPublication(doc.data, status, publishAt), `${verb} ${documentName(doc)}`, now);
}
