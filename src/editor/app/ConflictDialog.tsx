/** A save refused because a file was saved elsewhere since it was loaded: load their version, or replace it with ours. */
import { Dialog } from './dialogs';

export function ConflictDialog({ name, onReload, onOverwrite, onClose }: { name: string; onReload(): void; onOverwrite(): void; onClose(): void }) {
  return (
    <Dialog title="Changed since you opened it" onClose={onClose}>
      <p>
        <strong>{name}</strong> was changed and saved since you opened it, by someone else or in another tab. Nothing of yours was saved yet. Load
        their version (your edits to it are discarded), or replace it with yours.
      </p>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn" onClick={onReload}>
          Load their version
        </button>
        <button type="button" className="btn btn-danger-solid" onClick={onOverwrite}>
          Replace with mine
        </button>
      </div>
    </Dialog>
  );
}
