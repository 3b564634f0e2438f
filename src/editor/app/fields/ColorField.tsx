import { HEX_COLOUR } from '../../../engine/schema/primitives';
import { controlProps, FieldFrame, textSetter } from './parts';
import type { WidgetProps } from './types';

export function ColorField(props: WidgetProps) {
  const { id, spec, value, path, context, error } = props;
  return (
    <FieldFrame id={id} spec={spec} error={error}>
      <div className="color-field">
        <input type="color" aria-label={`${spec.label} picker`} value={HEX_COLOUR.test(String(value)) ? String(value) : '#000000'} onChange={(event) => context.onChange(path, event.target.value)} />
        <input className="input mono" {...controlProps(props)} value={String(value ?? '')} onChange={(event) => textSetter(props)(event.target.value)} />
      </div>
    </FieldFrame>
  );
}
