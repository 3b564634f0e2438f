import type { EditorState, Notice } from '../state';

/**
 * An upload recorded where the photo was taken (a GPS position), and the server stored it without
 * that (X-Location-Removed): the person is told, in a notice that gathers every such upload while it
 * shows and is not cleared by the edits that follow (the editor selects the image and moves on to its
 * alt text at once); like every notice of a finished action, it goes by itself (notice-display.ts).
 */
export function locationRemoved(state: EditorState, input: { name: string }): EditorState {
  // A problem showing ("Save is blocked") stays: it needs doing, and this only tells.
  if (state.notice?.kind === 'error') return state;
  const earlier = state.notice?.locationRemovedFrom ?? [];
  const names = earlier.includes(input.name) ? earlier : [...earlier, input.name];
  return { ...state, notice: locationRemovedNotice(names) };
}

export function locationRemovedNotice(names: readonly string[]): Notice {
  if (names.length === 1) {
    return { kind: 'info', text: `Removed where the photo “${names[0]}” was taken (its GPS position) before saving it: the site never shows it.`, locationRemovedFrom: names };
  }
  return {
    kind: 'info',
    text: `Removed where ${names.length} photos were taken (their GPS positions) before saving them: the site never shows them.`,
    details: names.map((name) => ({ text: name })),
    locationRemovedFrom: names,
  };
}
