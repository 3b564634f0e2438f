/** A value linked from a shared document (`$ref`): shown as where it comes from, in the forms' words, with a way to use a copy here instead. */
import type { FieldSpec } from '../../lib/form';
import type { FieldContext, Path } from './types';

export function RefValue({ id, spec, value, path, context }: { id: string; spec: FieldSpec; value: { $ref: string }; path: Path; context: FieldContext }) {
  const linked = context.resolveRef(value.$ref);
  const place = linked?.place;
  return (
    <div className="field">
      <span className="field-label" id={id}>
        {spec.label}
      </span>
      <div className="ref-chip" aria-labelledby={id}>
        <span className="badge badge-shared">Linked</span>
        <span className="ref-place" title={value.$ref}>
          {place ?? value.$ref}
        </span>
        <button type="button" className="btn btn-small" onClick={() => context.onChange(path, structuredClone(linked?.value))} disabled={!linked}>
          Use different text here
        </button>
      </div>
      <p className="field-hint">
        {place ? `It shows what ${place} says: change it there, and every page that uses it changes too.` : 'It links to a value that is not there.'} To use something else here only, choose “Use different text here”.
      </p>
    </div>
  );
}
