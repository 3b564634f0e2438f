/**
 * The Markdown field as a formatted-text editor (ProseMirror), loaded lazily
 * by the field kinds table. It stores the same Markdown: a value opens
 * visually only if it round-trips unchanged, otherwise in source view with
 * the reason. The "Markdown" button switches to the source and back.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { EditorState } from 'prosemirror-state';
import type { SourceCaret } from '../../lib/rich-text/caret';
import { linkAt, removeLink, setLink } from '../../lib/rich-text/commands';
import { describeSourceReason, openMarkdown, parseMarkdown, serialiseMarkdown, type SourceReason } from '../../lib/rich-text/markdown';
import { sourceAdvice } from '../../lib/rich-text/source-advice';
import { RichTextLinkDialog, type LinkDialogResult } from './RichTextLinkDialog';
import { RichTextToolbar } from './RichTextToolbar';
import { useRichTextView } from './useRichTextView';

export interface RichTextFieldProps {
  id: string;
  value: string;
  onChange(markdown: string): void;
  label: string;
  /** The form's path of the field, as `data-field` on whichever control is shown. */
  fieldKey?: string;
  describedBy?: string;
  invalid?: boolean;
  /** Shown, not edited (a shared section the user's role may not change). */
  readOnly?: boolean;
  /** Set when this field replaced a focused stand-in textarea: where its caret was, to carry on from. */
  caretFrom?: { current: SourceCaret | null };
}

/** The text a link applies to: the link at the cursor, else the selection. */
function linkedText(state: EditorState, link: { from: number; to: number } | undefined): string | undefined {
  const { from, to } = link ?? state.selection;
  return from < to ? state.doc.textBetween(from, to, ' ') : undefined;
}

export default function RichTextField({ id, value, onChange, label, fieldKey, describedBy, invalid, readOnly, caretFrom }: RichTextFieldProps) {
  const [reason, setReason] = useState<SourceReason | undefined>(() => {
    const opening = openMarkdown(value);
    return opening.mode === 'source' ? opening.reason : undefined;
  });
  const [source, setSource] = useState(reason !== undefined);
  const [linkOpen, setLinkOpen] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const sourceArea = useRef<HTMLTextAreaElement>(null);
  /**
   * Source view came from the value (as opened, or changed from outside: an undo step, another
   * section's text in this form), not from the editor's choice: a later value the visual editor
   * can show brings it back. A text as opened counts, or the next section's plain text opened as
   * Markdown with the first one's reason.
   */
  const sourceFromOutside = useRef(reason !== undefined);
  /** What was last typed in the source view: a value the field sent itself is no change from outside. */
  const typedInSource = useRef<string | null>(null);
  const toSource = (why: SourceReason) => {
    setReason(why);
    setSource(true);
    sourceFromOutside.current = true;
  };
  const { view, editorState, load, focusAtSource } = useRichTextView(host, {
    id, value, label, fieldKey, describedBy, invalid, readOnly, onChange, active: !source,
    onLink: () => setLinkOpen(true),
    onNeedsSource: toSource,
  });

  // Someone was typing in the stand-in textarea this field replaced: the focus and caret move here
  // (after the view's own mount effect), in the same task as the swap, before another key comes.
  useLayoutEffect(() => {
    const caret = caretFrom?.current;
    if (!caret) return;
    caretFrom.current = null;
    if (!source) return focusAtSource(caret);
    sourceArea.current?.focus();
    sourceArea.current?.setSelectionRange(caret.start, caret.end);
    // Once, on mount: the stand-in is gone for good.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A later value from outside (an undo step, a restored draft, another section) that the visual editor can show brings it back.
  useEffect(() => {
    if (!source || !sourceFromOutside.current || value === typedInSource.current) return;
    const opening = load(value);
    // Still not for the visual editor: the reason shown is this value's.
    if (opening.mode !== 'visual') return setReason(opening.reason);
    sourceFromOutside.current = false;
    setReason(undefined);
    setSource(false);
  }, [value, source, load]);

  const toggleSource = () => {
    sourceFromOutside.current = false;
    if (!source) return setSource(true);
    const opening = load(value);
    if (opening.mode === 'source') return setReason(opening.reason);
    setReason(undefined);
    setSource(false);
  };
  /** The editor's explicit choice to let the visual editor normalise this text. */
  const formatAnyway = () => {
    const normalised = serialiseMarkdown(parseMarkdown(value));
    onChange(normalised);
    load(normalised);
    setReason(undefined);
    setSource(false);
  };

  const link = editorState ? linkAt(editorState) : undefined;
  const closeLink = () => setLinkOpen(false);
  // Back to the text once the dialog has closed (its own close would return focus to the page).
  const linkWasOpen = useRef(false);
  useEffect(() => {
    if (linkWasOpen.current && !linkOpen) view?.focus();
    linkWasOpen.current = linkOpen;
  }, [linkOpen, view]);
  const applyLink = ({ href, text }: LinkDialogResult) => {
    if (view) setLink(href, text)(view.state, view.dispatch);
    closeLink();
  };
  const unlink = () => {
    if (view) removeLink(view.state, view.dispatch);
    closeLink();
  };
  const reasonId = `${id}-source-reason`;
  // Typed Markdown the site will show as text rather than do (a javascript: link, an embed code): said under the source.
  const advice = useMemo(() => (source ? sourceAdvice(value) : []), [source, value]);
  const adviceId = `${id}-source-advice`;
  const sourceDescribedBy = [reason && reasonId, advice.length > 0 && adviceId, describedBy].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`rich-text${invalid ? ' is-invalid' : ''}${source ? ' is-source' : ''}`}>
      <RichTextToolbar
        label={label}
        view={view}
        state={editorState}
        source={source}
        linkActive={link !== undefined}
        onLink={() => setLinkOpen(true)}
        onToggleSource={toggleSource}
      />
      {reason && (
        <div className="rt-notice" id={reasonId} role="status">
          <span>{describeSourceReason(reason)}</span>
          {'rewritten' in reason && (
            <button type="button" className="btn btn-small" onClick={formatAnyway}>
              Format visually anyway
            </button>
          )}
        </div>
      )}
      <div ref={host} className="rt-visual" hidden={source} />
      {source && (
        <textarea
          ref={sourceArea}
          id={id}
          data-field={fieldKey}
          className="rt-source mono"
          value={value}
          rows={12}
          spellCheck={false}
          readOnly={readOnly}
          aria-invalid={invalid || undefined}
          aria-describedby={sourceDescribedBy}
          onChange={(event) => {
            typedInSource.current = event.target.value;
            onChange(event.target.value);
          }}
        />
      )}
      {source && advice.length > 0 && (
        <div className="rt-advice" id={adviceId} role="status">
          {advice.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      {linkOpen && (
        <RichTextLinkDialog
          initialHref={link?.href ?? ''}
          linkedText={editorState ? linkedText(editorState, link) : undefined}
          needsText={!link && (editorState?.selection.empty ?? true)}
          onApply={applyLink}
          onRemove={link ? unlink : undefined}
          onClose={closeLink}
        />
      )}
    </div>
  );
}
