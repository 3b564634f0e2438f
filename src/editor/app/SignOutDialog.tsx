/**
 * Asks before signing out with unsaved changes, here or in another open tab of the editor (the
 * session is the browser's, so signing out here signs those tabs out too): they are not lost,
 * but not saved either.
 */
import { docName } from '../lib/content-ops';
import type { Docs } from '../lib/model';
import { Dialog } from './dialogs';

interface Props {
  /** Documents with unsaved changes in this tab. */
  unsaved: number;
  /** Files this user's other open tabs have unsaved changes to. */
  elsewhere: readonly string[];
  docs: Docs;
  onSignOut(): void;
  onClose(): void;
}

export function SignOutDialog({ unsaved, elsewhere, docs, onSignOut, onClose }: Props) {
  const changes = unsaved === 1 ? 'an unsaved change' : `${unsaved} unsaved changes`;
  const one = unsaved + elsewhere.length === 1;
  return (
    <Dialog title="Sign out with unsaved changes?" onClose={onClose}>
      {unsaved > 0 && <p>You have {changes} here.</p>}
      {elsewhere.length > 0 && (
        <>
          <p>Another open tab of the editor has unsaved changes to:</p>
          <ul>
            {elsewhere.map((file) => (
              <li key={file}>{docName(docs, file)}</li>
            ))}
          </ul>
          <p>Signing out here signs that tab out too.</p>
        </>
      )}
      <p>
        Signing out does not save {one ? 'it' : 'them'}: {one ? 'it stays' : 'they stay'} on this device as a draft, and the editor offers to restore {one ? 'it' : 'them'} when you
        next sign in here. No one else who signs in on this device is shown {one ? 'it' : 'them'}.
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
