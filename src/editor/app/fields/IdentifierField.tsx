/** An identifier: generated from its source field (ObjectFields.tsx), editable by hand under "Advanced". */
import type { ReactNode } from 'react';
import { controlProps, FieldFrame, textSetter } from './parts';
import type { WidgetProps } from './types';

export function IdentifierField(props: WidgetProps) {
  const { id, spec, value, error } = props;
  return (
    <FieldFrame id={id} spec={spec} error={error}>
      <input className="input mono" type="text" {...controlProps(props)} value={String(value ?? '')} spellCheck={false} autoComplete="off" onChange={(event) => textSetter(props)(event.target.value)} />
    </FieldFrame>
  );
}

/** Fields editors rarely need (identifiers), folded away; open when one of them has a problem, so it can be seen and fixed. */
export function Advanced({ open, children }: { open: boolean; children: ReactNode }) {
  return (
    <details className="field-advanced" open={open || undefined}>
      <summary>Advanced</summary>
      <div className="field-advanced-body">{children}</div>
    </details>
  );
}
