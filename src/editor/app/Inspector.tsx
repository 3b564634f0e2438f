/**
 * The form of the selected section, generated from its registry schema, or
 * the page's own settings when no section is selected, or the form of an
 * open post or tag, generated from its collection schema.
 */
import { useMemo, type ReactNode } from 'react';
import { inputJsonSchema, sectionJsonSchemas } from '../../engine/schema/json-schema';
import { collectionSchemas } from '../../engine/schema/collections';
import { PageMetaSchema } from '../../engine/schema/page';
import { sectionRegistry } from '../../sections/registry';
import { collectionRegistry } from '../../collections/registry';
import { PUBLICATION_KEYS } from '../../engine/schema/publication';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
import { fieldsOf, type FieldSpec } from '../lib/form';
import type { OutlineEntry, StoredSection } from '../lib/model';
import type { IssueMap } from '../lib/validate';
import { Field, type FieldContext, type Path, type RelationOption } from './fields';
import { Advanced } from './fields/IdentifierField';
import type { MediaOptions } from './MediaLibrary';

const formCache = new Map<string, { data: FieldSpec[]; settings: FieldSpec[] }>();

function formOf(type: string) {
  let form = formCache.get(type);
  if (!form) {
    const { data, settings } = sectionJsonSchemas(sectionRegistry.get(type)!);
    form = { data: fieldsOf(data), settings: fieldsOf(settings) };
    formCache.set(type, form);
  }
  return form;
}

const metaFields = fieldsOf(inputJsonSchema(PageMetaSchema));
// Generated when the section or page is created; editors rarely need them, so they sit under "Advanced".
const idField: FieldSpec = { key: 'id', kind: 'identifier', label: 'Section ID', description: 'Unique within the page: <page-name>-<purpose>. Set when the section was added.', required: true };
const pageIdField: FieldSpec = { key: 'id', kind: 'identifier', label: 'Page ID', description: 'Unique page identifier, set from the slug when the page was created.', required: true };

interface SectionProps {
  entry: OutlineEntry;
  section: StoredSection;
  issues: IssueMap;
  isFirst: boolean;
  isLast: boolean;
  onChange(path: Path, value: unknown): void;
  resolveRef(ref: string): unknown;
  /** For image fields' media library. */
  media?: MediaOptions;
  onMove(delta: -1 | 1): void;
  onDuplicate(): void;
  onDelete(): void;
  /** For a shared section: rename or delete its file (not just this page's link to it). */
  onFileAction?(action: 'delete' | 'rename'): void;
  /** Why the user may not change the section's file (an editor and the shared header): its form is shown read-only. */
  readOnly?: string;
}

