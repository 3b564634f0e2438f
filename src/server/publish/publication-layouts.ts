/**
 * The page layouts a publication starts from and the ones it makes
 * (page-layout.ts). A live page's layout is the one the server made when it
 * rendered or made the page, or, for a page still as the build wrote it, the
 * build's: page-bundles.json says where each view is in the page's file, which
 * is read only when the page is to be made from its pieces. So the first edit
 * of the shared header after a deploy is as cheap as the next ones.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { PublishedViews, renderedLayout, splicedLayout, type LayoutKeys, type PageInFile, type PageLayout } from './page-layout';
import { piecesOf, styleElementOf, type StyleSplice } from './page-styles';
import type { RenderedInWorker } from './render-pool';
import { fileOfPage } from './build-pages';

/** What page-bundles.json says of a page's layout: its keys, and where its views and styles are in its file. */
export interface BuiltLayout extends PageInFile {
  keys: LayoutKeys;
}

/** The build's pages, as the live version still serves them from their files. */
export interface BuiltSite {
  /** The build's layout and render key of each page, by path. */
  layouts: ReadonlyMap<string, { renderKey: string; layout: BuiltLayout }>;
  /** The live version's render key of each page path. */
  renderKeys: ReadonlyMap<string, string>;
  /** Where the build wrote them (dist/client). */
  clientDir: string;
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
  /** The layouts the server made that are live once the publication is. */
  readonly layouts = new Map<string, PageLayout>();
  readonly views = new PublishedViews();
  #made: ReadonlyMap<string, PageLayout>;
  #built: BuiltSite | undefined;
  #keysToRender = new Map<string, LayoutKeys>();
  #shownBy: Map<string, number> | undefined;
  /** The live views a page was rendered first for (worthRenderingFirst). */
  #renderedFirst = new Set<string>();

  /** `made`: the layouts of the live pages the server made; `built`: the build's, for the pages it still serves. */
  constructor(made: ReadonlyMap<string, PageLayout>, built?: BuiltSite) {
    this.#made = made;
    this.#built = built;
  }

