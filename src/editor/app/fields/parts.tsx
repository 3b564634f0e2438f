/** The label, hint and error every widget shows, and the attributes that tie them to its control. */
import type { ReactNode } from 'react';
import type { FieldSpec } from '../../lib/form';
import { pathKey } from '../../lib/validate';
import type { Path, WidgetProps } from './types';

/**
 * The hint, then what is said of the value: its length (`count`, a LengthCount) and its error, together
 * below the hint. The count once sat above the hint and the error below it, so "110 / 100 characters"
 * and "Use at most 100 characters" read as two unrelated places (QA).
 */
export function Hint({ id, description, error, count }: { id: string; description?: string; error?: string; count?: ReactNode }) {
  return (
    <>
      {description && (
        <p className="field-hint" id={`${id}-hint`}>
          {description}
        </p>
      )}
      {(count || error) && (
        <div className="field-status">
          {count}
          {error && (
            <p className="field-error" id={`${id}-error`} role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </>
  );
}

/** Whether the field shows a LengthCount, which its control is then described by. */
const counted = (spec: FieldSpec) => spec.maxLength !== undefined || spec.shownUpTo !== undefined;

export const describedBy = (id: string, spec: FieldSpec, error?: string) =>
  [spec.description && `${id}-hint`, counted(spec) && `${id}-count`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/**
 * A text's length as you type, read with the field (aria-describedby), not announced at each keystroke.
 * Against how much of it others show, when the field says (a title in search results; advice, so
 * past it what happens, never an error), with its schema's limit after it; else against that limit
 * (`maxLength`, a rule: "42 / 100 characters"). Past the limit, either way, how many too many,
 * beside the validation's error.
 */
/** The share of its limit from which a text's count shows. */
const COUNT_SHOWN_FROM = 0.8;

export function LengthCount({ id, spec, text }: { id: string; spec: FieldSpec; text: string }) {
  if (!counted(spec)) return null;
  // Counted as people count: an emoji is one character, as the schema's check counts code points too.
  const count = [...text].length;
  const { maxLength, shownUpTo } = spec;
  const over = maxLength === undefined ? 0 : count - maxLength;
  if (maxLength !== undefined && (over > 0 || !shownUpTo)) {
    // Every text has a limit, so a count under every label and button text was noise: it shows from
    // four fifths of the limit on, and before that is read with the field only (screen readers).
    const quiet = count < maxLength * COUNT_SHOWN_FROM;
    return (
      <p className={`field-count${over > 0 ? ' is-over' : ''}${quiet ? ' visually-hidden' : ''}`} id={`${id}-count`}>
        {count} / {maxLength} characters{over > 0 && `: ${over} too many`}
      </p>
    );
  }
  const { length, past } = shownUpTo!;
  const limit = maxLength === undefined ? '' : ` (at most ${maxLength})`;
  return (
    <p className={`field-count${count > length ? ' is-over' : ''}`} id={`${id}-count`}>
      {count > length ? `${count} characters${limit}, over the ${length} or so shown. ${past}` : `${count} of about ${length} characters shown${limit}`}
    </p>
  );
}

export function FieldLabel({ htmlFor, spec }: { htmlFor: string; spec: FieldSpec }) {
  return (
    <label className="field-label" htmlFor={htmlFor}>
      {spec.label}
      {spec.required ? null : <span className="field-optional"> (optional)</span>}
    </label>
  );
}

/** The control's id, its `data-field` (the Problems panel finds a failing field's input by its path) and its ARIA state. */
export const controlProps = ({ id, spec, path, error }: { id: string; spec: FieldSpec; path: Path; error?: string }) =>
  ({ id, 'data-field': pathKey(path), 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, spec, error) }) as const;

/** Sets the field's value; optional text left empty is removed, so it does not fail "Required". */
export const textSetter = ({ spec, path, context }: WidgetProps) => (text: string) => context.onChange(path, text === '' && !spec.required ? undefined : text);

/** A labelled field: label, control, hint, then its length count (if any) with its error, and the value that mends it (if any) as a button. */
export function FieldFrame({ id, spec, error, count, fix, children }: { id: string; spec: FieldSpec; error?: string; count?: ReactNode; fix?: { value: string; apply(): void }; children: ReactNode }) {
  return (
    <div className="field">
      <FieldLabel htmlFor={id} spec={spec} />
      {children}
      <Hint id={id} description={spec.description} error={error} count={count} />
      {error && fix && (
        <p className="field-fix">
          <button type="button" className="btn btn-small" onClick={fix.apply}>
            Use {fix.value}
          </button>
        </p>
      )}
    </div>
  );
}

/**
 * An object or image that is not there yet (an optional one, or a required one still missing): its
 * label, the buttons that add it, and its hint, so an empty Cover or Social image still says what it is for.
 */
export function AbsentField({ spec, error, className = '', children }: { spec: FieldSpec; error?: string; className?: string; children: ReactNode }) {
  return (
    <div className={`field field-absent ${className}`.trim()}>
      <span className="field-label">
        {spec.label}
        {spec.required ? null : <span className="field-optional"> (optional)</span>}
      </span>
      {children}
      {spec.description && <p className="field-hint field-absent-hint">{spec.description}</p>}
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
