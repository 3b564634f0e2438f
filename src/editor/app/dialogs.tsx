/** Modal dialogs: the section picker, the new-page and new-entry forms and the save conflict; `Dialog` is also the media library's frame. */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { isValidSegment, isValidSlug } from '../../engine/slug';
import { sectionDefinitions } from '../../sections/registry';

export function Dialog({ title, onClose, children, wide = false, className = '' }: { title: string; onClose(): void; children: ReactNode; wide?: boolean; className?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  // Unique, as a dialog can open over another (a delete over the media library).
  const titleId = `dialog-title-${useId().replace(/:/g, '')}`;
  useEffect(() => {
    const dialog = ref.current!;
    dialog.showModal();
    return () => dialog.close();
  }, []);
  return (
    <dialog ref={ref} className={`dialog${wide ? ' dialog-wide' : ''}${className ? ` ${className}` : ''}`} aria-labelledby={titleId} onCancel={(event) => { event.preventDefault(); onClose(); }}>
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="btn btn-ghost" onClick={onClose} aria-label="Close">
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}

export function SectionPicker({ onPick, onClose }: { onPick(type: string): void; onClose(): void }) {
  const [query, setQuery] = useState('');
  const matches = sectionDefinitions.filter((d) => `${d.label} ${d.description} ${d.type}`.toLowerCase().includes(query.toLowerCase()));
  return (
    <Dialog title="Add a section" onClose={onClose} wide>
      <input className="input" type="search" placeholder="Search section types" aria-label="Search section types" value={query} onChange={(e) => setQuery(e.target.value)} autoFocus />
      <ul className="picker-grid">
        {matches.map((definition) => (
          <li key={definition.type}>
            <button type="button" className="picker-card" onClick={() => onPick(definition.type)}>
              <span className="picker-label">{definition.label}</span>
              <span className="picker-description">{definition.description}</span>
              <code className="picker-type">{definition.type}</code>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** Asks for a slug, checked as it is typed; the new-page and new-entry dialogs. */
function SlugDialog({ title, prefix, problemOf, hint, submit, onCreate, onClose }: { title: string; prefix: string; problemOf(slug: string): string | null; hint: string; submit: string; onCreate(slug: string): void; onClose(): void }) {
  const [slug, setSlug] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = problemOf(slug);
  return (
    <Dialog title={title} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!problem) onCreate(slug);
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor="new-page-slug">
            Slug
          </label>
          <div className="slug-input">
            <span aria-hidden="true">{prefix}</span>
            <input id="new-page-slug" className="input mono" value={slug} onChange={(e) => { setSlug(e.target.value.trim()); setTouched(true); }} aria-invalid={touched && problem ? true : undefined} aria-describedby="new-page-help" autoFocus />
          </div>
          <p className={touched && problem ? 'field-error' : 'field-hint'} id="new-page-help">
            {touched && problem ? problem : hint}
          </p>
        </div>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={Boolean(problem)}>
            {submit}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function NewPageDialog({ existing, onCreate, onClose }: { existing: ReadonlySet<string>; onCreate(slug: string): void; onClose(): void }) {
  return (
    <SlugDialog
      title="New page"
      prefix="/"
      problemOf={(slug) =>
        !isValidSlug(slug)
          ? 'Use lowercase letters, digits and single hyphens, with / between nested parts (for example guides/first-steps).'
          : existing.has(slug)
            ? `A page "${slug}" already exists.`
            : null
      }
      hint="The page starts with the shared header, a page header and the shared footer."
      submit="Create page"
      onCreate={onCreate}
      onClose={onClose}
    />
  );
}

/** A new post or tag: its slug is its file name under src/data/collections/<collection>/. */
export function NewEntryDialog({ collection, existing, onCreate, onClose }: { collection: 'posts' | 'tags'; existing: ReadonlySet<string>; onCreate(slug: string): void; onClose(): void }) {
  const noun = collection === 'posts' ? 'post' : 'tag';
  return (
    <SlugDialog
      title={`New ${noun}`}
      prefix={`/${collection}/`}
      problemOf={(slug) =>
        !isValidSegment(slug)
          ? 'Use lowercase letters, digits and single hyphens (for example release-notes).'
          : existing.has(slug)
            ? `A ${noun} "${slug}" already exists.`
            : null
      }
      hint={`Saved to src/data/collections/${collection}/<slug>.json when you press Save.`}
      submit={`Create ${noun}`}
      onCreate={onCreate}
      onClose={onClose}
    />
  );
}

export function ConflictDialog({ name, onReload, onOverwrite, onClose }: { name: string; onReload(): void; onOverwrite(): void; onClose(): void }) {
  return (
    <Dialog title="Changed on disk" onClose={onClose}>
      <p>
        <strong>{name}</strong> changed on disk since you opened it, perhaps in another editor or window. Reload it to see those changes (your edits to it are
        discarded), or overwrite it with your version.
      </p>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn" onClick={onReload}>
          Reload from disk
        </button>
        <button type="button" className="btn btn-danger-solid" onClick={onOverwrite}>
          Overwrite
        </button>
      </div>
    </Dialog>
  );
}
