/**
 * One form field: a `$ref` shows as a linked value; anything else is edited
 * by the widget its kind has in the kinds table.
 */
import { memo, useId, type ReactNode } from 'react';
import { isRef } from '../../../engine/schema/refs';
import { pathKey, sameIssuesUnder } from '../../lib/validate';
import { useShownError } from './fresh';
import { FIELD_KINDS } from './kinds';
import { RefValue } from './RefValue';
import type { FieldProps } from './types';

/**
 * A keystroke changes one value: the edits share every other value, so only
 * the edited field (and the objects and arrays around it) render again. On a
 * large form that is most of the cost of typing.
 */
function sameField(a: FieldProps, b: FieldProps): boolean {
  if (a.spec !== b.spec || a.value !== b.value || pathKey(a.path) !== pathKey(b.path)) return false;
  const [x, y] = [a.context, b.context];
  return x === y || (x.onChange === y.onChange && x.onRemove === y.onRemove && x.resolveRef === y.resolveRef && x.media === y.media && x.relationOptions === y.relationOptions && x.readOnly === y.readOnly && sameIssuesUnder(x.issues, y.issues, pathKey(a.path)));
}

export const Field = memo(function Field({ spec, value, path, context }: FieldProps): ReactNode {
  const id = `f-${useId().replace(/:/g, '')}`;
  const key = pathKey(path);
  const error = useShownError(key, value, context.issues.get(key));
  if (isRef(value)) return <RefValue id={id} spec={spec} value={value as { $ref: string }} path={path} context={context} />;
  const { Widget } = FIELD_KINDS[spec.kind];
  return <Widget id={id} spec={spec} value={value} path={path} context={context} error={error} />;
}, sameField);
