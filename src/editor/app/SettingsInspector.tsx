/**
 * The form of the site settings (shared/site.json), generated from their
 * schema like every other form. An editor sees it read-only: the settings are a
 * shared document, which only an administrator changes.
 */
import { useMemo } from 'react';
import { settingsFields, SITE_SETTINGS_FILE } from '../lib/site-settings';
import type { IssueMap } from '../lib/validate';
import { Field, type FieldContext, type Path } from './fields';
import type { MediaOptions } from './media/media-options';

interface Props {
  data: Record<string, unknown> | undefined;
  issues: IssueMap;
  onChange(path: Path, value: unknown): void;
  resolveRef: FieldContext['resolveRef'];
  media?: MediaOptions;
  /** Why the user may not change the settings, when they may not. */
  readOnly?: string;
  /** Why the file cannot be read, when it is there but broken (not JSON, say): not the same as missing. */
  unreadable?: string;
}

export function SettingsInspector({ data, issues, onChange, resolveRef, media, readOnly, unreadable }: Props) {
  const context = useMemo<FieldContext>(() => ({ issues, onChange, resolveRef, media, readOnly: Boolean(readOnly) }), [issues, onChange, resolveRef, media, readOnly]);
  if (!data) {
    return (
      <div className="inspector-body">
        <p className="notice notice-error">
          {unreadable ? (
            <>
              <code>src/data/{SITE_SETTINGS_FILE}</code>: {unreadable} Mend it in a text editor; this form opens once it can be read.
            </>
          ) : (
            <>
              There is no <code>src/data/{SITE_SETTINGS_FILE}</code>: create it with at least a <code>"name"</code>.
            </>
          )}
        </p>
      </div>
    );
  }
  return (
    <div className="inspector-body">
      <div className="inspector-head">
        <div>
          <p className="eyebrow">Shared document</p>
          <h2 className="inspector-title">Site settings</h2>
        </div>
      </div>
      {readOnly && (
        <div className="notice notice-readonly" role="note">
          <p>
            <strong>{readOnly}</strong>
          </p>
        </div>
      )}
      <p className="inspector-description">
        The site’s name, language, default social image, brand colour and typefaces, used by every page. The preview shows the home page with your changes.
      </p>
      <fieldset className="form-fieldset" disabled={Boolean(readOnly)} aria-label={readOnly ? 'Site settings (read-only)' : undefined}>
        <div className="form-group">
          {settingsFields.map((spec) => (
            <Field key={spec.key} spec={spec} value={data[spec.key]} path={[spec.key]} context={context} />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
