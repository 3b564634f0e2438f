/**
 * The forms of whole documents: a page's settings (its SEO fields and id) and
 * a collection entry's fields, each headed by the document's name with its
 * address or slug under it, and Rename… and Delete… beside it. Sections have
 * theirs in Inspector.tsx.
 */
import { useMemo, type ReactNode } from 'react';
import { inputJsonSchema } from '../../engine/schema/json-schema';
import { PageMetaSchema } from '../../engine/schema/page';
import { collectionRegistry } from '../../collections/registry';
import { fieldsOf, type FieldSpec } from '../lib/form';
import { pageTitle } from '../lib/model';
import { entryForm } from '../lib/section-forms';
import { PAGE_KEYS, type IssueMap } from '../lib/validate';
import { Field, UnknownFields, type FieldContext, type Path, type RelationOption } from './fields';
import { Advanced } from './fields/IdentifierField';

/** What a document's own buttons do: Change address…, Delete…, or, for one never saved, Discard. */
export type FileAction = 'delete' | 'rename' | 'discard';
import type { MediaOptions } from './media/media-options';
import { shownAddress } from '../lib/link-targets';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const metaFields = fieldsOf(inputJsonSchema(PageMetaSchema));
const pageIdField: FieldSpec = { key: 'id', kind: 'identifier', label: 'Page ID', description: 'Unique page identifier, set from its address when the page was created.', required: true };

interface PageProps {
  page: { id: string; slug: string; meta: Record<string, unknown> };
  issues: IssueMap;
  onChange(path: Path, value: unknown): void;
  /** Removes a field no schema declares (shown by name in the form). */
  onRemoveField?(path: Path): void;
  resolveRef: FieldContext['resolveRef'];
  media?: MediaOptions;
  /** Rename (move) or delete the page file; discard it, when it was never saved. */
  onFileAction?(action: FileAction): void;
  /** Never saved: Discard stands for Change address… and Delete…. */
  unsaved?: boolean;
  /** Its status, with Publish, Unpublish and Schedule… (PublicationControl). */
  publication?: ReactNode;
}

/**
 * Change address… and Delete… of a whole page, post or tag, beside its title. A move changes the
 * address (and file), never the title, so it is not called "Rename", which reads as the title's.
 */
function FileActions({ noun, onFileAction, unsaved = false }: { noun: string; onFileAction?(action: FileAction): void; unsaved?: boolean }) {
  if (!onFileAction) return null;
  if (unsaved) {
    return (
      <div className="inspector-actions">
        <button type="button" className="btn btn-small btn-danger" onClick={() => onFileAction('discard')} title={`This ${noun} was never saved: discarding it can be undone`}>
          Discard new {noun}
        </button>
      </div>
    );
  }
  return (
    <div className="inspector-actions">
      <button type="button" className="btn btn-small" onClick={() => onFileAction('rename')} aria-label={`Change ${noun} address…`}>
        Change address…
      </button>
      <button type="button" className="btn btn-small btn-danger" onClick={() => onFileAction('delete')} aria-label={`Delete ${noun}…`}>
        Delete…
      </button>
    </div>
  );
}

export function PageInspector({ page, issues, onChange, onRemoveField, resolveRef, media, onFileAction, unsaved, publication }: PageProps) {
  const context = useMemo<FieldContext>(() => ({ issues, onChange, onRemove: onRemoveField, resolveRef, media }), [issues, onChange, onRemoveField, resolveRef, media]);
  // Named by its title (as the page list names it, without the site's name after " — "), its address under it.
  const path = shownAddress(page.slug);
  const name = pageTitle(page, page.slug);
  return (
    <div className="inspector-body">
      <div className="inspector-head">
        <div>
          <p className="eyebrow">Page settings</p>
          <h2 className="inspector-title">{name}</h2>
          {name !== path && <p className="inspector-path">{path}</p>}
        </div>
        <FileActions noun="page" onFileAction={onFileAction} unsaved={unsaved} />
      </div>
      {publication}
      <p className="inspector-description">Search and sharing metadata. To edit a section, choose it in the list of sections or in the preview.</p>
      <div className="form-group">
        <h3>SEO</h3>
        {metaFields.map((spec) => (
          <Field key={spec.key} spec={spec} value={page.meta?.[spec.key]} path={['meta', spec.key]} context={context} />
        ))}
        <UnknownFields record={page.meta} known={metaFields.map((spec) => spec.key)} path={['meta']} context={context} />
        <UnknownFields record={page} known={PAGE_KEYS} path={[]} context={context} />
      </div>
      <Advanced open={issues.has('id')}>
        <Field spec={pageIdField} value={page.id} path={['id']} context={context} />
      </Advanced>
    </div>
  );
}


interface EntryProps {
  collection: string;
  slug: string;
  data: Record<string, unknown>;
  issues: IssueMap;
  onChange(path: Path, value: unknown): void;
  /** Removes a field no schema declares (shown by name in the form). */
  onRemoveField?(path: Path): void;
  resolveRef: FieldContext['resolveRef'];
  media?: MediaOptions;
  relationOptions(collection: string): readonly RelationOption[];
  onFileAction?(action: FileAction): void;
  unsaved?: boolean;
  /** Its status, with Publish, Unpublish and Schedule… (PublicationControl). */
  publication?: ReactNode;
}

export function EntryInspector({ collection, slug, data, issues, onChange, onRemoveField, resolveRef, media, relationOptions, onFileAction, unsaved, publication }: EntryProps) {
  const context = useMemo<FieldContext>(() => ({ issues, onChange, onRemove: onRemoveField, resolveRef, media, relationOptions }), [issues, onChange, onRemoveField, resolveRef, media, relationOptions]);
  const fields = entryForm(collection);
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
        <FileActions noun={definition?.singular ?? 'entry'} onFileAction={onFileAction} unsaved={unsaved} />
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
        <UnknownFields record={data} known={fields.map((spec) => spec.key)} path={[]} context={context} />
      </div>
    </div>
  );
}
