/**
 * The new-page and new-entry forms: a title, and an address suggested from it as you type
 * ("Pricing Page" → pricing-page) until you change the address yourself. A problem with the
 * suggested address (taken, reserved) shows as soon as there is a title, not only once typed.
 */
import { useState } from 'react';
import { MAX_HEADING_LENGTH } from '../../engine/schema/primitives';
import { isValidSegment, slugProblem } from '../../engine/slug';
import { collectionRegistry } from '../../collections/registry';
import { entryNounOf } from '../lib/entries';
import { entryForm } from '../lib/section-forms';
import { noSuggestedSlugProblem, slugFromTitle } from '../lib/starter-page';
import { Dialog, FormActions } from './dialogs';

interface TitledDialogProps {
  heading: string;
  /** The first field's label: "Title", or what the collection calls the field an entry is known by ("Name" for a tag). */
  titleLabel?: string;
  /** What the title field names: "page", "post". */
  noun: string;
  /** Shown before the address field: `/`, `/posts/`, or nothing for entries without a page. */
  prefix: string;
  /** Why an address cannot be used, or null. */
  problemOf(slug: string): string | null;
  hint: string;
  submit: string;
  /** The longest title the new document can have, when its schema sets one (a new page's title is its page header's; an entry's, its label field's). */
  maxTitleLength?: number;
  onCreate(document: { title: string; slug: string }): void;
  onClose(): void;
}

function TitledDialog({ heading, titleLabel = 'Title', noun, prefix, problemOf, hint, submit, maxTitleLength, onCreate, onClose }: TitledDialogProps) {
  const [title, setTitle] = useState('');
  const [typedSlug, setTypedSlug] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const slug = typedSlug ?? slugFromTitle(title);
  const untitled = !title.trim();
  // In code points, as the schema and the form's count do: an emoji is one character.
  const over = maxTitleLength === undefined ? 0 : [...title.trim()].length - maxTitleLength;
  // Each problem is said under, and announced with, its own field; a title too long, as soon as it is.
  const titleProblem = untitled && touched ? `Give the ${noun} a ${titleLabel.toLowerCase()}.` : over > 0 ? `Use at most ${maxTitleLength} characters${prefix ? `: the ${titleLabel.toLowerCase()} is the page’s heading` : ''}. This one has ${over} too many.` : null;
  const slugProblem = untitled ? null : (noSuggestedSlugProblem(title, typedSlug, titleLabel.toLowerCase()) ?? problemOf(slug));
  const problem = untitled ? `Give the ${noun} a ${titleLabel.toLowerCase()}.` : (titleProblem ?? slugProblem);
  return (
    <Dialog title={heading} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!problem) onCreate({ title: title.trim(), slug });
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor="new-document-title">
            {titleLabel}
          </label>
          <input
            id="new-document-title"
            className="input"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            aria-invalid={titleProblem ? true : undefined}
            aria-describedby={titleProblem ? 'new-document-title-error' : undefined}
            data-autofocus
          />
          {titleProblem && (
            <p className="field-error" id="new-document-title-error">
              {titleProblem}
            </p>
          )}
        </div>
        <div className="field">
          <label className="field-label" htmlFor="new-document-slug">
            Address
          </label>
          <div className="slug-input">
            <span aria-hidden="true">{prefix}</span>
            <input
              id="new-document-slug"
              className="input mono"
              value={slug}
              onChange={(event) => {
                setTypedSlug(event.target.value.trim());
                setTouched(true);
              }}
              aria-invalid={slugProblem ? true : undefined}
              aria-describedby="new-document-help"
            />
          </div>
          <p className={slugProblem ? 'field-error' : 'field-hint'} id="new-document-help">
            {slugProblem ?? hint}
          </p>
        </div>
        <FormActions submit={submit} disabled={Boolean(problem)} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** A new page; a slug with `/` nests it (guides/first-steps). */
export function NewPageDialog({ takenProblem, onCreate, onClose }: { takenProblem(slug: string): string | null; onCreate(page: { title: string; slug: string }): void; onClose(): void }) {
  return (
    <TitledDialog
      heading="New page"
      noun="page"
      prefix="/"
      problemOf={(slug) => slugProblem(slug) ?? takenProblem(slug)}
      hint="The page’s address; suggested from the title. It starts with the shared header and footer, a page header, a text and a call to action."
      submit="Create page"
      maxTitleLength={MAX_HEADING_LENGTH}
      onCreate={onCreate}
      onClose={onClose}
    />
  );
}

/** A new post or tag: its slug is the end of its page's address (`pagePrefix`: the template's, `posts/`), when its collection has pages. */
export function NewEntryDialog({ collection, pagePrefix, existing, takenProblem, onCreate, onClose }: {
  collection: string;
  pagePrefix: string | undefined;
  existing: ReadonlySet<string>;
  /** Why the entry's address is taken (a page there would hide its page), or null. */
  takenProblem(slug: string): string | null;
  onCreate(entry: { title: string; slug: string }): void;
  onClose(): void;
}) {
  const noun = entryNounOf(collection);
  const labelField = collectionRegistry.get(collection)?.labelField;
  const labelSpec = entryForm(collection).find((spec) => spec.key === labelField);
  const titleLabel = labelSpec?.label ?? 'Title';
  // The hint names the field the address comes from as the form does: a tag's is its "name".
  const from = titleLabel.toLowerCase();
  return (
    <TitledDialog
      heading={`New ${noun}`}
      titleLabel={titleLabel}
      noun={noun}
      prefix={pagePrefix === undefined ? '' : `/${pagePrefix}`}
      problemOf={(slug) =>
        !isValidSegment(slug)
          ? 'Use lowercase letters, digits and single hyphens (for example release-notes).'
          : existing.has(slug)
            ? `A ${noun} "${slug}" already exists.`
            : takenProblem(slug)
      }
      hint={pagePrefix === undefined ? `A short name that identifies it, suggested from the ${from}: ${noun}s have no page of their own.` : `The end of the ${noun}’s address, suggested from the ${from}.`}
      submit={`Create ${noun}`}
      // From the schema, as the entry's form counts it: a post's title is a title, a tag's name a label.
      maxTitleLength={labelSpec?.maxLength}
      onCreate={onCreate}
      onClose={onClose}
    />
  );
}
