/**
 * Who is signed in, and signing out, on the production server. Unsaved changes
 * are not lost by signing out: the editor keeps them on this device as a draft
 * (src/editor/lib/drafts.ts), offered again at the next sign-in; the question
 * says so before leaving.
 */
import { useState } from 'react';

export interface Account {
  name: string;
  role: 'editor' | 'admin';
}

const ROLE_NAMES: Record<Account['role'], string> = { editor: 'Editor', admin: 'Administrator' };

export function AccountMenu({ account, dirtyCount }: { account: Account; dirtyCount: number }) {
  const [leaving, setLeaving] = useState(false);
  async function signOut() {
    if (dirtyCount > 0 && !window.confirm(`You have ${dirtyCount} unsaved change${dirtyCount === 1 ? '' : 's'}. They stay on this device as a draft, offered when you sign in again. Sign out?`)) return;
    setLeaving(true);
    try {
      await fetch('/api/auth/logout', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    } finally {
      window.location.assign('/editor/sign-in');
    }
  }
  return (
    <div className="account" role="group" aria-label="Account">
      <span className="account-name" title={`Signed in as ${account.name}`}>
        {account.name} <span className="account-role">{ROLE_NAMES[account.role]}</span>
      </span>
      <button type="button" className="btn btn-small" onClick={signOut} disabled={leaving}>
        Sign out
      </button>
    </div>
  );
}
