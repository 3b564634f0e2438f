import type { EditorState } from '../state';

/** What to do next, by the server's answer: a refusal for the role, or a git remote out of reach (nothing was saved either way). */
function advice(status: number | undefined): string {
  if (status === 403) return ' Your changes are kept, unsaved: undo the ones your role may not make, or ask an administrator.';
  if (status === 502 || status === 503 || status === 504) return ' Your changes are kept, unsaved: press Save to try again in a moment.';
  if (status === undefined || status === 0 || status >= 500) return ' Your changes are kept, unsaved: press Save to try again.';
  return '';
}

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * The save did not happen: the server is down or its git remote cannot be
 * reached (502/503), or it refused the change for the user's role (403), or
 * for another reason. Nothing was written; every edit stays, ready to save again.
 */
export function saveFailed(state: EditorState, input: { error: string; status?: number }): EditorState {
  return { ...state, save: { status: 'idle' }, notice: { kind: 'error', text: `Nothing was saved: ${sentence(input.error)}${advice(input.status)}` } };
}
