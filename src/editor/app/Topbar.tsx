/**
 * The bar across the top: what is open, the preview width, history, saving
 * and, on the production server, who is signed in.
 * Its props are plain values and stable callbacks, so typing, which changes
 * none of them, does not render it.
 */
import { memo, useCallback, useRef, useState } from 'react';
import { useDismiss, useDropdownPlace } from './hooks/useDropdown';
import { VIEWPORTS, type Viewport } from './Preview';
import type { EditorUser } from '../lib/model';
import { AccountMenu } from './AccountMenu';
import { SaveStatus } from './SaveStatus';
import type { Publishing } from '../lib/store/state';
import type { StepName } from '../lib/history';
import { shownAddress } from '../lib/link-targets';

/** The History menu's width on a screen wide enough for it (styles/history.css). */
const HISTORY_WIDTH = 280;

/** A step's label, then when it was made (the same field edited twice reads alike but for its time), and whether the last save was there. */
const StepText = ({ step, saved }: { step: StepName; saved: boolean }) => (
  <>
    <span className="history-label">{step.label}</span> {saved && <span className="history-saved">Saved</span>} <span className="history-time">{step.time}</span>
  </>
);

interface Props {
  /** The slug of the page shown, if any. */
  shownSlug: string | null;
  /** The one link to the visitor page (view-links.ts): "View page" here, or the save status's "Live". */
  viewHref: string | null;
  liveHref: string | null;
  viewport: Viewport;
  onViewport(viewport: Viewport): void;
  /** Steps' labels and times, oldest first. */
  past: readonly StepName[];
  future: readonly StepName[];
  /** Where the last save was, in steps from the oldest: going back past it undoes saved work. */
  savedAt?: number;
  onUndo(): void;
  onRedo(): void;
  /** Goes back (negative) or forward that many steps: a step in the History menu. */
  onTravel(steps: number): void;
  /** What has unsaved changes, counted by kind ("1 page"); empty when nothing has. */
  unsaved: string;
  saving: boolean;
  /** Unsaved changes from an earlier visit are offered back. */
  recoverable: boolean;
  /** The publication of the last save, on the production server. */
  publishing: Publishing | null;
  onSave(): void;
  /** How many problems the site has on disk; the Problems button shows only when there are some. */
  problemCount: number;
  /** Links that lead nowhere: warnings, shown beside the problems' count, never in it. */
  warningCount: number;
  onProblems(): void;
  /** Who is signed in, on the production server; null under astro dev, where there is no sign-in. */
  user: EditorUser | null;
  /** Signing out is under way. */
  leaving: boolean;
  onSignOut(): void;
}

