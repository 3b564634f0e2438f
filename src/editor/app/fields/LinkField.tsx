/** The link kind: a labelled LinkInput over the site's pages and posts. */
import { linkProblem } from '../../../engine/schema/urls';
import { pathKey } from '../../lib/validate';
import { describedBy, FieldLabel, Hint, textSetter } from './parts';
import { LinkInput } from './LinkInput';
import type { WidgetProps } from './types';

export function LinkField(props: WidgetProps) {
  const { id, spec, value, path, error } = props;
  const text = String(value ?? '');
  // LinkInput shows the allowlist's message as you type; the same message from validation is not repeated.
  const shownError = error && text !== '' && linkProblem(text) === error ? undefined : error;
  return (
    <div className="field">
      <FieldLabel htmlFor={id} spec={spec} />
      <LinkInput id={id} value={text} onChange={textSetter(props)} invalid={Boolean(error)} describedBy={describedBy(id, spec, shownError)} inputProps={{ 'data-field': pathKey(path) }} />
      <Hint id={id} description={spec.description} error={shownError} />
    </div>
  );
}
