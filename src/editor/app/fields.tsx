/**
 * Form controls generated from field specs (lib/form.ts). One component per
 * field kind; objects and arrays recurse. Every control has a label, shows its
 * error next to it and points to it with aria-describedby.
 */
import { memo, useId, useRef, type ReactNode } from 'react';
import { ICONS, type IconName } from '../../engine/icons';
import { isRef } from '../../engine/schema/refs';
import { initialValue, type FieldSpec } from '../lib/form';
import { moveItem } from '../lib/model';
import { pathKey, sameIssuesUnder, type IssueMap } from '../lib/validate';
import { FieldsetLegend } from './FieldsetLegend';
import { ImageField, type MediaOptions } from './MediaLibrary';
import { DragHandle, SortableList, useItemKeys, useSortableItem } from './Sortable';

export type Path = readonly (string | number)[];

export interface FieldContext {
  issues: IssueMap;
  /** Dotted prefix of `issues` keys for this form (`data`, `settings`, `meta`). */
  onChange(path: Path, value: unknown): void;
  /** The value a `$ref` stands for, to detach it into a plain value. */
  resolveRef(ref: string): unknown;
  /** For image fields: the upload limit and where images are used. Without it, image fields have no picker. */
  media?: MediaOptions;
  /** For relation fields (an array of entry slugs): the entries of a collection to choose from. */
  relationOptions?(collection: string): readonly RelationOption[];
}

/** An entry a relation field can point to. */
export interface RelationOption {
  slug: string;
  label: string;
  /** A #rrggbb accent, shown as a dot (tags). */
  accent?: string;
}


function issueUnder(issues: IssueMap, path: Path): string | undefined {
  return issues.get(pathKey(path));
}

function Hint({ id, description, error }: { id: string; description?: string; error?: string }) {
  return (
    <>
      {description && (
        <p className="field-hint" id={`${id}-hint`}>
          {description}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

const describedBy = (id: string, spec: FieldSpec, error?: string) =>
  [spec.description && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

function FieldLabel({ htmlFor, spec }: { htmlFor: string; spec: FieldSpec }) {
  return (
    <label className="field-label" htmlFor={htmlFor}>
      {spec.label}
      {spec.required ? null : <span className="field-optional"> (optional)</span>}
    </label>
  );
}

/** Wraps selected text of a Markdown textarea, for the toolbar. */
function useMarkdownToolbar(value: string, onChange: (value: string) => void) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const wrap = (before: string, after = before, placeholder = 'text') => {
    const area = ref.current;
    if (!area) return;
    const { selectionStart: start, selectionEnd: end } = area;
    const selected = value.slice(start, end) || placeholder;
    onChange(value.slice(0, start) + before + selected + after + value.slice(end));
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(start + before.length, start + before.length + selected.length);
    });
  };
  const linePrefix = (prefix: string) => {
    const area = ref.current;
    if (!area) return;
    const lineStart = value.lastIndexOf('\n', area.selectionStart - 1) + 1;
    onChange(value.slice(0, lineStart) + prefix + value.slice(lineStart));
  };
  return { ref, wrap, linePrefix };
}

function MarkdownField({ id, field, spec, value, error, onChange }: { id: string; field: string; spec: FieldSpec; value: string; error?: string; onChange(value: string): void }) {
  const { ref, wrap, linePrefix } = useMarkdownToolbar(value, onChange);
  return (
    <div className="markdown-field">
      <div className="markdown-toolbar" role="toolbar" aria-label={`${spec.label} formatting`}>
        <button type="button" onClick={() => linePrefix('## ')} title="Heading">
          H
        </button>
        <button type="button" onClick={() => wrap('**')} title="Bold">
          <strong>B</strong>
        </button>
        <button type="button" onClick={() => wrap('_')} title="Italic">
          <em>I</em>
        </button>
        <button type="button" onClick={() => wrap('[', '](https://)', 'link text')} title="Link">
          Link
        </button>
        <button type="button" onClick={() => linePrefix('- ')} title="Bulleted list">
          List
        </button>
        <button type="button" onClick={() => linePrefix('> ')} title="Quote">
          Quote
        </button>
        <span className="markdown-note">Markdown</span>
      </div>
      <textarea
        ref={ref}
        id={id}
        data-field={field}
        className="input textarea textarea-tall mono"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, spec, error)}
        rows={10}
      />
    </div>
  );
}

