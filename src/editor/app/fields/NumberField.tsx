import { controlProps, FieldFrame } from './parts';
import type { WidgetProps } from './types';

export function NumberField(props: WidgetProps) {
  const { id, spec, value, path, context, error } = props;
  return (
    <FieldFrame id={id} spec={spec} error={error}>
      <input
        className="input input-number"
        type="number"
        {...controlProps(props)}
        min={spec.min}
        max={spec.max}
        step={spec.integer ? 1 : 'any'}
        value={value === undefined ? '' : String(value)}
        onChange={(event) => context.onChange(path, event.target.value === '' ? undefined : Number(event.target.value))}
      />
    </FieldFrame>
  );
}
