/**
 * A live page kept as pieces, each of its sections' views a piece of its own,
 * so that a publication can make a changed page without rendering it: when
 * all that changed is some of its views (an edit of the shared header, on
 * every page), the page is its old pieces with those views' pieces swapped for
 * their new HTML, rendered once on another page of the same publication.
 *
 * This holds because a page's HTML is its frame (the document, the landmarks,
 * each SectionFrame) with each view's output pasted in as it is (SectionFrame,
 * src/lib/view-marks.ts). The frame is made from what the **frame key**
 * hashes (published-pages.ts: everything the render key hashes except the
 * sections' data), and a view's output from what its **view key** hashes
 * (its type, data and settings, and the part of the path it reads:
 * sectionViewKey) together with the site's settings and images, which the
 * frame key holds too. So a page whose frame key is the same, and whose
 * new views' HTML is known, is byte for byte what a render would write,
 * provided the styles it needs are the same: a view that brings other style
 * scopes (page-styles.ts) is rendered instead.
 */
import { scopesIn } from '../../lib/stylesheet-pruning';
import type { RenderedInWorker } from './render-pool';
import type { StyleSplice } from './page-styles';

/** What a page's HTML is made of, hashed (published-pages.ts). */
export interface LayoutKeys {
  /** Everything but the sections' views. */
  frame: string;
  /** Each section's view, in order (sectionViewKey). */
  views: string[];
}

export interface PageLayout {
  keys: LayoutKeys;
  /** The page's bytes in order, as the live version serves them. */
  pieces: readonly Buffer<ArrayBuffer>[];
  /** Which piece each view is, in the order of `keys.views`. */
  viewPieces: readonly number[];
}

/** Where a whole page's views and styles are, as the build writes it (page-bundles.json). */
export interface PageInFile {
  /** The page's length in bytes: a file of another length is not the page these offsets are for. */
  size: number;
  /** Two numbers a view: its first byte, and the byte after it. */
  views: number[];
  /** Each `<style>` the page was given, and its key (page-styles.ts). */
  styles: StyleSplice[];
}

/** Where each of a page's views is in its joined bytes. */
export function viewRangesOf(pieces: readonly Buffer[], viewPieces: readonly number[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const piece of pieces) {
    starts.push(at);
    at += piece.length;
  }
  return viewPieces.flatMap((index) => [starts[index]!, starts[index]! + pieces[index]!.length]);
}

/** The layout of a page just rendered, when the render said where its views are (and found each of them). */
export function renderedLayout(keys: LayoutKeys, { body, viewPieces }: RenderedInWorker): PageLayout | undefined {
  if (Buffer.isBuffer(body) || viewPieces?.length !== keys.views.length) return undefined;
  return { keys, pieces: body, viewPieces };
}

/**
 * The views of one publication's rendered pages, by view key, to be put into other pages. A view
 * stays a part of the page it came in until another page takes it; it is then copied once, so
 * that pages do not keep each other's bytes alive.
 */
export class PublishedViews {
  #views = new Map<string, { bytes: Buffer<ArrayBuffer>; own: boolean }>();
  #scopes = new Map<string, string>();

  /** Learns the views of a page just rendered. */
  learn({ keys, pieces, viewPieces }: PageLayout): void {
    keys.views.forEach((key, index) => {
      if (!this.#views.has(key)) this.#views.set(key, { bytes: pieces[viewPieces[index]!]!, own: false });
    });
  }

  has(key: string): boolean {
    return this.#views.has(key);
  }

  /** The HTML of the view `key`, if a page of this publication rendered it. */
  take(key: string): Buffer<ArrayBuffer> | undefined {
    const view = this.#views.get(key);
    if (view && !view.own) Object.assign(view, { bytes: Buffer.from(view.bytes), own: true });
    return view?.bytes;
  }

  /** The style scopes a view's HTML carries, once per key (equal keys, equal HTML). */
  scopesOf(key: string, bytes: Buffer): string {
    let scopes = this.#scopes.get(key);
    if (scopes === undefined) this.#scopes.set(key, (scopes = [...scopesIn(bytes)].sort().join(',')));
    return scopes;
  }
}

/**
 * The page with `keys` made from its live layout `old` and the views `views` learned, or
 * undefined when it has to be rendered: no layout, another frame, or a new view not known yet or
 * carrying other style scopes than the one it replaces.
 */
export function splicedLayout(old: PageLayout | undefined, keys: LayoutKeys, views: PublishedViews): PageLayout | undefined {
  if (!old || old.keys.frame !== keys.frame || old.keys.views.length !== keys.views.length) return undefined;
  let pieces: Buffer<ArrayBuffer>[] | undefined;
  for (const [index, key] of keys.views.entries()) {
    const oldKey = old.keys.views[index]!;
    if (key === oldKey) continue;
    const piece = old.viewPieces[index]!;
    const view = views.take(key);
    if (!view || views.scopesOf(key, view) !== views.scopesOf(oldKey, old.pieces[piece]!)) return undefined;
    (pieces ??= [...old.pieces])[piece] = view;
  }
  return { keys, pieces: pieces ?? old.pieces, viewPieces: old.viewPieces };
}