export function SectionInspector({ entry, section, issues, isFirst, isLast, onChange, resolveRef, media, onMove, onDuplicate, onDelete, onFileAction, readOnly }: SectionProps) {
  const shared = entry.shared && !('broken' in entry.shared) ? entry.shared : undefined;
  const definition = sectionRegistry.get(section.type);
  const context: FieldContext = { issues, onChange, resolveRef, media, readOnly: Boolean(readOnly) };
  const form = definition && formOf(section.type);
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
        <div className="notice notice-readonly" role="note">
          <p>
            <strong>{readOnly}</strong>
          </p>
          <p>
            This section is stored in <code>{shared.file}</code> and appears on every page that links to it. You can still move it on this page, or remove it from this page.
          </p>
        </div>
      )}
      {shared && !readOnly && (
        <div className="notice notice-shared" role="note">
          <strong>Shared section.</strong> It is stored in <code>{shared.file}</code> and appears on every page that links to it: your changes apply to all of them.
          {onFileAction && (
            <span className="notice-actions">
              <button type="button" className="btn btn-small" onClick={() => onFileAction('rename')}>
                Rename file…
              </button>
              <button type="button" className="btn btn-small btn-danger" onClick={() => onFileAction('delete')}>
                Delete file…
              </button>
            </span>
          )}
        </div>
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

interface PageProps {
  page: { id: string; slug: string; meta: Record<string, unknown> };
  issues: IssueMap;
  onChange(path: Path, value: unknown): void;
  resolveRef(ref: string): unknown;
  media?: MediaOptions;
  /** Rename (move) or delete the page file. */
  onFileAction?(action: 'delete' | 'rename'): void;
  /** Its status, with Publish, Unpublish and Schedule… (PublicationControl). */
  publication?: ReactNode;
}

/** Rename… and Delete… of a whole page, post or tag, beside its title. */
function FileActions({ noun, onFileAction }: { noun: string; onFileAction?(action: 'delete' | 'rename'): void }) {
  if (!onFileAction) return null;
  return (
    <div className="inspector-actions">
      <button type="button" className="btn btn-small" onClick={() => onFileAction('rename')} aria-label={`Rename ${noun}…`}>
        Rename…
      </button>
      <button type="button" className="btn btn-small btn-danger" onClick={() => onFileAction('delete')} aria-label={`Delete ${noun}…`}>
        Delete…
      </button>
    </div>
  );
}

export function PageInspector({ page, issues, onChange, resolveRef, media, onFileAction, publication }: PageProps) {
  const context = useMemo<FieldContext>(() => ({ issues, onChange, resolveRef, media }), [issues, onChange, resolveRef, media]);
  // Named by its title (as the page list names it, without the site's name after " — "), its address under it.
  const path = `/${page.slug === 'home' ? '' : page.slug}`;
  const title = page.meta?.title;
  const pageTitle = typeof title === 'string' && title.trim() ? title.split(' — ')[0]! : path;
  return (
    <div className="inspector-body">
      <div className="inspector-head">
        <div>
          <p className="eyebrow">Page settings</p>
          <h2 className="inspector-title">{pageTitle}</h2>
          {pageTitle !== path && <p className="inspector-path">{path}</p>}
        </div>
        <FileActions noun="page" onFileAction={onFileAction} />
      </div>
      {publication}
      <p className="inspector-description">Search and sharing metadata. Select a section in the outline or the preview to edit it.</p>
      <div className="form-group">
        <h3>SEO</h3>
        {metaFields.map((spec) => (
          <Field key={spec.key} spec={spec} value={page.meta?.[spec.key]} path={['meta', spec.key]} context={context} />
        ))}
      </div>
      <Advanced open={issues.has('id')}>
        <Field spec={pageIdField} value={page.id} path={['id']} context={context} />
      </Advanced>
    </div>
  );
}


// The publication fields are set with the status control above the form (Publish, Unpublish, Schedule…), not typed.
const entryForms = Object.fromEntries(
  Object.entries(collectionSchemas).map(([name, schema]) => [name, fieldsOf(inputJsonSchema(schema)).filter((spec) => !PUBLICATION_KEYS.includes(spec.key))]),
) as Record<string, FieldSpec[]>;

interface EntryProps {
  collection: string;
  slug: string;
  data: Record<string, unknown>;
  issues: IssueMap;
  onChange(path: Path, value: unknown): void;
  resolveRef(ref: string): unknown;
  media?: MediaOptions;
  relationOptions(collection: string): readonly RelationOption[];
  onFileAction?(action: 'delete' | 'rename'): void;
  /** Its status, with Publish, Unpublish and Schedule… (PublicationControl). */
  publication?: ReactNode;
}

export function EntryInspector({ collection, slug, data, issues, onChange, resolveRef, media, relationOptions, onFileAction, publication }: EntryProps) {
  const context = useMemo<FieldContext>(() => ({ issues, onChange, resolveRef, media, relationOptions }), [issues, onChange, resolveRef, media, relationOptions]);
  const fields = entryForms[collection] ?? [];
  const definition = collectionRegistry.get(collection);
  const label = definition ? (data as Record<string, unknown> | undefined)?.[definition.labelField] : undefined;
  const name = typeof label === 'string' && label.trim() ? label : slug;
  return (
    <div className="inspector-body">
      <div className="inspector-head">
        <div>
          <p className="eyebrow">{capitalised(definition?.singular ?? 'entry')}</p>
          <h2 className="inspector-title">{name}</h2>
          {name !== slug && <p className="inspector-path">{slug}</p>}
        </div>
        <FileActions noun={definition?.singular ?? 'entry'} onFileAction={onFileAction} />
      </div>
      {publication}
      <p className="inspector-description">
        {definition?.description} The preview shows your changes wherever it appears.
      </p>
      <div className="form-group">
        <h3>Content</h3>
        {fields.map((spec) => (
          <Field key={spec.key} spec={spec} value={data?.[spec.key]} path={[spec.key]} context={context} />
        ))}
      </div>
    </div>
  );
}
