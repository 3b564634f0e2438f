/** One line of the Problems panel, a problem's or a link's that leads nowhere: where, what, and Open (or why there is none). */
import type { ReactNode } from 'react';
import type { ProblemLocation } from '../lib/problems';

interface Props {
  /** The document's name, for Open's accessible name. */
  name: string;
  /** Where, in the form's words ("Hero › Title"), shown before the message; '' for the file as a whole. */
  where: string;
  /** The JSON pointer into the file, in the tooltip of `where`, for a text editor. */
  pointer?: string;
  /** A warning's place is marked as one. */
  warning?: boolean;
  message: ReactNode;
  location: ProblemLocation | undefined;
  onOpen(location: ProblemLocation): void;
}

export function ProblemIssue({ name, where, pointer, warning, message, location, onOpen }: Props) {
  return (
    <li className="problem-issue">
      <span className="problem-message">
        {where && (
          <span className={warning ? 'problem-path-warning' : 'problem-path'} title={pointer && `At ${pointer} in the file`}>
            {where}:
          </span>
        )}{' '}
        {message}
      </span>
      {location ? (
        <button type="button" className="btn btn-small" onClick={() => onOpen(location)} aria-label={`Open ${name} at ${where || 'the start'}`}>
          Open
        </button>
      ) : (
        <span className="field-hint">No form for this file: fix it in a text editor.</span>
      )}
    </li>
  );
}
