/**
 * The live preview: the draft rendered by the site's own Astro views (POST
 * /api/editor/preview), shown in an iframe. Updates are debounced and swap
 * the document body in place, so there is no flicker and the scroll position
 * stays. Clicking a section selects it; selecting one scrolls to it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { renderPreview } from './api';
import { parse } from './preview-document';
import { addPlaceholders, type PreviewSection } from './preview-placeholders';
import { useRetryWhileUnreachable } from './hooks/useRetryWhileUnreachable';
import { PreviewNotices } from './PreviewNotices';

/**
 * The CSS width each device renders at, whatever the editor's window: a
 * phone (390, an iPhone 14/15), a tablet in portrait (768) and a laptop
 * (1440, the most common desktop width). The frame is scaled down to fit the
 * stage, so "Desktop" shows the desktop layout even on a small screen.
 */
export const VIEWPORTS = { mobile: 390, tablet: 768, desktop: 1440 } as const;
export type Viewport = keyof typeof VIEWPORTS;

/** The size of the element `ref` points at, as it changes. */
function useBoxSize(ref: RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

const DEBOUNCE_MS = 120;
/** How often a preview that could not reach the server tries again, besides when the browser says it is back online. */
const UNREACHABLE_RETRY_MS = 5_000;

const EDITOR_STYLE = `
[data-section-id] { cursor: pointer; transition: outline-color .15s; outline: 2px solid transparent; outline-offset: -2px; }
[data-section-id]:hover { outline-color: rgba(79, 70, 229, .45); }
[data-section-id].editor-selected { outline: 3px solid #4f46e5; outline-offset: -3px; }
`;

interface Props {
  slug: string;
  files: Record<string, unknown>;
  selectedId: string | undefined;
  /** The open page's sections, in order: where a placeholder for a new section goes. */
  sections?: readonly PreviewSection[];
  /** Incremented when the selection comes from the editor, to scroll the preview to it. */
  scrollRequest: number;
  viewport: Viewport;
  /** Bumped when a session is found again: a draft the server refused for want of one is rendered again. */
  renewed?: number;
  onSelect(id: string): void;
}

/** A rendered page as parsed, with its sections and the markup around them. */
interface Rendered {
  sections: Element[];
  /** The body's markup with each section left out. */
  frame: string;
}

const outermostSections = (body: HTMLElement) => [...body.querySelectorAll('[data-section-id]')].filter((el) => !el.parentElement?.closest('[data-section-id]'));

function rendered(doc: Document): Rendered {
  const copy = doc.body.cloneNode(true) as HTMLElement;
  for (const section of outermostSections(copy)) section.replaceWith(doc.createComment('section'));
  return { sections: outermostSections(doc.body), frame: copy.outerHTML };
}

/**
 * Brings the shown body up to date by replacing only the sections whose markup
 * changed, when nothing around them did. Swapping the whole body of a long
 * page makes the browser lay out and paint all of it again, which takes long
 * enough to stall typing. Returns false when the body must be swapped.
 */
function patchSections(shown: Document, before: Rendered, after: Rendered): boolean {
  const onScreen = outermostSections(shown.body);
  if (after.frame !== before.frame || onScreen.length !== after.sections.length) return false;
  after.sections.forEach((section, i) => {
    if (section.outerHTML !== before.sections[i]!.outerHTML) onScreen[i]!.replaceWith(shown.importNode(section, true));
  });
  return true;
}

export function Preview({ slug, files, selectedId, sections = [], scrollRequest, viewport, renewed = 0, onSelect }: Props) {
  const frame = useRef<HTMLIFrameElement>(null);
  const area = useRef<HTMLDivElement>(null);
  const shownSlug = useRef<string | null>(null);
  const shownHead = useRef<string | null>(null);
  /** What the frame shows, as parsed: the base of the next update. */
  const shownPage = useRef<Rendered | null>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;
  const sectionsRef = useRef(sections);
  sectionsRef.current = sections;
  const [error, setError] = useState<string | null>(null);
  // The last render never reached the server (offline, the server restarting): said as that, not as a problem in the form.
  const { unreachable, setUnreachable, attempt } = useRetryWhileUnreachable(UNREACHABLE_RETRY_MS);
  /** The error came before anything of this page was shown: the frame is empty, not an earlier version. */
  const [nothingShown, setNothingShown] = useState(false);
  const [heldBack, setHeldBack] = useState(0);
  const [busy, setBusy] = useState(false);

  function highlight() {
    const doc = frame.current?.contentDocument;
    if (!doc?.body) return;
    doc.querySelectorAll('.editor-selected').forEach((el) => el.classList.remove('editor-selected'));
    const id = selectedRef.current;
    if (id) doc.querySelector(`[data-section-id="${CSS.escape(id)}"]`)?.classList.add('editor-selected');
  }

  function prepare(doc: Document) {
    const style = doc.createElement('style');
    style.id = 'editor-preview-style';
    style.textContent = EDITOR_STYLE;
    doc.head.append(style);
    doc.addEventListener(
      'click',
      (event) => {
        const target = (event.target as Element).closest?.('[data-section-id]');
        event.preventDefault(); // links in the preview do not navigate away
        if (target) onSelectRef.current((target as HTMLElement).dataset.sectionId!);
      },
      true,
    );
    doc.addEventListener('submit', (event) => event.preventDefault(), true);
  }

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setBusy(true);
      try {
        const result = await renderPreview(slug, files, controller.signal);
        if (!result.ok) {
          // Another page's last version is no version of this one: the frame is emptied instead.
          const fresh = shownSlug.current !== slug;
          if (fresh && frame.current) {
            frame.current.srcdoc = '';
            shownSlug.current = null;
            shownPage.current = null;
          }
          setNothingShown(fresh || shownSlug.current === null);
          setUnreachable(false);
          setError(result.error);
          return;
        }
        setUnreachable(false);
        setError(null);
        setHeldBack(result.heldBack);
        const next = parse(result.html);
        addPlaceholders(next, sectionsRef.current, result.hidden);
        const iframe = frame.current;
        const current = iframe?.contentDocument;
        if (!iframe) return;
        const page = rendered(next);
        // The head changes with the site settings (lang, accent, typefaces): then the whole document is swapped.
        const head = [next.documentElement.lang, ...[...next.head.querySelectorAll('style, link[rel="preload"], link[rel="stylesheet"]')].map((element) => element.outerHTML)].join('\n');
        if (shownSlug.current !== slug || !current?.body || shownHead.current !== head) {
          const otherPage = shownSlug.current !== slug;
          shownSlug.current = slug;
          shownHead.current = head;
          iframe.onload = () => {
            // Chromium restores the last srcdoc's scroll position: another page opens at its top.
            if (otherPage) iframe.contentWindow?.scrollTo(0, 0);
            prepare(iframe.contentDocument!);
            highlight();
          };
          iframe.srcdoc = `<!doctype html>${next.documentElement.outerHTML}`;
        } else {
          current.title = next.title;
          if (!shownPage.current || !patchSections(current, shownPage.current, page)) {
            const scroll = current.defaultView?.scrollY ?? 0;
            current.body.replaceWith(current.importNode(next.body, true));
            current.defaultView?.scrollTo(0, scroll);
          }
          highlight();
        }
        shownPage.current = page;
      } catch (problem) {
        if ((problem as Error).name === 'AbortError') return;
        // fetch throws only when no answer came: the connection, not the content.
        setUnreachable(true);
        setError((problem as Error).message);
      } finally {
        if (!controller.signal.aborted) setBusy(false);
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, files, renewed, attempt]);

  useEffect(highlight, [selectedId]);

  useEffect(() => {
    if (!scrollRequest || !selectedId) return;
    const view = frame.current?.contentWindow;
    const section = frame.current?.contentDocument?.querySelector(`[data-section-id="${CSS.escape(selectedId)}"]`);
    // The frame's own scroll, not scrollIntoView: that also scrolls the editor's boxes around the
    // frame (clipped, but scrollable), which then showed the next page from its middle, or blank.
    // Less the page's own scroll padding (room for its sticky header, as its anchors get), so the section's top is not under it.
    if (!view || !section) return;
    const padding = parseFloat(view.getComputedStyle(view.document.documentElement).scrollPaddingTop) || 0;
    view.scrollTo({ top: Math.max(0, section.getBoundingClientRect().top + view.scrollY - padding), behavior: 'smooth' });
  }, [scrollRequest]);

  // The page renders at the device's true width, then the frame is scaled down to fit the stage.
  const room = useBoxSize(area);
  const width = VIEWPORTS[viewport];
  const scale = room.width > 0 ? Math.min(1, room.width / width) : 1;
  const height = room.height > 0 ? room.height / scale : undefined;
  return (
    <div className="preview-stage" data-viewport={viewport}>
      <PreviewNotices error={error} unreachable={unreachable} nothingShown={nothingShown} heldBack={heldBack} />
      <div ref={area} className="preview-area">
        <div className={`preview-device${busy ? ' is-busy' : ''}`} style={{ width: width * scale, height: room.height || undefined }} data-scale={scale.toFixed(3)}>
          <iframe
            ref={frame}
            title="Preview"
            tabIndex={-1}
            className="preview-frame"
            data-testid="preview"
            style={{ width, height, transform: scale < 1 ? `scale(${scale})` : undefined }}
          />
        </div>
      </div>
      <p className="preview-size" aria-live="polite">
        {viewport[0]!.toUpperCase() + viewport.slice(1)}, {width} px{scale < 1 ? `, shown at ${Math.round(scale * 100)} %` : ''}
      </p>
    </div>
  );
}
