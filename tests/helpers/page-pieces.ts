/** Pages as renders give them, for the unit tests of page layouts (src/server/publish/page-layout.ts). */
import type { LayoutKeys, PageLayout } from '../../src/server/publish/page-layout';
import { joinedPage } from '../../src/server/publish/page-bytes';
import type { RenderedInWorker } from '../../src/server/publish/render-pool';

export const bytes = (text: string) => Buffer.from(text) as Buffer<ArrayBuffer>;

/** A page as a render gives it: the frame around each view, every part a piece, the views at odd places. */
export function rendered(frame: string, views: string[]): RenderedInWorker {
  const pieces = [bytes(`<html><body data-frame="${frame}">`)];
  const viewPieces: number[] = [];
  for (const view of views) {
    viewPieces.push(pieces.length);
    pieces.push(bytes(view), bytes('</section><section>'));
  }
  pieces.push(bytes('</body></html>'));
  return { status: 200, body: pieces, viewPieces };
}

export const keys = (frame: string, views: string[]): LayoutKeys => ({ frame, views });

/** A layout's page as text. */
export const html = (layout: PageLayout | undefined) => layout && joinedPage(layout.pieces).toString();
