/** Single-line text, email and date inputs, and the multi-line textarea. */
import { controlProps, FieldFrame, LengthCount, textSetter } from './parts';
import type { WidgetProps } from './types';

const INPUT_TYPES: Partial<Record<string, string>> = { email: 'email', date: 'date' };

export function TextField(props: WidgetProps) {
  const { id, spec, value, error, path, context } = props;
  const mend = error ? context.fixOf?.(path) : undefined;
  // The button goes with the problem it mends: the keyboard's focus goes back to the field, not to the page's start.
  const fix = mend !== undefined && mend !== value ? { value: mend, apply: () => { textSetter(props)(mend); document.getElementById(id)?.focus(); } } : undefined;
  return (
    <FieldFrame id={id} spec={spec} error={error} fix={fix} count={<LengthCount id={id} spec={spec} text={String(value ?? '')} />}>
      <input className="input" type={INPUT_TYPES[spec.kind] ?? 'text'} {...controlProps(props)} value={String(value ?? '')} onChange={(event) => textSetter(props)(event.target.value)} spellCheck={spec.kind === 'text'} />
    </FieldFrame>
  );
}

export function TextareaField(props: WidgetProps) {
  const { id, spec, value, error } = props;
  return (
    <FieldFrame id={id} spec={spec} error={error} count={<LengthCount id={id} spec={spec} text={String(value ?? '')} />}>
      <textarea className="input textarea" {...controlProps(props)} rows={3} value={String(value ?? '')} onChange={(event) => textSetter(props)(event.target.value)} />
    </FieldFrame>
  );
}
