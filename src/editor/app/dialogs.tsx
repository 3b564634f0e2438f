/** Modal dialogs: the section picker, the new-page and new-entry forms and the save conflict; `Dialog` is also the media library's frame. */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { isReservedSlug, isValidSegment, isValidSlug, reservedSlugProblem } from '../../engine/slug';
import { allowedOnPage } from '../../engine/schema/define-section';
import { sectionDefinitions } from '../../sections/registry';
import { searchRowsByName } from '../lib/page-search';
import { slugFromTitle } from '../lib/starter-page';
import { entryNounOf } from '../lib/entries';

export function Dialog({ title, onClose, children, wide = false, className = '' }: { title: string; onClose(): void; children: ReactNode; wide?: boolean; className?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  // Unique, as a dialog can open over another (a delete over the media library).
  const titleId = `dialog-title-${useId().replace(/:/g, '')}`;
  useEffect(() => {
    const dialog = ref.current!;
    // Focus goes where the dialog asks (`data-autofocus`: its search or first field), not to the Close button that comes first.
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      dialog.close();
      if (opener?.isConnected && !dialog.contains(document.activeElement)) opener.focus();
    };
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

/**
 * The types that can go on this page, searched as you type: arrow keys move
 * the highlight, Enter adds the highlighted type (the only match, when one is left).
 */
export function SectionPicker({ page, onPick, onClose }: { page: { template?: { collection?: string }; types: readonly string[] }; onPick(type: string): void; onClose(): void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const offered = sectionDefinitions.filter((definition) => allowedOnPage(definition, page));
  const matches = searchRowsByName(offered, query, (definition) => definition.label, (definition) => [definition.description]);
  const highlighted = Math.min(active, Math.max(matches.length - 1, 0));
  const listId = `picker-${useId().replace(/:/g, '')}`;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((highlighted + (event.key === 'ArrowDown' ? 1 : matches.length - 1)) % Math.max(matches.length, 1));
    } else if (event.key === 'Enter' && matches[highlighted]) {
      event.preventDefault();
      onPick(matches[highlighted].type);
    }
  };
  return (
    <Dialog title="Add a section" onClose={onClose} wide>
      <input
        className="input"
        type="search"
        placeholder="Search section types"
        aria-label="Search section types"
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={matches[highlighted] ? `${listId}-${matches[highlighted].type}` : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        data-autofocus
      />
      <p className="field-hint picker-hint">{matches.length === 0 ? 'No section type matches.' : matches.length === 1 ? 'Press Enter to add it.' : `${matches.length} types. Use the arrow keys and Enter, or click one.`}</p>
      <ul className="picker-grid" id={listId} role="listbox" aria-label="Section types">
        {matches.map((definition, index) => (
          // Options of the combobox's listbox: picked by click, or from the search field by Enter.
          <li
            key={definition.type}
            id={`${listId}-${definition.type}`}
            role="option"
            aria-selected={index === highlighted}
            className={`picker-card${index === highlighted ? ' is-active' : ''}`}
            onClick={() => onPick(definition.type)}
            onMouseEnter={() => setActive(index)}
          >
            <span className="picker-label">{definition.label}</span>
            <span className="picker-description">{definition.description}</span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** A dialog form's buttons: Cancel, and its submit button, disabled while the form has a problem. */
function FormActions({ submit, disabled, onCancel }: { submit: string; disabled: boolean; onCancel(): void }) {
  return (
    <div className="dialog-actions">
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" disabled={disabled}>
        {submit}
      </button>
    </div>
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
            <input id="new-page-slug" className="input mono" value={slug} onChange={(e) => { setSlug(e.target.value.trim()); setTouched(true); }} aria-invalid={touched && problem ? true : undefined} aria-describedby="new-page-help" data-autofocus />
          </div>
          <p className={touched && problem ? 'field-error' : 'field-hint'} id="new-page-help">
            {touched && problem ? problem : hint}
          </p>
        </div>
        <FormActions submit={submit} disabled={Boolean(problem)} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/**
 * A new page: its title, and a slug suggested from the title as you type
 * ("Pricing Page" → pricing-page) until you change the slug yourself. A slug
 * with `/` nests the page (guides/first-steps).
 */
export function NewPageDialog({ existing, onCreate, onClose }: { existing: ReadonlySet<string>; onCreate(page: { title: string; slug: string }): void; onClose(): void }) {
  const [title, setTitle] = useState('');
  const [typedSlug, setTypedSlug] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const slug = typedSlug ?? slugFromTitle(title);
  const untitled = !title.trim();
  const problem = untitled
    ? 'Give the page a title.'
    : isReservedSlug(slug)
      ? reservedSlugProblem(slug)
      : !isValidSlug(slug)
      ? 'Use lowercase letters, digits and single hyphens, with / between nested parts (for example guides/first-steps).'
      : existing.has(slug)
        ? `A page "${slug}" already exists.`
        : null;
  // A problem with the suggested slug (taken, reserved) shows as soon as there is a title, not only once typed.
  const shown = touched || !untitled ? problem : null;
  return (
    <Dialog title="New page" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!problem) onCreate({ title: title.trim(), slug });
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor="new-page-title">
            Title
          </label>
          <input id="new-page-title" className="input" value={title} onChange={(event) => setTitle(event.target.value)} data-autofocus />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="new-page-slug">
            Slug
          </label>
          <div className="slug-input">
            <span aria-hidden="true">/</span>
            <input
              id="new-page-slug"
              className="input mono"
              value={slug}
              onChange={(event) => {
                setTypedSlug(event.target.value.trim());
                setTouched(true);
              }}
              aria-invalid={shown ? true : undefined}
              aria-describedby="new-page-help"
            />
          </div>
          <p className={shown ? 'field-error' : 'field-hint'} id="new-page-help">
            {shown ?? 'The page’s address; suggested from the title. It starts with the shared header and footer, a page header, a text and a call to action.'}
          </p>
        </div>
        <FormActions submit="Create page" disabled={Boolean(problem)} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/**
 * A new post or tag: its slug is its file name under src/data/collections/<collection>/, and the
 * end of its page's address (`pagePrefix`: the template's, `posts/`), when its collection has pages.
 */
export function NewEntryDialog({ collection, pagePrefix, existing, onCreate, onClose }: { collection: string; pagePrefix: string | undefined; existing: ReadonlySet<string>; onCreate(slug: string): void; onClose(): void }) {
  const noun = entryNounOf(collection);
  return (
    <SlugDialog
      title={`New ${noun}`}
      prefix={pagePrefix === undefined ? '' : `/${pagePrefix}`}
      problemOf={(slug) =>
        !isValidSegment(slug)
          ? 'Use lowercase letters, digits and single hyphens (for example release-notes).'
          : existing.has(slug)
            ? `A ${noun} "${slug}" already exists.`
            : null
      }
      hint={pagePrefix === undefined ? `A short name that identifies it: ${noun}s have no page of their own.` : `The end of the ${noun}’s address. It is kept when you press Save.`}
      submit={`Create ${noun}`}
      onCreate={onCreate}
      onClose={onClose}
    />
  );
}
