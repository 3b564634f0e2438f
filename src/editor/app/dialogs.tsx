/** Modal dialogs: the frame every dialog shares (the media library's too), and the section picker. The new-page and new-entry forms are in new-document-dialogs.tsx. */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { allowedOnPage } from '../../engine/schema/define-section';
import { sectionDefinitions } from '../../sections/registry';
import { searchSectionTypes } from '../lib/page-search';

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
  const matches = searchSectionTypes(offered, query);
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
export function FormActions({ submit, disabled, onCancel }: { submit: string; disabled: boolean; onCancel(): void }) {
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

