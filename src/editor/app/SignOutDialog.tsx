/** Asks before signing out with unsaved changes: they are not lost, but not saved either. */
import { Dialog } from './dialogs';

export function SignOutDialog({ unsaved, onSignOut, onClose }: { unsaved: number; onSignOut(): void; onClose(): void }) {
  const changes = unsaved === 1 ? 'an unsaved change' : `${unsaved} unsaved changes`;
  return (
    <Dialog title="Sign out with unsaved changes?" onClose={onClose}>
      <p>
        You have {changes}. Signing out does not save {unsaved === 1 ? 'it' : 'them'}: {unsaved === 1 ? 'it stays' : 'they stay'} on this device as a draft, and the editor offers to
        restore {unsaved === 1 ? 'it' : 'them'} when you next sign in here. No one else who signs in on this device is shown {unsaved === 1 ? 'it' : 'them'}.
      </p>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose} data-autofocus>
          Stay signed in
        </button>
        <button type="button" className="btn btn-danger-solid" onClick={onSignOut}>
          Sign out
        </button>
      </div>
    </Dialog>
  );
}
