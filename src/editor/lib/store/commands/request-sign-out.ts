import { isDirty } from '../../model';
import type { EditorState } from '../state';

/**
 * Sign out. With unsaved changes it asks first (they stay on this device as
 * drafts, offered at the next sign-in); `confirmed` is the answer. Then the
 * editor is `signing-out`: the app ends the session and goes to sign-in.
 * There is no signing out under `astro dev`, nor while a save is under way.
 */
export function requestSignOut(state: EditorState, input: { confirmed?: boolean }): EditorState {
  const { session } = state;
  if (session.dev || session.status === 'signing-out') return state;
  if (state.save.status === 'saving') return { ...state, notice: { kind: 'info', text: 'Saving… Sign out once the save has finished.' } };
  const unsaved = Object.values(state.docs).filter(isDirty).length;
  if (unsaved > 0 && !input.confirmed) return { ...state, dialog: { kind: 'sign-out', unsaved } };
  return { ...state, dialog: null, session: { ...session, status: 'signing-out' } };
}
