/** The built-in icons as a radio group of their pictures. */
import { ICONS, type IconName } from '../../../engine/icons';
import { optionLabel } from '../../lib/form';
import { Hint } from './parts';
import type { WidgetProps } from './types';

export function IconField({ id, spec, value, path, context, error }: WidgetProps) {
  return (
    <div className="field">
      <span className="field-label" id={`${id}-label`}>
        {spec.label}
      </span>
      <div className="icon-picker" role="radiogroup" aria-labelledby={`${id}-label`}>
        {(spec.options ?? []).map((name) => (
          <label key={name} className={`icon-option${value === name ? ' is-selected' : ''}`} title={optionLabel(spec, name)}>
            <input type="radio" name={id} value={name} checked={value === name} onChange={() => context.onChange(path, name)} className="visually-hidden" />
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d={ICONS[name as IconName]} />
            </svg>
            <span className="visually-hidden">{optionLabel(spec, name)}</span>
          </label>
        ))}
      </div>
      <Hint id={id} description={spec.description} error={error} />
    </div>
  );
}
