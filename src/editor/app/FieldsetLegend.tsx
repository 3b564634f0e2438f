import type { FieldSpec } from '../lib/form';
import type { FieldContext, Path } from './fields/types';

/** The legend of an object field's fieldset; an optional object can be removed from it. */
export function FieldsetLegend({ spec, path, context }: { spec: FieldSpec; path: Path; context: FieldContext }) {
  return (
    <legend>
      {spec.label}
      {!spec.required && (
        <button type="button" className="btn btn-link" onClick={() => context.onChange(path, undefined)}>
          Remove
        </button>
      )}
    </legend>
  );
}
