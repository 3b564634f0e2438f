/**
 * Who is signed in, and Sign out, at the end of the top bar (production
 * only: under `astro dev` there is no sign-in). Signing out is the store's
 * `requestSignOut`: with unsaved changes it asks first (they stay on this
 * device as drafts, offered at the next sign-in), then the session hook ends
 * the session and goes to the sign-in page.
 */
import { memo } from 'react';
import type { EditorUser } from '../lib/model';
import { ROLE_NAMES } from '../lib/permissions';

interface Props {
  user: EditorUser;
  /** Signing out is under way: the button waits. */
  leaving: boolean;
  onSignOut(): void;
}

export const AccountMenu = memo(function AccountMenu({ user, leaving, onSignOut }: Props) {
  const role = ROLE_NAMES[user.role];
  return (
    <div className="account" role="group" aria-label="Account">
      <span className="account-avatar" aria-hidden="true" title={`Signed in as ${user.name} (${role})`}>
        {user.name.trim().charAt(0).toUpperCase() || '?'}
      </span>
      <span className="account-who" title={`Signed in as ${user.name} (${role})`}>
        <span className="visually-hidden">Signed in as </span>
        <span className="account-name">{user.name}</span>
        <span className="visually-hidden">, </span>
        <span className="account-role">{role}</span>
      </span>
      <button type="button" className="btn btn-small" onClick={onSignOut} disabled={leaving}>
        {leaving ? 'Signing out…' : 'Sign out'}
      </button>
    </div>
  );
});
