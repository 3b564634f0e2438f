/** Saves refused over a file changed elsewhere since it was loaded: saved over (load theirs, or replace with mine), or renamed or deleted. */
import { Dialog } from './dialogs';

export function ConflictDialog({ name, onReload, onOverwrite, onClose }: { name: string; onReload(): void; onOverwrite(): void; onClose(): void }) {
  return (
    <Dialog title="Changed since you opened it" onClose={onClose}>
      <p>
        <strong>{name}</strong> was changed and saved since you opened it, by someone else or in another tab, in the same places you changed. Nothing
        of yours was saved yet. Load their version (your edits to it are discarded), or replace it with yours (theirs are then lost).
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

/**
 * A save refused because the file was renamed or deleted elsewhere since it was opened. Never a
 * plain "Replace with mine": that would bring back what someone else renamed or deleted. The
 * edits go to its new name (when they merge with what is there), or are discarded; recreating the
 * old file is offered only in words that say what it does.
 */
export function GoneDialog({ name, movedToName, canCarry, onCarry, onDiscard, onRecreate, onClose }: {
  name: string;
  /** What it became, when the server's documents tell. */
  movedToName?: string;
  canCarry: boolean;
  onCarry(): void;
  onDiscard(): void;
  onRecreate(): void;
  onClose(): void;
}) {
  return (
    <Dialog title={movedToName ? 'Renamed since you opened it' : 'Renamed or deleted since you opened it'} onClose={onClose}>
      <p>
        {movedToName ? (
          <>
            <strong>{name}</strong> was renamed to <strong>{movedToName}</strong> since you opened it, by someone else or in another tab.
          </>
        ) : (
          <>
            <strong>{name}</strong> was renamed or deleted since you opened it, by someone else or in another tab.
          </>
        )}{' '}
        Nothing of yours was saved yet.
      </p>
      {movedToName && !canCarry && <p>It was also changed there, in the places you changed, so your edits cannot be moved onto it safely.</p>}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn" onClick={onDiscard}>
          Discard my edits to it
        </button>
        {movedToName ? (
          <button type="button" className="btn btn-danger" onClick={onRecreate}>
            Save mine as a second copy at the old address
          </button>
        ) : (
          <button type="button" className="btn btn-danger" onClick={onRecreate}>
            Recreate it with my edits
          </button>
        )}
        {canCarry && (
          <button type="button" className="btn btn-primary" onClick={onCarry}>
            Move my edits there
          </button>
        )}
      </div>
    </Dialog>
  );
}
