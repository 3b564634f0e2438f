/**
 * An array of entry slugs as a multi-select of the collection's entries: one
 * checkbox each, in a labelled group, so Tab and Space work. A slug with no
 * entry stays listed (checked) so it can be removed.
 */
import { pathKey } from '../../lib/validate';
import { ArrayField } from './ArrayField';
import { describedBy, Hint } from './parts';
import type { WidgetProps } from './types';

export function RelationField(props: WidgetProps) {
  const { id, spec, value, path, context, error } = props;
  // Without the entries to choose from, the slugs are edited as a plain list.
  if (!spec.relation || !context.relationOptions) return <ArrayField {...props} />;
  const options = context.relationOptions(spec.relation);
  const selected = Array.isArray(value) ? value.filter((slug): slug is string => typeof slug === 'string') : [];
  const known = new Set(options.map((option) => option.slug));
  const all = [...options, ...selected.filter((slug) => !known.has(slug)).map((slug) => ({ slug, label: slug, accent: undefined, missing: true }))];
  const toggle = (slug: string, on: boolean) => context.onChange(path, on ? [...selected, slug] : selected.filter((other) => other !== slug));
  return (
    <fieldset className="fieldset fieldset-relation" aria-describedby={describedBy(id, spec, error)} aria-invalid={error ? true : undefined}>
      <legend>
        {spec.label} <span className="count">{selected.length}</span>
      </legend>
      {all.length === 0 ? (
        <p className="field-hint">There are no {spec.relation} yet.</p>
      ) : (
        <ul className="relation-options">
          {all.map((option) => {
            const problem = selected.includes(option.slug) ? context.issues.get(pathKey([...path, selected.indexOf(option.slug)])) : undefined;
            return (
              <li key={option.slug}>
                <label className={`relation-option${'missing' in option ? ' is-missing' : ''}`}>
                  <input type="checkbox" checked={selected.includes(option.slug)} onChange={(event) => toggle(option.slug, event.target.checked)} />
                  <span className="relation-dot" aria-hidden="true" style={option.accent ? { background: option.accent } : undefined} />
                  <span className="relation-label">{option.label}</span>
                  <span className="relation-slug">{option.slug}</span>
                </label>
                {problem && (
                  <p className="field-error" role="alert">
                    {option.slug}: {problem}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Hint id={id} description={spec.description} error={error} />
    </fieldset>
  );
}
