import type { EditorState } from '../state';

/** A page the live site keeps from an earlier version, since the content cannot make it now, and why. */
export interface KeptPage {
  path: string;
  reason: string;
}

/**
 * The publication is live. An answer about an older ticket than the one shown is ignored. Pages
 * the content cannot make now (a file broken by hand, a view that throws) kept their previous
 * version: the notice names each, with why, since the save is live but they are not as saved.
 */
export function publishSettled(state: EditorState, input: { ticket: number; kept?: readonly KeptPage[] }): EditorState {
  if (state.publishing?.ticket !== input.ticket) return state;
  const live = { ...state, publishing: { ...state.publishing, state: 'live' as const } };
  if (!input.kept?.length) return live;
  const pages = input.kept.length === 1 ? 'One page keeps' : `${input.kept.length} pages keep`;
  return {
    ...live,
    notice: {
      kind: 'error',
      text: `Live, but ${pages.charAt(0).toLowerCase()}${pages.slice(1)} its previous version for visitors, because the content cannot make it now. A developer needs to mend what is named below.`,
      details: input.kept.map(({ path, reason }) => ({ text: `${path}: ${reason}` })),
    },
  };
}
