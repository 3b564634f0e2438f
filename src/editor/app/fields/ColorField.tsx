import { useRef } from 'react';
import { HEX_COLOUR } from '../../../engine/schema/primitives';
import { controlProps, FieldFrame, textSetter } from './parts';
import type { WidgetProps } from './types';

/** What the picker opens on before any colour was typed. */
const PICKER_START = '#000000';

export function ColorField(props: WidgetProps) {
  const { id, spec, value, path, context, error } = props;
  const typed = String(value ?? '');
  const isColour = HEX_COLOUR.test(typed);
  // While the code is half-typed the picker keeps the last colour it was, rather than jumping to black.
  const lastColour = useRef(PICKER_START);
  if (isColour) lastColour.current = typed;
  return (
    <FieldFrame id={id} spec={spec} error={error}>
      <div className={`color-field${isColour ? '' : ' is-unset'}`}>
        <input
          type="color"
          aria-label={`${spec.label} picker`}
          title={isColour ? undefined : 'Not a colour code yet: the swatch is struck through until it is one'}
          value={lastColour.current}
          onChange={(event) => context.onChange(path, event.target.value)}
        />
        <input className="input mono" {...controlProps(props)} value={typed} onChange={(event) => textSetter(props)(event.target.value)} />
      </div>
    </FieldFrame>
  );
}
