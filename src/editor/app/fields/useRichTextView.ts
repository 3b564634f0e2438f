/**
 * Mounts a ProseMirror view for the rich-text field and keeps it in step with
 * the field's Markdown value: edits are serialised and reported through
 * `onChange`; a value that changes from outside (the editor's undo, a
 * restored draft) reloads the document, or asks for source view when the new
 * value would not round-trip.
 */
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { selectionAtSourceCaret, type SourceCaret } from '../../lib/rich-text/caret';
import { openMarkdown, serialiseMarkdown, type RichTextOpening, type SourceReason } from '../../lib/rich-text/markdown';
import { richTextSchema } from '../../lib/rich-text/schema';
import { richTextPlugins } from '../../lib/rich-text/plugins';
import type { Node } from 'prosemirror-model';

export interface RichTextViewOptions {
  id: string;
  value: string;
  label: string;
  /** The form's path of the field (`data-field`): the Problems panel focuses it, and a fresh item's field counts as left by it. */
  fieldKey?: string;
  describedBy?: string;
  invalid?: boolean;
  /** The text is shown, not edited. */
  readOnly?: boolean;
  onChange(markdown: string): void;
  /** Ctrl/Cmd+K or the toolbar's link button. */
  onLink(): void;
  /** The value changed from outside to one the visual editor would rewrite. */
  onNeedsSource(reason: SourceReason): void;
}

function accessibleAttributes(options: RichTextViewOptions & { active: boolean }): Record<string, string> {
  const { id, label, describedBy, invalid, active } = options;
  const attributes: Record<string, string> = { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, class: 'rich-text-content', spellcheck: 'true' };
  // In source view the textarea carries the field's id (labels and "go to field" find it there).
  if (active) {
    attributes.id = id;
    if (options.fieldKey) attributes['data-field'] = options.fieldKey;
  }
  if (describedBy) attributes['aria-describedby'] = describedBy;
  if (invalid) attributes['aria-invalid'] = 'true';
  if (options.readOnly) attributes['aria-readonly'] = 'true';
  return attributes;
}

/**
 * The view lives as long as the field; in source view it is hidden and does
 * not follow the value, and `load` brings it back up to date.
 */
export function useRichTextView(host: RefObject<HTMLDivElement | null>, options: RichTextViewOptions & { active: boolean }) {
  const latest = useRef(options);
  latest.current = options;
  const viewRef = useRef<EditorView | null>(null);
  /** The value this field last reported or loaded, so its own edits are not reloaded as outside changes. */
  const emitted = useRef<string | null>(null);
  const trailing = useRef('');
  const [editorState, setEditorState] = useState<EditorState | null>(null);

  const freshState = (doc?: Node) => EditorState.create({ doc, schema: richTextSchema, plugins: richTextPlugins(() => latest.current.onLink()) });

  /** Shows `markdown` in the view if it round-trips; otherwise leaves the view and says why. */
  const load = useCallback((markdown: string): RichTextOpening => {
    const opening = openMarkdown(markdown);
    const view = viewRef.current;
    if (opening.mode === 'visual' && view) {
      emitted.current = markdown;
      trailing.current = opening.trailing;
      const next = freshState(opening.doc);
      view.updateState(next);
      setEditorState(next);
    }
    return opening;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Focuses the view with its caret at the place a caret in the Markdown source points to. */
  const focusAtSource = useCallback((caret: SourceCaret) => {
    const view = viewRef.current;
    if (!view || emitted.current === null) return;
    view.dispatch(view.state.tr.setSelection(selectionAtSourceCaret(view.state.doc, emitted.current, caret)).scrollIntoView());
    view.focus();
  }, []);

  // Layout effects, not passive ones: ProseMirror's own key handlers run outside React, so a key
  // could land between a commit and a later passive effect. Then the view did not exist yet (the
  // key went to the page), or the check below compared a render's older value with the newer
  // text just typed and reloaded the older one (the key was undone). Both lost keys under load.
  useLayoutEffect(() => {
    const view: EditorView = new EditorView(host.current, {
      state: freshState(),
      attributes: accessibleAttributes(latest.current),
      editable: () => !latest.current.readOnly,
      dispatchTransaction(transaction) {
        const next = view.state.apply(transaction);
        view.updateState(next);
        setEditorState(next);
        if (!transaction.docChanged) return;
        emitted.current = serialiseMarkdown(next.doc) + trailing.current;
        latest.current.onChange(emitted.current);
      },
    });
    viewRef.current = view;
    if (latest.current.active) load(latest.current.value);
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // Mounted once; later props reach the view through `latest` and the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { id, label, fieldKey, describedBy, invalid, value, active, readOnly } = options;
  useLayoutEffect(() => {
    viewRef.current?.setProps({ attributes: accessibleAttributes(latest.current) });
  }, [id, label, fieldKey, describedBy, invalid, active, readOnly]);

  // A value changed from outside (undo, a restored draft) while the view shows.
  useLayoutEffect(() => {
    if (!active || value === emitted.current) return;
    const opening = load(value);
    if (opening.mode === 'source') latest.current.onNeedsSource(opening.reason);
  }, [value, active, load]);

  return { view: viewRef.current, editorState, load, focusAtSource };
}
