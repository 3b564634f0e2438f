/**
 * The Markdown kind: the formatted-text editor (RichTextField), loaded lazily
 * so it has its own chunk and the editor's first load stays small. Until it
 * arrives, a plain Markdown textarea with the same id is usable; if it has the
 * focus when the editor replaces it, the focus and caret move over, so the
 * keys typed next are not lost.
 */
import { lazy, Suspense, useCallback, useRef } from 'react';
import type { SourceCaret } from '../../lib/rich-text/caret';
import { pathKey } from '../../lib/validate';
import { describedBy, FieldFrame, textSetter } from './parts';
import type { WidgetProps } from './types';

const RichTextField = lazy(() => import('./RichTextField'));

export function MarkdownField(props: WidgetProps) {
  const { id, spec, value, path, error, context } = props;
  const text = String(value ?? '');
  const onChange = textSetter(props);
  const handover = useRef<SourceCaret | null>(null);
  // Called (React 19 ref cleanup) while the stand-in is still in the page, just before it is removed.
  const keepCaretOnRemoval = useCallback((standIn: HTMLTextAreaElement | null) => {
    if (!standIn) return;
    return () => {
      handover.current = standIn.ownerDocument.activeElement === standIn ? { start: standIn.selectionStart, end: standIn.selectionEnd } : null;
    };
  }, []);
  const fallback = (
    <textarea ref={keepCaretOnRemoval} id={id} data-field={pathKey(path)} className="input textarea textarea-tall mono" value={text} rows={10} readOnly={context.readOnly} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, spec, error)} onChange={(event) => onChange(event.target.value)} />
  );
  return (
    <FieldFrame id={id} spec={spec} error={error}>
      <Suspense fallback={fallback}>
        <RichTextField id={id} fieldKey={pathKey(path)} value={text} onChange={onChange} label={spec.label} describedBy={describedBy(id, spec, error)} invalid={Boolean(error)} readOnly={context.readOnly} caretFrom={handover} />
      </Suspense>
    </FieldFrame>
  );
}