export const Topbar = memo(function Topbar({ shownSlug, viewHref, liveHref, viewport, onViewport, past, future, savedAt, onUndo, onRedo, onTravel, unsaved, saving, recoverable, publishing, onSave, problemCount, warningCount, onProblems, user, leaving, onSignOut }: Props) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyRef = useRef<HTMLDetailsElement>(null);
  const historyPlace = useDropdownPlace(historyRef, historyOpen, HISTORY_WIDTH);
  const closeHistory = useCallback((refocus: boolean) => {
    if (historyRef.current) historyRef.current.open = false;
    if (refocus) historyRef.current?.querySelector('summary')?.focus();
  }, []);
  useDismiss(historyRef, historyOpen, closeHistory);
  return (
    <header className="topbar">
      <a className="brand" href="/editor">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">Content editor</span>
      </a>
      <div className="topbar-page">
        {shownSlug && (
          <>
            <span className="topbar-slug">{shownAddress(shownSlug)}</span>
            {viewHref && (
              <a className="btn btn-ghost btn-small" href={viewHref} target="_blank" rel="noreferrer">
                {/* Short of room, "View ↗": a phone kept only the arrow, a link of no visible name (QA). */}
                View<span className="view-page-more"> page</span> ↗
              </a>
            )}
          </>
        )}
      </div>
      <div className="viewport-switch" role="group" aria-label="Preview width">
        {(Object.keys(VIEWPORTS) as Viewport[]).map((name) => (
          <button key={name} type="button" className="btn btn-small" aria-pressed={viewport === name} onClick={() => onViewport(name)}>
            {name === 'mobile' ? 'Mobile' : name === 'tablet' ? 'Tablet' : 'Desktop'}
          </button>
        ))}
      </div>
      <div className="history-controls" role="group" aria-label="History">
        <button type="button" className="btn btn-small" onClick={onUndo} disabled={past.length === 0} aria-keyshortcuts="Control+Z Meta+Z" title={past.length ? `Undo: ${past.at(-1)!.label}` : 'Nothing to undo'}>
          Undo
        </button>
        <button type="button" className="btn btn-small" onClick={onRedo} disabled={future.length === 0} aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y" title={future.length ? `Redo: ${future.at(-1)!.label}` : 'Nothing to redo'}>
          Redo
        </button>
        <details ref={historyRef} className="history-menu" onToggle={(event) => setHistoryOpen(event.currentTarget.open)}>
          <summary className="btn btn-small">History</summary>
          {/* Rendered only while open: it can list 200 steps. */}
          {historyOpen && (
            <div className="history-list" style={historyPlace}>
              {past.length === 0 && future.length === 0 ? (
                <p className="empty-note">No edits yet.</p>
              ) : (
                // Each step returns the documents to how they were right after it; the top of the past is where they are now.
                <ol aria-label="Edit history, newest first">
                  {future.map((step, index) => (
                    <li key={`f${index}`} className="history-future">
                      <button type="button" className="history-step" onClick={() => onTravel(future.length - index)} title="Redo up to this step">
                        <StepText step={step} saved={savedAt === past.length + future.length - index} />
                      </button>
                    </li>
                  ))}
                  {[...past].reverse().map((step, index) => (
                    <li key={`p${index}`} aria-current={index === 0 ? 'step' : undefined}>
                      <button type="button" className="history-step" onClick={() => onTravel(-index)} disabled={index === 0} title={index === 0 ? 'Where you are' : 'Undo back to this step'}>
                        <StepText step={step} saved={savedAt === past.length - index} />
                      </button>
                    </li>
                  ))}
                  {past.length > 0 && (
                    <li className="history-origin">
                      <button type="button" className="history-step" onClick={() => onTravel(-past.length)} title={savedAt ? 'Undo every edit, the saved ones too: Save would then put them back as they were' : 'Undo every edit'}>
                        <span className="history-label">As opened{savedAt ? ', before your saves' : ''}</span>
                        {savedAt === 0 && <span className="history-saved">Saved</span>}
                      </button>
                    </li>
                  )}
                </ol>
              )}
            </div>
          )}
        </details>
      </div>
      {(problemCount > 0 || warningCount > 0) && (
        <button
          type="button"
          className={`btn btn-small btn-problems${problemCount === 0 ? ' btn-problems-warnings' : ''}`}
          onClick={onProblems}
          aria-haspopup="dialog"
          // The two counts read as one number otherwise: "Problems 2 3".
          aria-label={warningCount > 0 ? `Problems: ${problemCount > 0 ? `${problemCount}, and ` : ''}${warningCount} link${warningCount === 1 ? '' : 's'} that lead${warningCount === 1 ? 's' : ''} nowhere` : undefined}
        >
          Problems
          {problemCount > 0 && <span className="badge badge-error">{problemCount}</span>}
          {warningCount > 0 && <span className="badge badge-warning">{warningCount}</span>}
        </button>
      )}
      <SaveStatus saving={saving} unsaved={unsaved} publishing={publishing} recoverable={recoverable} liveHref={liveHref} />
      {/* aria-disabled, not disabled, while saving: a disabled button drops the keyboard's focus to the page. */}
      <button type="button" className="btn btn-primary" onClick={saving ? undefined : onSave} aria-disabled={saving} aria-keyshortcuts="Control+S Meta+S" title="Save (Ctrl+S / ⌘S)">
        Save
      </button>
      {user && <AccountMenu user={user} leaving={leaving} onSignOut={onSignOut} />}
    </header>
  );
});
