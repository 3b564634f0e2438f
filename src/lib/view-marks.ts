/**
 * Where each section's view sits in a rendered page. The production server's
 * publisher keeps a page as pieces, each view a piece of its own, so that an
 * edit every page shows (the shared header) can be put into each page without
 * rendering it again (src/server/publish/page-layout.ts). A view's HTML is
 * pasted into its SectionFrame as it is, so the renderer asks SectionFrame to
 * put a mark on each side of it, finds the marks in the page's bytes and takes
 * them out again: the page is byte for byte what it is without them.
 */
import { randomUUID } from 'node:crypto';
import { liveRenderContext } from '../server/render-context';

/**
 * Unguessable, and new in each thread (the marks are taken out where they are made): no content
 * can write it, so every match is a mark. A comment, so that a mark left in would change nothing
 * a visitor sees.
 */
const MARK = `<!--view ${randomUUID()}-->`;
const MARK_BYTES = Buffer.from(MARK);

/** A view's HTML as SectionFrame pastes it: marked on each side when the render asked for it. */
export const markedView = (view: string): string => (liveRenderContext()?.markViews ? `${MARK}${view}${MARK}` : view);

export interface UnmarkedPage {
  /** The page without its marks. */
  body: Buffer<ArrayBuffer>;
  /** Where each view is in `body`, in the page's order: its first byte and the byte after it, two numbers a view. */
  views: number[];
}

/** `page` with its marks taken out, and where its views are; undefined when it has none. */
export function unmarkedPage(page: Buffer<ArrayBuffer>): UnmarkedPage | undefined {
  const marks: number[] = [];
  for (let at = page.indexOf(MARK_BYTES); at >= 0; at = page.indexOf(MARK_BYTES, at + MARK_BYTES.length)) marks.push(at);
  if (marks.length === 0) return undefined;
  const parts: Buffer[] = [];
  let from = 0;
  for (const at of marks) {
    parts.push(page.subarray(from, at));
    from = at + MARK_BYTES.length;
  }
  parts.push(page.subarray(from));
  // Each mark before a byte moves it back by the mark's length.
  const views = marks.map((at, index) => at - index * MARK_BYTES.length);
  return { body: Buffer.concat(parts) as Buffer<ArrayBuffer>, views: marks.length % 2 === 0 ? views : [] };
}
