import { FieldsetLegend } from '../FieldsetLegend';
import { initialValue } from './kinds';
import { ObjectChildren } from './ObjectChildren';
import type { WidgetProps } from './types';

/** An object: its fields in a fieldset; an absent optional object is one "Add" button. */
export function ObjectField({ spec, value, path, context, error }: WidgetProps) {
  if (value === undefined || value === null) {
    return (
      <div className="field field-absent">
        <span className="field-label">{spec.label}</span>
        <button type="button" className="btn btn-small" onClick={() => context.onChange(path, initialValue({ ...spec, default: undefined }))}>
          Add {spec.label.toLowerCase()}
        </button>
        {error && <p className="field-error">{error}</p>}
      </div>
    );
  }
  return (
    <fieldset className="fieldset">
      <FieldsetLegend spec={spec} path={path} context={context} />
      {error && <p className="field-error">{error}</p>}
      <ObjectChildren spec={spec} record={value as Record<string, unknown>} path={path} context={context} />
    </fieldset>
  );
}
