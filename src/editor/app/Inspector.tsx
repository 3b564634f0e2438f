/**
 * The form of the selected section, generated from its registry schema, and
 * what shows in its place for a `$ref` that leads nowhere. A page's settings
 * and an entry's form are in DocumentInspectors.tsx.
 */
import { sectionRegistry } from '../../sections/registry';
import type { FieldSpec } from '../lib/form';
import { sectionForm } from '../lib/section-forms';
import type { OutlineEntry, StoredSection } from '../lib/model';
import type { IssueMap } from '../lib/validate';
import { Field, UnknownFields, type FieldContext, type Path } from './fields';
import { Advanced } from './fields/IdentifierField';
import type { MediaOptions } from './media/media-options';

// Generated when the section or page is created; editors rarely need them, so they sit under "Advanced".
const idField: FieldSpec = { key: 'id', kind: 'identifier', label: 'Section ID', description: 'Unique within the page: <page-name>-<purpose>. Set when the section was added.', required: true };

// A section's own keys; settings that do not apply to a type are ignored by the spec, so only `data` and the section itself are checked for unknown keys.
const SECTION_KEYS = ['id', 'type', 'data', 'settings'];

interface SectionProps {
  entry: OutlineEntry;
  section: StoredSection;
  issues: IssueMap;
  isFirst: boolean;
  isLast: boolean;
  onChange(path: Path, value: unknown): void;
  /** Removes a field no schema declares (shown by name in the form). */
  onRemoveField?(path: Path): void;
  resolveRef: FieldContext['resolveRef'];
  /** For image fields' media library. */
  media?: MediaOptions;
  onMove(delta: -1 | 1): void;
  onDuplicate(): void;
  onDelete(): void;
  /** For a shared section: rename or delete its file (not just this page's link to it). */
  onFileAction?(action: 'delete' | 'rename'): void;
  /** Why the user may not change the section's file (an editor and the shared header): its form is shown read-only. */
  readOnly?: string;
  /** For a shared section: where it shows ("9 pages and every post’s page"). */
  sharedReach?: string;
  /** The fields that still have the sample text the section started with ("Title", "Testimonials 1 › Quote"). */
  sampleText?: readonly string[];
}

export function SectionInspector({ entry, section, issues, isFirst, isLast, onChange, onRemoveField, resolveRef, media, onMove, onDuplicate, onDelete, onFileAction, readOnly, sharedReach, sampleText = [] }: SectionProps) {
  const shared = entry.shared && !('broken' in entry.shared) ? entry.shared : undefined;
  const definition = sectionRegistry.get(section.type);
  // A section type's one-click mends are for its own data's fields (`data.<key>`).
  const fixOf = (path: Path) => (path.length === 2 && path[0] === 'data' ? definition?.fixes?.[String(path[1])]?.(section.data ?? {}) : undefined);
  const context: FieldContext = { issues, onChange, onRemove: onRemoveField, resolveRef, media, readOnly: Boolean(readOnly), fixOf };
  const form = definition && sectionForm(section.type);
  return (
    <div className="inspector-body">
      <div className="inspector-head">
        <div>
          <p className="eyebrow">{shared ? 'Shared section' : `Section ${entry.index + 1}`}</p>
          <h2 className="inspector-title">{definition?.label ?? 'Unknown section'}</h2>
        </div>
        <div className="inspector-actions">
          <button type="button" className="btn btn-small" disabled={isFirst} onClick={() => onMove(-1)}>
            Move up
          </button>
          <button type="button" className="btn btn-small" disabled={isLast} onClick={() => onMove(1)}>
            Move down
          </button>
          {!shared && (
            <button type="button" className="btn btn-small" onClick={onDuplicate}>
              Duplicate
            </button>
          )}
          <button type="button" className="btn btn-small btn-danger" onClick={onDelete} title={shared ? 'Removes this page’s link to the shared section; its file stays' : undefined}>
            {shared ? 'Remove from page' : 'Delete'}
          </button>
        </div>
      </div>
      {shared && readOnly && (
        <div className="notice notice-readonly" role="note" title={`Stored in ${shared.file}`}>
          <p>
            <strong>{readOnly}</strong>
          </p>
          <p>
            This section is shared: it appears on {sharedReach ?? 'every page that links to it'}.{' '}
            {/* Say only what the buttons allow: the header and footer keep their place (Move up and down are off, and they have no handle). */}
            {isFirst && isLast ? 'You can still remove it from this page.' : 'You can still move it on this page, or remove it from this page.'}
          </p>
        </div>
      )}
      {shared && !readOnly && (
        <div className="notice notice-shared" role="note" title={`Stored in ${shared.file}`}>
          <strong>Shared section.</strong> It appears on {sharedReach ?? 'every page that links to it'}: your changes apply to all of them.
          {onFileAction && (
            <span className="notice-actions">
              <button type="button" className="btn btn-small" onClick={() => onFileAction('rename')} title="Changes the name it is kept under; the pages go on showing it">
                Rename…
              </button>
              <button type="button" className="btn btn-small btn-danger" onClick={() => onFileAction('delete')} title="Deletes the shared section itself, from every page">
                Delete everywhere…
              </button>
            </span>
          )}
        </div>
      )}
      {sampleText.length > 0 && !readOnly && (
        <p className="notice notice-sample" role="note">
          {sampleText.length === 1 ? 'One field still has' : `${sampleText.length} fields still have`} the sample text it came with:{' '}
          {sampleText.map((field, index) => (
            <span key={`${field}-${index}`}>
              {index > 0 && ', '}
              <strong>{field}</strong>
            </span>
          ))}
          . Replace it with your own before visitors see it.
        </p>
      )}
      {!definition || !form ? (
        <p className="notice notice-error">Unknown section type “{section.type}”.</p>
      ) : (
        // Read-only: every control of the form disabled at once; the store refuses the edits anyway.
        <fieldset className="form-fieldset" disabled={Boolean(readOnly)} aria-label={readOnly ? `${definition.label} (read-only)` : undefined}>
          <p className="inspector-description">{definition.description}</p>
          <div className="form-group">
            <h3>Content</h3>
            {form.data.map((spec) => (
              <Field key={spec.key} spec={spec} value={section.data?.[spec.key]} path={['data', spec.key]} context={context} />
            ))}
            <UnknownFields record={section.data} known={form.data.map((spec) => spec.key)} path={['data']} context={context} />
            <UnknownFields record={section} known={SECTION_KEYS} path={[]} context={context} />
          </div>
          <div className="form-group">
            <h3>Layout</h3>
            {form.settings.map((spec) => (
              <Field key={spec.key} spec={spec} value={section.settings?.[spec.key]} path={['settings', spec.key]} context={context} />
            ))}
          </div>
          <Advanced open={issues.has('id')}>
            <Field spec={idField} value={section.id} path={['id']} context={context} />
          </Advanced>
        </fieldset>
      )}
    </div>
  );
}

export function BrokenRefInspector({ entry, onDelete }: { entry: OutlineEntry; onDelete(): void }) {
  return (
    <div className="inspector-body">
      <div className="notice notice-error">
        This section links to <code>{entry.shared && 'ref' in entry.shared ? entry.shared.ref : ''}</code>, which does not exist.
      </div>
      <button type="button" className="btn btn-small btn-danger" onClick={onDelete}>
        Delete
      </button>
    </div>
  );
}
