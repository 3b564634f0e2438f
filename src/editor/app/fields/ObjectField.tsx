import { FieldsetLegend } from '../FieldsetLegend';
import { useState } from 'react';
import { FreshScope } from './fresh';
import { initialValue } from './kinds';
import { ObjectChildren } from './ObjectChildren';
import { AbsentField } from './parts';
import type { WidgetProps } from './types';

/** An object: its fields in a fieldset; an absent optional object is one "Add" button. */
export function ObjectField({ spec, value, path, context, error }: WidgetProps) {
  // Added here: its empty fields wait to say "Required" until they are left (./fresh.tsx).
  const [added, setAdded] = useState(false);
  if (value === undefined || value === null) {
    return (
      <AbsentField spec={spec} error={error}>
        <button type="button" className="btn btn-small" onClick={() => {
            setAdded(true);
            context.onChange(path, initialValue({ ...spec, default: undefined }));
          }}>
          Add {spec.label.toLowerCase()}
        </button>
      </AbsentField>
    );
  }
  return (
    <fieldset className="fieldset">
      <FieldsetLegend spec={spec} path={path} context={context} />
      {error && <p className="field-error">{error}</p>}
      <FreshScope fresh={added}>
        <ObjectChildren spec={spec} record={value as Record<string, unknown>} path={path} context={context} />
      </FreshScope>
    </fieldset>
  );
}
