/** Saves refused over a file changed elsewhere since it was loaded: saved over (load theirs, or replace with mine), or renamed or deleted. */
import { idOf } from '../lib/json-merge';
import { Dialog } from './dialogs';

/** A value changed both here and there, by the field's name in the form. */
export interface Clash {
  label: string;
  ours: unknown;
  theirs: unknown;
}

const MAX_SHOWN = 6;

type Item = { id?: unknown; $ref?: unknown; title?: unknown; label?: unknown; name?: unknown; data?: { title?: unknown; label?: unknown } };

/** A list item by its title where it has one (a section's, a link's label), else its id or file. */
function itemName(item: unknown): string {
  const it = item as Item;
  const name = [it.data?.title, it.title, it.data?.label, it.label, it.name, it.id, it.$ref].find((value) => typeof value === 'string' && value !== '');
  return `“${String(name)}”`;
}

/** The items of `list` the other list has not (by key), in words: what one side removed or added. */
function itemsNotIn(list: readonly unknown[], other: readonly unknown[]): string[] {
  // Told apart as the merge tells them (an `id`, or a shared section's `$ref`).
  const keys = new Set(other.map(idOf));
  return list.filter((item) => idOf(item) !== undefined && !keys.has(idOf(item))).map(itemName);
}

/**
 * A value in words: text quoted (the start of a long one), a group by what it is, nothing as
 * "(empty)", and a list by its length and the items the other side lacks: a section deleted there
 * and edited here read "(a list of 4)" against "(a list of 5)", and said nothing of which.
 */
function shown(value: unknown, other?: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (typeof value === 'string') return `“${value.length > 80 ? `${value.slice(0, 80)}…` : value}”`;
  if (Array.isArray(value)) {
    // Both ways: the side that deleted a section the other changed reads "without “FAQ”", not only a shorter list.
    const extra = Array.isArray(other) ? itemsNotIn(value, other) : [];
    const missing = Array.isArray(other) ? itemsNotIn(other, value) : [];
    const differences = [extra.length ? `with ${extra.join(', ')}` : '', missing.length ? `without ${missing.join(', ')}` : ''].filter(Boolean);
    return `(a list of ${value.length}${differences.map((words) => `, ${words}`).join('')})`;
  }
  if (typeof value === 'object') return '(a group of fields)';
  return String(value);
}

/**
 * With the server's version at hand (`clashes`), it names each value changed both ways, with both
 * sides, and asks about those alone: every other change, theirs or yours, is kept either way.
 * Without it (the server could not be asked), the whole file is theirs or yours.
 */
export function ConflictDialog({ name, clashes, onKeepTheirs, onKeepMine, onClose }: { name: string; clashes?: readonly Clash[]; onKeepTheirs(): void; onKeepMine(): void; onClose(): void }) {
  return (
    <Dialog title="Changed since you opened it" onClose={onClose} wide={Boolean(clashes?.length)}>
      {clashes?.length ? (
        <>
          <p>
            <strong>{name}</strong> was changed and saved since you opened it, by someone else or in another tab. Nothing of yours was saved yet.{' '}
            {clashes.length === 1 ? 'One value was' : `${clashes.length} values were`} changed both there and here:
          </p>
          <ul className="conflict-list">
            {clashes.slice(0, MAX_SHOWN).map((clash, index) => (
              <li key={`${clash.label}-${index}`}>
                <strong>{clash.label}</strong>
                <span className="conflict-side">Theirs: {shown(clash.theirs, clash.ours)}</span>
                <span className="conflict-side">Yours: {shown(clash.ours, clash.theirs)}</span>
              </li>
            ))}
            {clashes.length > MAX_SHOWN && <li>and {clashes.length - MAX_SHOWN} more.</li>}
          </ul>
          <p>Everything else that either of you changed is kept, whichever you choose.</p>
        </>
      ) : (
        <p>
          <strong>{name}</strong> was changed and saved since you opened it, by someone else or in another tab, in the same places you changed. Nothing
          of yours was saved yet. Load their version (your edits to it are discarded), or replace it with yours (theirs are then lost).
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn" onClick={onKeepTheirs}>
          {clashes?.length ? 'Keep theirs for these' : 'Load their version'}
        </button>
        <button type="button" className="btn btn-danger-solid" onClick={onKeepMine}>
          {clashes?.length ? 'Keep mine for these, and save' : 'Replace with mine'}
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
export function GoneDialog({ name, movedToName, canCarry, canCarryMine, isPage, onCarry, onCarryMine, onDiscard, onRecreate, onClose }: {
  name: string;
  /** What it became, when the server's documents tell. */
  movedToName?: string;
  canCarry: boolean;
  /** Whether the edits can go there keeping them where both changed (when they do not merge). */
  canCarryMine: boolean;
  /** A page moved elsewhere gets no second copy at its old address: its id and the redirect there would refuse every save. */
  isPage: boolean;
  onCarry(): void;
  onCarryMine(): void;
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
      {movedToName && !canCarry && <p>It was also changed there, in places you changed too.{canCarryMine ? ' Moving your edits there keeps yours in those places.' : ' Your edits cannot be moved onto it safely.'}</p>}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn" onClick={onDiscard}>
          Discard my edits to it
        </button>
        {movedToName ? (
          !isPage && (
            <button type="button" className="btn btn-danger" onClick={onRecreate}>
              Save mine as a second copy at the old address
            </button>
          )
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
        {!canCarry && canCarryMine && (
          <button type="button" className="btn btn-primary" onClick={onCarryMine}>
            Move my edits there, mine where both changed
          </button>
        )}
      </div>
    </Dialog>
  );
}
