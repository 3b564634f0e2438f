import { emptyHistory } from '../../history';
import { docsFromPayload, type EditorContent } from '../../model';
import type { EditorState } from '../state';
import { siteCheckOf } from '../../problems';

/**
 * A delete or rename was applied: every document is loaded again (a move
 * rewrites files the editor has open), so the history starts afresh; its
 * steps would restore files under names that no longer exist. A moved or
 * deleted page or entry changes the route (`route`, null: the start screen).
 */
export function opApplied(state: EditorState, input: { payload: EditorContent; message: string; route?: string | null }): EditorState {
  const moved = input.route !== undefined;
  return {
    ...state,
    docs: docsFromPayload(input.payload),
    history: emptyHistory,
    site: siteCheckOf(input.payload),
    op: null,
    route: moved ? input.route! : state.route,
    selection: moved ? null : state.selection,
    removed: null,
    // Like a save: a publication is shown until the next change (publishRequested follows one that publishes).
    publishing: null,
    notice: { kind: 'success', text: input.message },
  };
}
