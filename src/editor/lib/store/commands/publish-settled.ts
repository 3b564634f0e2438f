import type { EditorState } from '../state';

/** A page (or the feed, the sitemap, the redirects) the live site keeps from an earlier version, since the content cannot make it now, and why. */
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
  // Pages, and the feed, the sitemap or the redirects when the files they read cannot be read.
  const what = input.kept.length === 1 ? 'one page or file keeps its' : `${input.kept.length} pages or files keep their`;
  return {
    ...live,
    notice: {
      kind: 'error',
      text: `Live, but ${what} previous version for visitors, because the content cannot make it now. A developer needs to mend what is named below.`,
      details: input.kept.map(({ path, reason }) => ({ text: `${path}: ${reason}` })),
    },
  };
}
