/**
 * A page's or entry's status, in words, with what can be done about it:
 * Publish, Unpublish and Schedule… (a date and time in the user's own time
 * zone, stored as an ISO instant). Each button runs a named store command;
 * Save sends the change like any other edit.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { localDateTime, localInputValue, pendingStatusText, scheduleProblem, statusText, type PublicationStatus } from '../lib/publication';

interface Props {
  status: PublicationStatus;
  /** Set when the status is not saved yet (Publish was pressed, not Save): the status as saved, or null for a new file. */
  pending?: { saved: PublicationStatus | null };
  /** What the document is called in sentences: "page", "post". */
  noun: string;
  /** What the status does beyond this document (a template page's entries), in a sentence. */
  reach?: string;
  /** The user may not change the file: the status shows, the buttons do not. */
  readOnly?: boolean;
  /** An entry of a collection with no page per entry (authors): visitors see it only where pages list it. */
  pageless?: boolean;
  /** The links that lead to it while visitors do not get it, in a sentence. */
  links?: string;
  /** A scheduled entry dated before the day it goes live (YYYY-MM-DD both), and how to date it that day. */
  dateNote?: { shown: string; day: string; later: boolean; onUse(): void };
  /** Fields that still have the text the editor started them with ("Page header › Description"): said before Publish. */
  starterCopy?: readonly string[];
  /** What a page with no status is (the home page, the 404 page: ALWAYS_PUBLIC_PAGES): it says so, with no buttons. */
  alwaysPublic?: string;
  onPublish(): void;
  onUnpublish(): void;
  /** `at`: an ISO 8601 instant. */
  onSchedule(at: string): void;
}

/** A YYYY-MM-DD day in the reader's words ("6 Aug 2026"). */
function calendarDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

const HINTS: Record<PublicationStatus['state'], (noun: string) => string> = {
  draft: (noun) => `Only the editor shows this ${noun}; visitors do not see it.`,
  scheduled: (noun) => `Visitors see this ${noun} from then on.`,
  published: (noun) => `Visitors see this ${noun}.`,
};

/** The same for an entry that has no page of its own: it shows only where pages list its collection. */
const PAGELESS_HINTS: Record<PublicationStatus['state'], (noun: string) => string> = {
  draft: (noun) => `Only the editor shows this ${noun}; no page lists it.`,
  scheduled: (noun) => `Pages that list ${noun}s show it from then on; it has no page of its own.`,
  published: (noun) => `Pages that list ${noun}s show it; it has no page of its own.`,
};

/** An unsaved status, and what Save will do to visitors: taking a live page offline stands out. */
const PendingText = ({ text, hint, offline }: ReturnType<typeof pendingStatusText>) => (
  <>
    <strong>{text}</strong>
    <span className={offline ? 'publication-hint is-offline' : 'publication-hint'}>{hint}</span>
  </>
);