  /** The build's layout of the page at `path`, if the live version still serves the build's page there. */
  #builtLayout(path: string) {
    const page = this.#built?.layouts.get(path);
    return page && this.#built!.renderKeys.get(path) === page.renderKey ? page.layout : undefined;
  }

  #liveKeys(path: string): LayoutKeys | undefined {
    return this.#made.get(path)?.keys ?? this.#builtLayout(path)?.keys;
  }

  /** The live layout at `path`; a build's page is read from its file. */
  #live(path: string): PageLayout | undefined {
    const made = this.#made.get(path);
    if (made) return made;
    const built = this.#builtLayout(path);
    if (!built) return undefined;
    try {
      return readBuiltLayout(join(this.#built!.clientDir, fileOfPage(path)), built);
    } catch {
      // A file gone or unreadable: the page is rendered, as any page without a layout.
      return undefined;
    }
  }

  /** The page at `path` did not change: its live layout stays (a build's page keeps the build's). */
  keep(path: string): void {
    const made = this.#made.get(path);
    if (made) this.layouts.set(path, made);
  }

  /** The page at `path`, now with `keys`, made from its live pieces; undefined when it must be rendered. */
  fromPieces(path: string, keys: LayoutKeys): PageLayout | undefined {
    // Every new view known before the page is looked at: a built page's file is read only to be used.
    const old = this.#changedViews(path, keys)?.every(({ key }) => this.views.has(key)) ? this.#live(path) : undefined;
    const layout = splicedLayout(old, keys, this.views);
    if (layout) this.layouts.set(path, layout);
    else this.#keysToRender.set(path, keys);
    return layout;
  }

  /**
   * Whether the page at `path`, which cannot be made from its pieces yet, is worth rendering first:
   * its frame is the same, and a view it changes, not known yet, is one many live pages show.
   */
  worthRenderingFirst(path: string, keys: LayoutKeys): boolean {
    this.#shownBy ??= this.#countViews();
    const first = this.#changedViews(path, keys)?.find(({ key, oldKey }) => !this.views.has(key) && !this.#renderedFirst.has(oldKey) && (this.#shownBy!.get(oldKey) ?? 0) >= FIRST_RENDER_MIN_PAGES);
    // Once for each view it replaces: a page that came back without its views teaches nothing, and
    // the next pages showing that view would each be rendered here in turn, the workers idle.
    if (first) this.#renderedFirst.add(first.oldKey);
    return first !== undefined;
  }

  /** The views of the page at `path` that `keys` changes, when its frame stays the same as the live page's; undefined when it does not. */
  #changedViews(path: string, keys: LayoutKeys): { key: string; oldKey: string }[] | undefined {
    const old = this.#liveKeys(path);
    if (old?.frame !== keys.frame || old.views.length !== keys.views.length) return undefined;
    return keys.views.flatMap((key, index) => (key === old.views[index] ? [] : [{ key, oldKey: old.views[index]! }]));
  }

  /** Takes the page rendered at `path`: its layout, when it came with its views, and the views it shows. */
  rendered(path: string, rendered: RenderedInWorker): void {
    const keys = this.#keysToRender.get(path);
    const layout = keys && renderedLayout(keys, rendered);
    if (!layout) return void this.layouts.delete(path);
    this.layouts.set(path, layout);
    this.views.learn(layout);
  }

  /** How many live pages show each view. */
  #countViews(): Map<string, number> {
    const counts = new Map<string, number>();
    const paths = new Set([...this.#made.keys(), ...(this.#built?.layouts.keys() ?? [])]);
    for (const path of paths) for (const key of this.#liveKeys(path)?.views ?? []) counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts;
  }
}

/** Where a built page's `<style>`s are checked against the ones their keys name now: reused, never kept. */
let scratch = Buffer.alloc(0);

/** Reads `length` bytes of the open file at `position` into `into` at `offset`; false at the end of the file. */
function readFully(fd: number, into: Buffer, offset: number, length: number, position: number): boolean {
  for (let done = 0; done < length; ) {
    const read = readSync(fd, into, offset + done, length - done, position + done);
    if (read === 0) return false;
    done += read;
  }
  return true;
}

/**
 * A built page's layout, read from its file without the `<style>`s that are byte for byte the ones
 * their keys name now: those are shared with other pages, as a rendered page's are, so a page put
 * together holds only its own bytes (reading the styles too would only make garbage, outside the
 * heap, which costs collections). Undefined when the file does not fit what the build said.
 */
export function readBuiltLayout(file: string, { keys, size: written, views, styles }: BuiltLayout): PageLayout | undefined {
  // Never through a link: the build writes plain files, and nothing is read from outside its folder.
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const { size } = fstatSync(fd);
    // Not the file the build wrote (written over since, say): its offsets would cut it anywhere.
    if (size !== written) return undefined;
    let end = 0;
    const shared = styles.every(({ from, to, key }) => {
      const style = styleElementOf(key);
      if (!style || from < end || to - from !== style.length || to > size) return false;
      end = to;
      if (scratch.length < style.length) scratch = Buffer.alloc(style.length);
      return readFully(fd, scratch, 0, style.length, from) && scratch.subarray(0, style.length).equals(style);
    });
    const cut = shared ? styles : [];
    // The page without them, the gaps between them one after the other.
    const own = Buffer.allocUnsafe(size - cut.reduce((sum, { from, to }) => sum + to - from, 0)) as Buffer<ArrayBuffer>;
    let at = 0;
    let from = 0;
    for (const gap of [...cut, { from: size, to: size }]) {
      if (!readFully(fd, own, at, gap.from - from, from)) return undefined;
      at += gap.from - from;
      from = gap.to;
    }
    // Offsets in the file, moved back by the styles before them.
    const before = (offset: number) => cut.reduce((sum, style) => (style.to <= offset ? sum + style.to - style.from : sum), 0);
    const splices: StyleSplice[] = cut.map(({ from: start, key }) => ({ from: start - before(start), to: start - before(start), key }));
    const { pieces, viewPieces } = piecesOf(own, splices, views.map((offset) => offset - before(offset)));
    return viewPieces?.length === keys.views.length ? { keys, pieces, viewPieces } : undefined;
  } finally {
    closeSync(fd);
  }
}
