/**
 * The fields of an object value. A field an identifier is generated from
 * (a button's label) updates the identifier in the same edit, and identifiers
 * are folded under "Advanced".
 */
import { useMemo, useRef } from 'react';
import type { FieldSpec } from '../../lib/form';
import { followIdentifier } from '../../lib/identifiers';
import { pathKey } from '../../lib/validate';
import { Field } from './Field';
import { Advanced } from './IdentifierField';
import { UnknownFields } from './UnknownFields';
import type { FieldContext, Path } from './types';

interface Props {
  spec: FieldSpec;
  record: Record<string, unknown> | undefined;
  path: Path;
  context: FieldContext;
  /** The identifiers the sibling items already use for `key`, so a generated one is unique among them. */
  siblingIds?(key: string): string[];
}

export function ObjectChildren({ spec, record, path, context, siblingIds }: Props) {
  const children = spec.children ?? [];
  const identifiers = children.filter((child) => child.kind === 'identifier' && child.identifierFrom);
  const latest = useRef({ record, siblingIds });
  latest.current = { record, siblingIds };
  const key = pathKey(path);
  // One context per source field, stable while the form's own is: typing elsewhere does not re-render it.
  const sourceContexts = useMemo(() => {
    const contexts = new Map<string, FieldContext>();
    for (const identifier of identifiers) {
      const source = identifier.identifierFrom!;
      contexts.set(source, {
        ...context,
        onChange(changedPath, value) {
          const current = latest.current.record ?? {};
          if (changedPath.length !== path.length + 1) return context.onChange(changedPath, value);
          const id = followIdentifier({ current: current[identifier.key], previousSource: current[source], nextSource: value, taken: latest.current.siblingIds?.(identifier.key) ?? [], fallback: spec.label });
          context.onChange(path, { ...current, [source]: value, [identifier.key]: id });
        },
      });
    }
    return contexts;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the path's value, not its array identity
  }, [context, key, spec.children, spec.label]);

  const render = (child: FieldSpec) => <Field key={child.key} spec={child} value={record?.[child.key]} path={[...path, child.key]} context={sourceContexts.get(child.key) ?? context} />;
  const hidden = children.filter((child) => child.kind === 'identifier');
  const failing = hidden.some((child) => context.issues.has(pathKey([...path, child.key])));
  return (
    <>
      {children.filter((child) => child.kind !== 'identifier').map(render)}
      {hidden.length > 0 && <Advanced open={failing}>{hidden.map(render)}</Advanced>}
      <UnknownFields record={record} known={children.map((child) => child.key)} path={path} context={context} />
    </>
  );
}