export function PublicationControl({ status, pending, noun, reach, links, dateNote, starterCopy = [], readOnly, pageless, alwaysPublic, onPublish, onUnpublish, onSchedule }: Props) {
  const [picking, setPicking] = useState(false);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  // The button pressed goes (Publish once published) or gives way to the date's form: focus moves on
  // to what replaced it, or the browser sends it to the page's body, and a keyboard user starts over.
  const [focusNext, setFocusNext] = useState<'status' | 'schedule' | 'date' | null>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);
  const scheduleButton = useRef<HTMLButtonElement>(null);
  const dateInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!focusNext) return;
    setFocusNext(null);
    ({ status: statusLine, schedule: scheduleButton, date: dateInput })[focusNext].current?.focus();
  }, [focusNext]);
  if (alwaysPublic) {
    return (
      <section className="publication publication-published" aria-label="Publication">
        <p className="publication-status">
          <span className="publication-dot" aria-hidden="true" />
          <strong>Always published</strong>
          <span className="publication-hint">This is {alwaysPublic}, so it cannot be a draft or scheduled.</span>
        </p>
      </section>
    );
  }
  const startPicking = () => {
    // A day from now, on the hour, or the time already set.
    const suggestion = status.at ?? new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 86_400_000);
    setValue(localInputValue(suggestion));
    setProblem(null);
    setPicking(true);
    setFocusNext('date');
  };
  const cancelPicking = () => {
    setPicking(false);
    setFocusNext('schedule');
  };
  const schedule = () => {
    const at = new Date(value);
    const found = scheduleProblem(at, new Date());
    setProblem(found ?? null);
    if (found) return;
    onSchedule(at.toISOString());
    setPicking(false);
    setFocusNext('status');
  };
  return (
    <section className={`publication publication-${status.state}${pending ? ' is-pending' : ''}`} aria-label="Publication">
      <p className="publication-status" ref={statusLine} tabIndex={-1}>
        <span className="publication-dot" aria-hidden="true" />
        {pending ? (
          <PendingText {...pendingStatusText(status, pending.saved, localDateTime, noun)} />
        ) : (
          <>
            <strong>{statusText(status, localDateTime)}</strong>
            <span className="publication-hint">{(pageless ? PAGELESS_HINTS : HINTS)[status.state](noun)}</span>
          </>
        )}
      </p>
      {reach && <p className="publication-reach">{reach}</p>}
      {links && status.state !== 'published' && <p className="publication-reach">{links}</p>}
      {starterCopy.length > 0 && (
        <p className="publication-reach publication-starter">
          {starterCopy.length === 1 ? 'One field still has the text it' : `${starterCopy.length} fields still have the text they`} started with, which says what to write there:{' '}
          {starterCopy.map((field, index) => (
            <span key={`${field}-${index}`}>
              {index > 0 && ', '}
              <strong>{field}</strong>
            </span>
          ))}
          . {status.state === 'published' ? 'Visitors read it as it is.' : 'Replace it before you publish, or visitors will read it as it is.'}
        </p>
      )}
      {dateNote && !readOnly && (
        <p className="publication-reach publication-date">
          {dateNote.later
            ? `Its date reads ${calendarDay(dateNote.shown)}, a day still to come: visitors see it dated then, and lists put it above the ${noun}s published until then.`
            : `Its date reads ${calendarDay(dateNote.shown)}: visitors will see it dated then, and lists put it below newer ${noun}s.`}{' '}
          <button type="button" className="btn btn-small" onClick={dateNote.onUse}>
            Date it {calendarDay(dateNote.day)}
          </button>
        </p>
      )}
      {!readOnly && !picking && (
        <div className="inspector-actions">
          {status.state !== 'published' && (
            <button type="button" className="btn btn-small" onClick={() => { onPublish(); setFocusNext('status'); }}>
              {status.state === 'scheduled' ? 'Publish now' : 'Publish'}
            </button>
          )}
          {status.state !== 'draft' && (
            <button type="button" className="btn btn-small" onClick={() => { onUnpublish(); setFocusNext('status'); }}>
              Unpublish
            </button>
          )}
          <button type="button" className="btn btn-small" ref={scheduleButton} onClick={startPicking}>
            Schedule…
          </button>
        </div>
      )}
      {!readOnly && picking && (
        <form
          className="publication-schedule"
          onSubmit={(event) => {
            event.preventDefault();
            schedule();
          }}
          onKeyDown={(event) => {
            // As every dialog closes on Escape, so does this form, with Cancel's effect.
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            cancelPicking();
          }}
        >
          <label htmlFor={id}>Publish on (your local time)</label>
          <input
            id={id}
            ref={dateInput}
            className="input"
            type="datetime-local"
            required
            value={value}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              // A new value has not been checked: the last one's problem no longer applies.
              setProblem(null);
            }}
          />
          {problem && (
            <p id={`${id}-problem`} className="field-error" role="alert">
              {problem}
            </p>
          )}
          <div className="inspector-actions">
            <button type="submit" className="btn btn-small btn-primary">
              Schedule
            </button>
            <button type="button" className="btn btn-small" onClick={cancelPicking}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
