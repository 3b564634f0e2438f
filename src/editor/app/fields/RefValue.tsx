/** A value linked from a shared document (`$ref`): shown as a chip that can be detached into a plain copy. */
import type { FieldSpec } from '../../lib/form';
import type { FieldContext, Path } from './types';

export function RefValue({ id, spec, value, path, context }: { id: string; spec: FieldSpec; value: { $ref: string }; path: Path; context: FieldContext }) {
  return (
    <div className="field">
      <span className="field-label" id={id}>
        {spec.label}
      </span>
      <div className="ref-chip" aria-labelledby={id}>
        <span className="badge badge-shared">Linked</span>
        <code>{value.$ref}</code>
        <button type="button" className="btn btn-small" onClick={() => context.onChange(path, structuredClone(context.resolveRef(value.$ref)))}>
          Detach
        </button>
      </div>
      <p className="field-hint">This value comes from a shared document; detach it to edit it here.</p>
    </div>
  );
}
