import type { EditorUser } from '../../model';
import { isDirty } from '../../model';
import type { EditorState } from '../state';

/**
 * The server has a session again (signed in in another tab): the banner goes,
 * saving works again, and what failed for want of a session is asked again.
 * While signed in, it is who the server says is signed in when the tab is
 * visited again: the same user changes nothing.
 * The user may have signed in under another name: then the tab is not theirs to
 * go on in (on a shared computer they would see, and could save or discard,
 * someone else's unsaved words), so the editor opens afresh for them
 * (`switching-user`, which useSession carries out), and the unsaved edits stay
 * as the first user's drafts.
 */
export function sessionResumed(state: EditorState, input: { user: EditorUser }): EditorState {
  const { session } = state;
  // Leaving anyway: signing out, or already reloading for another user.
  if (session.status === 'signing-out' || session.status === 'switching-user') return state;
  if (input.user.name !== session.user.name) {
    return {
      ...state,
      session: { user: session.user, dev: session.dev, status: 'switching-user', renewed: session.renewed },
      notice: { kind: 'info', text: `You are signed in as ${input.user.name}: the editor opens afresh for you. ${session.user.name}'s unsaved changes stay on this device for ${session.user.name}.` },
    };
  }
  if (session.status === 'signed-in') return state;
  const unsaved = Object.values(state.docs).filter(isDirty).length;
  const keep = unsaved ? ` Your ${unsaved === 1 ? 'change is' : `${unsaved} changes are`} still here, unsaved: save when you are ready.` : '';
  return {
    ...state,
    session: { user: input.user, dev: session.dev, status: 'signed-in', renewed: session.renewed + 1 },
    notice: { kind: 'success', text: `You are signed in again as ${input.user.name}.${keep}` },
  };
}
