/**
 * The rich-text field's link dialog (Ctrl/Cmd+K or the toolbar's link
 * button): add a link to the selected text, change the link at the cursor,
 * or remove it. The address is picked with the link fields' own widget
 * (LinkInput: the site's pages and posts, the uploaded images, or a URL
 * checked as you type with the link allowlist), so `javascript:` is refused.
 */
import { useId, useState, type FormEvent } from 'react';
import { linkProblem } from '../../../engine/schema/urls';
import { Dialog } from '../dialogs';
import { LinkInput, useLinkChoices } from './LinkInput';
import { targetOf } from '../../lib/link-targets';

export interface LinkDialogResult {
  href: string;
  /** The text to insert, when nothing was selected. */
  text?: string;
}

export function RichTextLinkDialog({ initialHref, linkedText, needsText, onApply, onRemove, onClose }: {
  initialHref: string;
  /** The text the link is on (the selection, or the link at the cursor). */
  linkedText?: string;
  /** Nothing is selected and no link is at the cursor: ask for the text too. */
  needsText: boolean;
  onApply(result: LinkDialogResult): void;
  onRemove?: () => void;
  onClose(): void;
}) {
  const id = `rt-link-${useId().replace(/:/g, '')}`;
  const [href, setHref] = useState(initialHref);
  const [text, setText] = useState('');
  const targets = useLinkChoices();
  const [tried, setTried] = useState(false);
  const problem = linkProblem(href.trim());
  // LinkInput explains a wrong address as you type; an empty one is explained on submit.
  const showRequired = tried && href.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    // Left empty, a link to a page or post reads as its title ("About"), not its address ("/about"); to an image, as its file name.
    if (!problem) onApply({ href: href.trim(), text: needsText ? text.trim() || targetOf(targets, href.trim())?.title || undefined : undefined });
  };
  return (
    <Dialog title={onRemove ? 'Edit link' : 'Add link'} onClose={onClose} className="rt-link-dialog">
      <form onSubmit={submit} noValidate>
        {linkedText && <p className="rt-link-text">On the text “{linkedText.length > 80 ? `${linkedText.slice(0, 80)}…` : linkedText}”</p>}
        <div className="field">
          <label className="field-label" htmlFor={`${id}-href`}>
            Link to
          </label>
          {/* The address first, focused by the dialog as it opens (a frame later, the first keys typed went to its Close button). */}
          <LinkInput id={`${id}-href`} value={href} onChange={setHref} invalid={showRequired} describedBy={`${id}-hint${showRequired ? ` ${id}-error` : ''}`} inputProps={{ 'data-autofocus': '' }} />
          <p className="field-hint" id={`${id}-hint`}>
            A page or post of this site, an uploaded image, a web address (https://…), an email address (mailto:name@example.com) or a phone number (tel:+15551234567).
          </p>
          {showRequired && (
            <p className="field-error" id={`${id}-error`} role="alert">
              Choose a page or type an address.
            </p>
          )}
        </div>
        {needsText && (
          <div className="field">
            <label className="field-label" htmlFor={`${id}-text`}>
              Text
            </label>
            <input id={`${id}-text`} className="input" value={text} placeholder="The page’s title (the image’s file name), or the address, if left empty" onChange={(event) => setText(event.target.value)} />
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