function RefValue({ id, spec, value, path, context }: { id: string; spec: FieldSpec; value: { $ref: string }; path: Path; context: FieldContext }) {
  return (
    <div className="field">
      <span className="field-label" id={id}>
        {spec.label}
      </span>
      <div className="ref-chip" aria-labelledby={id}>
        <span className="badge badge-shared">Linked</span>
        <code>{value.$ref}</code>
        <button type="button" className="btn btn-small" onClick={() => context.onChange(path, structuredClone(context.resolveRef(value.$ref)))}>
          Detach
        </button>
      </div>
      <p className="field-hint">This value comes from a shared document; detach it to edit it here.</p>
    </div>
  );
}

function IconPicker({ id, spec, value, onChange }: { id: string; spec: FieldSpec; value: string; onChange(value: string): void }) {
  return (
    <div className="icon-picker" role="radiogroup" aria-labelledby={`${id}-label`}>
      {(spec.options ?? []).map((name) => (
        <label key={name} className={`icon-option${value === name ? ' is-selected' : ''}`} title={name}>
          <input type="radio" name={id} value={name} checked={value === name} onChange={() => onChange(name)} className="visually-hidden" />
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d={ICONS[name as IconName]} />
          </svg>
          <span className="visually-hidden">{name}</span>
        </label>
      ))}
    </div>
  );
}

interface FieldProps {
  spec: FieldSpec;
  value: unknown;
  path: Path;
  context: FieldContext;
}

/**
 * A keystroke changes one value: the edits share every other value, so only
 * the edited field (and the objects and arrays around it) render again. On a
 * large form that is most of the cost of typing.
 */
function sameField(a: FieldProps, b: FieldProps): boolean {
  if (a.spec !== b.spec || a.value !== b.value || pathKey(a.path) !== pathKey(b.path)) return false;
  const [x, y] = [a.context, b.context];
  return x === y || (x.onChange === y.onChange && x.resolveRef === y.resolveRef && x.media === y.media && x.relationOptions === y.relationOptions && sameIssuesUnder(x.issues, y.issues, pathKey(a.path)));
}

