import { controlProps, Hint } from './parts';
import type { WidgetProps } from './types';

export function CheckboxField(props: WidgetProps) {
  const { id, spec, value, path, context, error } = props;
  return (
    <div className="field field-checkbox">
      <input type="checkbox" {...controlProps(props)} checked={Boolean(value ?? spec.default)} onChange={(event) => context.onChange(path, event.target.checked)} />
      <label htmlFor={id}>{spec.label}</label>
      <Hint id={id} description={spec.description} error={error} />
    </div>
  );
}
