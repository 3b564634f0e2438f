/**
 * The rich-text field's link dialog (Ctrl/Cmd+K or the toolbar's link
 * button): add a link to the selected text, change the link at the cursor,
 * or remove it. The address must pass the site's link allowlist (the same as
 * link fields and the site's Markdown), so `javascript:` is refused.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { linkProblem } from '../../../engine/schema/urls';
import { Dialog } from '../dialogs';

export interface LinkDialogResult {
  href: string;
  /** The text to insert, when nothing was selected. */
  text?: string;
}

export function RichTextLinkDialog({ initialHref, needsText, onApply, onRemove, onClose }: {
  initialHref: string;
  /** Nothing is selected and no link is at the cursor: ask for the text too. */
  needsText: boolean;
  onApply(result: LinkDialogResult): void;
  onRemove?: () => void;
  onClose(): void;
}) {
  const id = `rt-link-${useId().replace(/:/g, '')}`;
  const [href, setHref] = useState(initialHref);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const hrefInput = useRef<HTMLInputElement>(null);
  // The address first. After a frame: the dialog's showModal() runs after this component mounts and focuses its first button.
  useEffect(() => {
    const frame = requestAnimationFrame(() => hrefInput.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  const problem = linkProblem(href.trim());
  const showProblem = problem && (tried || (href !== '' && problem !== 'Required'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!problem) onApply({ href: href.trim(), text: needsText ? text.trim() || undefined : undefined });
  };
  return (
    <Dialog title={onRemove ? 'Edit link' : 'Add link'} onClose={onClose} className="rt-link-dialog">
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-href`}>
            Link to
          </label>
          <input
            id={`${id}-href`}
            className="input"
            ref={hrefInput}
            value={href}
            placeholder="/about or https://…"
            aria-invalid={showProblem ? true : undefined}
            aria-describedby={`${id}-hint${showProblem ? ` ${id}-error` : ''}`}
            onChange={(event) => setHref(event.target.value)}
          />
          <p className="field-hint" id={`${id}-hint`}>
            A page of this site (/about), a web address (https://…), mailto: or tel:.
          </p>
          {showProblem && (
            <p className="field-error" id={`${id}-error`} role="alert">
              {problem}
            </p>
          )}
        </div>
        {needsText && (
          <div className="field">
            <label className="field-label" htmlFor={`${id}-text`}>
              Text
            </label>
            <input id={`${id}-text`} className="input" value={text} placeholder="The address, if left empty" onChange={(event) => setText(event.target.value)} />
          </div>
        )}
        <div className="dialog-actions">
          {onRemove && (
            <button type="button" className="btn btn-danger rt-link-remove" onClick={onRemove}>
              Remove link
            </button>
          )}
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            {onRemove ? 'Update link' : 'Add link'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
