import { FieldsetLegend } from '../FieldsetLegend';
import { initialValue } from './kinds';
import { ObjectChildren } from './ObjectChildren';
import { AbsentField } from './parts';
import type { WidgetProps } from './types';

/** An object: its fields in a fieldset; an absent optional object is one "Add" button. */
export function ObjectField({ spec, value, path, context, error }: WidgetProps) {
  if (value === undefined || value === null) {
    return (
      <AbsentField spec={spec} error={error}>
        <button type="button" className="btn btn-small" onClick={() => context.onChange(path, initialValue({ ...spec, default: undefined }))}>
          Add {spec.label.toLowerCase()}
        </button>
      </AbsentField>
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