export const Field = memo(function Field({ spec, value, path, context }: FieldProps): ReactNode {
  const id = `f-${useId().replace(/:/g, '')}`;
  const error = issueUnder(context.issues, path);
  const set = (next: unknown) => context.onChange(path, next);
  if (isRef(value)) return <RefValue id={id} spec={spec} value={value as { $ref: string }} path={path} context={context} />;

  // `data-field` lets the Problems panel find the input of a failing field by its path.
  const common = { id, 'data-field': pathKey(path), 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, spec, error) } as const;
  // Optional text left empty is removed, so it does not fail "Required".
  const setText = (text: string) => set(text === '' && !spec.required ? undefined : text);

  switch (spec.kind) {
    case 'checkbox':
      return (
        <div className="field field-checkbox">
          <input type="checkbox" {...common} checked={Boolean(value ?? spec.default)} onChange={(event) => set(event.target.checked)} />
          <label htmlFor={id}>{spec.label}</label>
          <Hint id={id} description={spec.description} error={error} />
        </div>
      );
    case 'select':
      return (
        <div className="field">
          <FieldLabel htmlFor={id} spec={spec} />
          <select className="input" {...common} value={String(value ?? spec.default ?? '')} onChange={(event) => set(event.target.value === '' ? undefined : event.target.value)}>
            {(!spec.required || value === undefined) && spec.default === undefined && <option value="">—</option>}
            {spec.options!.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <Hint id={id} description={spec.description} error={error} />
        </div>
      );
    case 'icon':
      return (
        <div className="field">
          <span className="field-label" id={`${id}-label`}>
            {spec.label}
          </span>
          <IconPicker id={id} spec={spec} value={String(value ?? '')} onChange={set} />
          <Hint id={id} description={spec.description} error={error} />
        </div>
      );
    case 'number':
      return (
        <div className="field">
          <FieldLabel htmlFor={id} spec={spec} />
          <input
            className="input input-number"
            type="number"
            {...common}
            min={spec.min}
            max={spec.max}
            step={spec.integer ? 1 : 'any'}
            value={value === undefined ? '' : String(value)}
            onChange={(event) => set(event.target.value === '' ? undefined : Number(event.target.value))}
          />
          <Hint id={id} description={spec.description} error={error} />
        </div>
      );
    case 'textarea':
      return (
        <div className="field">
          <FieldLabel htmlFor={id} spec={spec} />
          <textarea className="input textarea" {...common} rows={3} value={String(value ?? '')} onChange={(event) => setText(event.target.value)} />
          <Hint id={id} description={spec.description} error={error} />
        </div>
      );
    case 'markdown':
      return (
        <div className="field">
          <FieldLabel htmlFor={id} spec={spec} />
          <MarkdownField id={id} field={pathKey(path)} spec={spec} value={String(value ?? '')} error={error} onChange={setText} />
          <Hint id={id} description={spec.description} error={error} />
        </div>
      );
    case 'color':
      return (
        <div className="field">
          <FieldLabel htmlFor={id} spec={spec} />
          <div className="color-field">
            <input type="color" aria-label={`${spec.label} picker`} value={/^#[0-9a-f]{6}$/i.test(String(value)) ? String(value) : '#000000'} onChange={(event) => set(event.target.value)} />
            <input className="input mono" {...common} value={String(value ?? '')} onChange={(event) => setText(event.target.value)} />
          </div>
          <Hint id={id} description={spec.description} error={error} />
        </div>
      );
    case 'image':
      return (
        <ImageField
          spec={spec}
          value={value}
          path={path}
          context={context}
          error={error}
          renderChild={(child, childValue, childPath) => <Field key={child.key} spec={child} value={childValue} path={childPath} context={context} />}
        />
      );
    case 'object':
      return <ObjectField spec={spec} value={value} path={path} context={context} error={error} />;
    case 'array':
      if (spec.relation && context.relationOptions) return <RelationField id={id} spec={spec} value={value} error={error} options={context.relationOptions(spec.relation)} itemError={(index) => issueUnder(context.issues, [...path, index])} onChange={set} />;
      return <ArrayField spec={spec} value={value} path={path} context={context} error={error} />;
    default: {
      const type = spec.kind === 'email' ? 'email' : spec.kind === 'date' ? 'date' : spec.kind === 'url' ? 'text' : 'text';
      return (
        <div className="field">
          <FieldLabel htmlFor={id} spec={spec} />
          <input className="input" type={type} {...common} value={String(value ?? '')} onChange={(event) => setText(event.target.value)} spellCheck={spec.kind === 'text'} />
          <Hint id={id} description={spec.description} error={error} />
        </div>
      );
    }
  }
}, sameField);

/**
 * An array of entry slugs as a multi-select of the collection's entries: one
 * checkbox each, in a labelled group, so Tab and Space work. A slug with no
 * entry stays listed (checked) so it can be removed.
 */
function RelationField({ id, spec, value, error, options, itemError, onChange }: { id: string; spec: FieldSpec; value: unknown; error?: string; options: readonly RelationOption[]; itemError(index: number): string | undefined; onChange(value: string[]): void }) {
  const selected = Array.isArray(value) ? value.filter((slug): slug is string => typeof slug === 'string') : [];
  const known = new Set(options.map((option) => option.slug));
  const all = [...options, ...selected.filter((slug) => !known.has(slug)).map((slug) => ({ slug, label: slug, accent: undefined, missing: true }))];
  const toggle = (slug: string, on: boolean) => onChange(on ? [...selected, slug] : selected.filter((other) => other !== slug));
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
            const problem = selected.includes(option.slug) ? itemError(selected.indexOf(option.slug)) : undefined;
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

function ObjectField({ spec, value, path, context, error }: { spec: FieldSpec; value: unknown; path: Path; context: FieldContext; error?: string }) {
  if (value === undefined || value === null) {
    return (
      <div className="field field-absent">
        <span className="field-label">{spec.label}</span>
        <button type="button" className="btn btn-small" onClick={() => context.onChange(path, initialValue({ ...spec, default: undefined }))}>
          Add {spec.label.toLowerCase()}
        </button>
        {error && <p className="field-error">{error}</p>}
      </div>
    );
  }
  const record = value as Record<string, unknown>;
  return (
    <fieldset className="fieldset">
      <FieldsetLegend spec={spec} path={path} context={context} />
      {error && <p className="field-error">{error}</p>}
      {spec.children!.map((child) => (
        <Field key={child.key} spec={child} value={record[child.key]} path={[...path, child.key]} context={context} />
      ))}
    </fieldset>
  );
}

function ArrayField({ spec, value, path, context, error }: { spec: FieldSpec; value: unknown; path: Path; context: FieldContext; error?: string }) {
  const items = Array.isArray(value) ? value : [];
  const item = spec.item!;
  const itemKeys = useItemKeys(items.length);
  const move = (from: number, to: number) => {
    itemKeys.move(from, to);
    context.onChange(path, moveItem(items, from, to));
  };
  const remove = (index: number) => {
    itemKeys.remove(index);
    context.onChange(path, items.filter((_, i) => i !== index));
  };
  const full = spec.max !== undefined && items.length >= spec.max;
  const itemLabel = item.label === 'Item' ? spec.label.replace(/s$/, '') : item.label;
  const nameOf = (index: number) => `${itemLabel.toLowerCase()} ${index + 1}`;
  return (
    <fieldset className="fieldset fieldset-array">
      <legend>
        {spec.label} <span className="count">{items.length}</span>
      </legend>
      {spec.description && <p className="field-hint">{spec.description}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <SortableList ids={itemKeys.keys} describe={nameOf} onMove={move}>
        <ol className="array-items">
          {items.map((entry, index) => (
            <ArrayItem
              key={itemKeys.keys[index]}
              dragId={itemKeys.keys[index]!}
              name={nameOf(index)}
              title={`${itemLabel} ${index + 1}`}
              actions={<>
                <button type="button" className="btn btn-small" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`Move ${nameOf(index)} up`}>
                  ↑
                </button>
                <button type="button" className="btn btn-small" disabled={index === items.length - 1} onClick={() => move(index, index + 1)} aria-label={`Move ${nameOf(index)} down`}>
                  ↓
                </button>
                <button type="button" className="btn btn-small btn-danger" onClick={() => remove(index)} aria-label={`Remove ${nameOf(index)}`}>
                  Remove
                </button>
              </>}
            >
              {item.kind === 'object' && !isRef(entry) ? (
                item.children!.map((child) => (
                  <Field key={child.key} spec={child} value={(entry as Record<string, unknown> | undefined)?.[child.key]} path={[...path, index, child.key]} context={context} />
                ))
              ) : (
                <Field spec={{ ...item, label: `${itemLabel} ${index + 1}` }} value={entry} path={[...path, index]} context={context} />
              )}
            </ArrayItem>
          ))}
        </ol>
      </SortableList>
      <button type="button" className="btn btn-small btn-add" disabled={full} onClick={() => context.onChange(path, [...items, initialValue(item)])}>
        + Add {itemLabel.toLowerCase()}
      </button>
      {full && <p className="field-hint">At most {spec.max}.</p>}
    </fieldset>
  );
}

/** One item of an array field: its head (a drag handle, the title and actions), then its fields. */
function ArrayItem({ dragId, name, title, actions, children }: { dragId: string; name: string; title: string; actions: ReactNode; children: ReactNode }) {
  const sortable = useSortableItem(dragId);
  return (
    <li ref={sortable.ref} style={sortable.style} className={`array-item${sortable.isDragging ? ' is-dragging' : ''}`}>
      <div className="array-item-head">
        <DragHandle label={`Drag ${name}`} handle={sortable.handle} />
        <span className="array-item-title">{title}</span>
        <span className="array-item-actions">{actions}</span>
      </div>
      {children}
    </li>
  );
}
