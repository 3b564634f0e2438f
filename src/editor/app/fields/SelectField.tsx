/** A choice among an enum's values, each shown by its declared label (`sm` reads "Small"). */
import { optionLabel } from '../../lib/form';
import { controlProps, FieldFrame } from './parts';
import type { WidgetProps } from './types';

export function SelectField(props: WidgetProps) {
  const { id, spec, value, path, context, error } = props;
  return (
    <FieldFrame id={id} spec={spec} error={error}>
      <select className="input" {...controlProps(props)} value={String(value ?? spec.default ?? '')} onChange={(event) => context.onChange(path, event.target.value === '' ? undefined : event.target.value)}>
        {(!spec.required || value === undefined) && spec.default === undefined && <option value="">—</option>}
        {(spec.options ?? []).map((option) => (
          <option key={option} value={option}>
            {optionLabel(spec, option)}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
