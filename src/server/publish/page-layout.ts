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

/**
 * Live pages that share a view, at least this many, make it worth rendering one of them on the
 * server's thread at once when the view changes: the others are then made from their pieces
 * rather than waiting for a render worker to send the new view back.
 */
const FIRST_RENDER_MIN_PAGES = 8;

/**
 * The layouts of one publication's pages: the live ones kept where a page did not change, made
 * from their pieces where only views did, or taken from the pages rendered again.
 */
export class PublicationLayouts {
  readonly layouts = new Map<string, PageLayout>();
  readonly views = new PublishedViews();
  #live: ReadonlyMap<string, PageLayout>;
  #keysToRender = new Map<string, LayoutKeys>();
  #shownBy: Map<string, number> | undefined;

  constructor(live: ReadonlyMap<string, PageLayout>) {
    this.#live = live;
  }

  /** The page at `path` did not change: its live layout stays. */
  keep(path: string): void {
    const old = this.#live.get(path);
    if (old) this.layouts.set(path, old);
  }

  /** The page at `path`, now with `keys`, made from its live pieces; undefined when it must be rendered. */
  fromPieces(path: string, keys: LayoutKeys): PageLayout | undefined {
    const layout = splicedLayout(this.#live.get(path), keys, this.views);
    if (layout) this.layouts.set(path, layout);
    else this.#keysToRender.set(path, keys);
    return layout;
  }

  /**
   * Whether the page at `path`, which cannot be made from its pieces yet, is worth rendering first:
   * its frame is the same, and a view it changes, not known yet, is one many live pages show.
   */
  worthRenderingFirst(path: string, keys: LayoutKeys): boolean {
    const old = this.#live.get(path);
    if (old?.keys.frame !== keys.frame || old.keys.views.length !== keys.views.length) return false;
    this.#shownBy ??= countViews(this.#live.values());
    return keys.views.some((key, index) => key !== old.keys.views[index] && !this.views.has(key) && (this.#shownBy!.get(old.keys.views[index]!) ?? 0) >= FIRST_RENDER_MIN_PAGES);
  }

  /** Takes the page rendered at `path`: its layout, when it came with its views, and the views it shows. */
  rendered(path: string, rendered: RenderedInWorker): void {
    const keys = this.#keysToRender.get(path);
    const layout = keys && renderedLayout(keys, rendered);
    if (!layout) return void this.layouts.delete(path);
    this.layouts.set(path, layout);
    this.views.learn(layout);
  }
}

/** How many of `layouts` show each view. */
function countViews(layouts: Iterable<PageLayout>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { keys } of layouts) for (const key of keys.views) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}
