import type { EditorUser } from '../../model';
import { isDirty } from '../../model';
import type { EditorState } from '../state';

/**
 * The server has a session again (signed in in another tab): the banner goes,
 * saving works again, and what failed for want of a session is asked again.
 * The user may have signed in under another name, with another role.
 */
export function sessionResumed(state: EditorState, input: { user: EditorUser }): EditorState {
  const { session } = state;
  if (session.status !== 'checking' && session.status !== 'signed-out') return state;
  const unsaved = Object.values(state.docs).filter(isDirty).length;
  const keep = unsaved ? ` Your ${unsaved === 1 ? 'change is' : `${unsaved} changes are`} still here, unsaved: save when you are ready.` : '';
  return {
    ...state,
    session: { user: input.user, dev: session.dev, status: 'signed-in', renewed: session.renewed + 1 },
    notice: { kind: 'success', text: `You are signed in again as ${input.user.name}.${keep}` },
  };
}
