import { isDirty } from '../../model';
import type { EditorState } from '../state';

/**
 * Sign out. With unsaved changes it asks first (they stay on this device as
 * drafts, offered at the next sign-in); `confirmed` is the answer. The
 * session is the browser's, so signing out here signs out every tab of it:
 * `elsewhere` names the files this user's other open tabs have unsaved
 * changes to (read from the device as the button is pressed), and they too
 * are asked about. Then the editor is `signing-out`: the app ends the
 * session and goes to sign-in. There is no signing out under `astro dev`,
 * nor while a save is under way.
 */
export function requestSignOut(state: EditorState, input: { confirmed?: boolean; elsewhere?: readonly string[] }): EditorState {
  const { session } = state;
  if (session.dev || session.status === 'signing-out') return state;
  if (state.save.status === 'saving') return { ...state, notice: { kind: 'info', text: 'Saving… Sign out once the save has finished.' } };
  const unsaved = Object.values(state.docs).filter(isDirty).length;
  const elsewhere = input.elsewhere ?? [];
  if ((unsaved > 0 || elsewhere.length > 0) && !input.confirmed) return { ...state, dialog: { kind: 'sign-out', unsaved, elsewhere } };
  return { ...state, dialog: null, session: { ...session, status: 'signing-out' } };
}
