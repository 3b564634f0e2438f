/**
 * The keys of an object that its schema does not declare (`"titel"` typed by hand in the file).
 * No widget is generated for them, yet the server refuses every save while one is there, so each
 * is shown by name, with its value and its error, and a button that removes it (the removeField
 * command): the fix no longer needs a text editor.
 */
import { useId } from 'react';
import { pathKey } from '../../lib/validate';
import type { FieldContext, Path } from './types';

interface Props {
  record: unknown;
  /** The keys the form has a field for. */
  known: readonly string[];
  path: Path;
  context: FieldContext;
}

export function UnknownFields({ record, known, path, context }: Props) {
  const base = `u-${useId().replace(/:/g, '')}`;
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return null;
  // Only keys the checks name (a key the schema declares but the form leaves out, such as a post's status, is no problem).
  const keys = Object.keys(record).filter((key) => !known.includes(key) && context.issues.has(pathKey([...path, key])));
  return keys.map((key, index) => {
    const at = [...path, key];
    const id = `${base}-${index}`;
    const error = context.issues.get(pathKey(at));
    return (
      <div className="field field-unknown" key={key}>
        <p className="field-label" id={`${id}-label`}>
          {key} <span className="field-optional">(not a field of this form)</span>
        </p>
        <pre className="field-unknown-value" aria-labelledby={`${id}-label`}>
          <code>{JSON.stringify((record as Record<string, unknown>)[key], null, 2)}</code>
        </pre>
        {error && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
        {/* data-field: the Problems panel's Open focuses the failing field's control by its path. */}
        <button
          type="button"
          className="btn btn-small btn-danger"
          data-field={pathKey(at)}
          aria-label={`Remove field “${key}”`}
          aria-describedby={error ? `${id}-error` : undefined}
          disabled={!context.onRemove || context.readOnly}
          onClick={() => context.onRemove?.(at)}
        >
          Remove field
        </button>
      </div>
    );
  });
}
