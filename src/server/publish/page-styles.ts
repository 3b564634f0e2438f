/**
 * A rendered visitor page's stylesheets, inlined and cut down to what the page
 * can use (src/lib/stylesheet-pruning.ts).
 *
 * Astro links the route's stylesheet (`build.inlineStylesheets: 'never'`), and
 * the renderer (render-in-process.ts) puts its rules in the page in place of
 * the link, as a `<style>`: a visitor's browser asks for nothing more before
 * it can draw, and a page carries only the styles of the sections it shows,
 * about half of the whole. Astro inlining the whole stylesheet itself would
 * also cost every render the encoding and copying of it, about a sixth of a
 * render worker's time, for rules the page then leaves out.
 *
 * Where the stylesheet cannot be found, the link stays, and the page still
 * works: the build's client folder serves it. That is the case in `astro dev`,
 * where Vite brings the styles, and for pages Astro renders on its own.
 */
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { prunableStylesheet, prunedStylesheet, scopesIn, type PrunableStylesheet } from '../../lib/stylesheet-pruning';
import { joinedPage } from './page-bytes';

/**
 * The link Astro writes for a stylesheet of the build, up to the file's name, and its end. Content
 * cannot write this: Astro escapes `<` in text (and in the title and structured data) and `"` in
 * attribute values, so every match in a page is Astro's own markup. (`</head>` can come from
 * content, in a meta description, so it bounds nothing.)
 */
const LINK_START = Buffer.from('<link rel="stylesheet" href="/_astro/');
const LINK_END = Buffer.from('">');
/** A stylesheet's file name as Vite writes them: no folder, no `..`. */
const STYLESHEET_NAME = /^[\w-]+(?:\.[\w-]+)*\.css$/;
/** Bytes of pruned stylesheets kept (each set of section types a page combines makes one), then all are let go. */
const PRUNED_BUDGET_BYTES = 4 * 1024 * 1024;

const FOLDERS = Symbol.for('content-site.stylesheet-folders');
const sheets = new Map<string, PrunableStylesheet | undefined>();
/**
 * At-rules valid only before every other rule of a stylesheet (Vite hoists them to the top of each
 * sheet): joined after another sheet in one `<style>`, a browser would drop them. Such a sheet
 * starts a `<style>` of its own.
 */
const LEADING_AT_RULE = /@(?:import|namespace|charset)\b/i;
const leadsItsStyle = new Set<string>();
const styleElements = new Map<string, Buffer | undefined>();
let styleElementBytes = 0;

/** The folders offered by whoever loaded the server build (server/stylesheets.mjs), none in `astro dev`. */
const offeredFolders = () => (globalThis as Record<symbol, unknown>)[FOLDERS] as readonly string[] | undefined;

function stylesheetNamed(name: string, folders: readonly string[]): PrunableStylesheet | undefined {
  if (!sheets.has(name)) {
    // A regular file only: a link in the folder is not followed out of it.
    const file = STYLESHEET_NAME.test(name) ? folders.map((folder) => join(folder, name)).find((candidate) => lstatSync(candidate, { throwIfNoEntry: false })?.isFile()) : undefined;
    const text = file ? readFileSync(file, 'utf8') : undefined;
    sheets.set(name, text === undefined ? undefined : prunableStylesheet(text));
    if (text !== undefined && LEADING_AT_RULE.test(text)) leadsItsStyle.add(name);
  }
  return sheets.get(name);
}

/**
 * A stylesheet link in a rendered page, by the range of the page's bytes it takes, and the key of
 * the `<style>` that takes its place (styleElementOf): the stylesheet's file name and the scopes
 * of the page it can match.
 */
export interface StyleSplice {
  from: number;
  to: number;
  key: string;
}

/**
 * `<style>` with the rules of the stylesheets the key names (joined by `+`, in the page's order)
 * that its scopes can match, or none if they cannot be inlined.
 */
export function styleElementOf(key: string): Buffer | undefined {
  if (!styleElements.has(key)) {
    const folders = offeredFolders();
    const split = key.indexOf(':');
    const names = split > 0 ? key.slice(0, split).split(SHEET_SEPARATOR) : [];
    const sheets = folders ? names.map((name) => stylesheetNamed(name, folders)) : [];
    const scopes = new Set(key.slice(split + 1).split(',').filter(Boolean));
    const css = sheets.length > 0 && sheets.every(Boolean) ? sheets.map((sheet) => prunedStylesheet(sheet!, scopes)).join('') : undefined;
    // A `</style` in the CSS (in a string, say) would end the element early: such a sheet stays linked.
    const element = css === undefined || /<\/style/i.test(css) ? undefined : Buffer.from(`<style>${css}</style>`);
    if (styleElementBytes + (element?.length ?? 0) > PRUNED_BUDGET_BYTES) {
      styleElements.clear();
      styleElementBytes = 0;
    }
    styleElements.set(key, element);
    styleElementBytes += element?.length ?? 0;
  }
  return styleElements.get(key);
}

/** Joins the names of stylesheets linked one after the other, in a style's key. Never in a name (STYLESHEET_NAME). */
const SHEET_SEPARATOR = '+';

/** The key of the `<style>` of `names`' rules that `scopes` can match: the names, and the scopes any of them has. */
function styleKey(names: readonly string[], sheets: readonly PrunableStylesheet[], scopes: ReadonlySet<string>): string {
  const used = [...scopes].filter((scope) => sheets.some((sheet) => sheet.scopes.has(scope)));
  return `${names.join(SHEET_SEPARATOR)}:${used.sort().join(',')}`;
}

/**
 * Where the stylesheets `page` links are to be put in it, cut down to the page; none where a
 * sheet cannot be found or inlined (its link stays). Links one right after the other become one
 * `<style>`: Astro links each lazily loaded view's stylesheet apart (about thirty on a page, a
 * third of them empty once cut down), and a `<style>` each made every page's pieces and layout
 * several times larger, and its build about a tenth slower.
 */
export function styleSplicesOf(page: Buffer): StyleSplice[] {
  const folders = offeredFolders();
  if (!folders) return [];
  // Each run of links one right after the other, each link with its range, its sheet's name and the sheet.
  const runs: { from: number; to: number; name: string; sheet: PrunableStylesheet }[][] = [];
  for (let at = page.indexOf(LINK_START); at >= 0; at = page.indexOf(LINK_START, at + LINK_START.length)) {
    const end = page.indexOf(LINK_END, at + LINK_START.length);
    if (end < 0) break;
    const name = page.toString('latin1', at + LINK_START.length, end);
    const sheet = stylesheetNamed(name, folders);
    if (!sheet) continue;
    const link = { from: at, to: end + LINK_END.length, name, sheet };
    const run = runs.at(-1);
    if (run && run.at(-1)!.to === at && !leadsItsStyle.has(name)) run.push(link);
    else runs.push([link]);
  }
  if (runs.length === 0) return [];
  const scopes = scopesIn(page);
  const spliceOf = (links: typeof runs[number]): StyleSplice[] => {
    const key = styleKey(links.map((link) => link.name), links.map((link) => link.sheet), scopes);
    return styleElementOf(key) ? [{ from: links[0]!.from, to: links.at(-1)!.to, key }] : [];
  };
  // A run that cannot be one `<style>` (a `</style` in one sheet) keeps only that sheet linked.
  return runs.flatMap((links) => {
    const whole = spliceOf(links);
    return whole.length > 0 || links.length === 1 ? whole : links.flatMap((link) => spliceOf([link]));
  });
}

/**
 * Splices that cannot be made: a stylesheet a render worker inlined that this thread cannot (gone
 * since), or ranges out of order. Rendering the page anywhere else would not help.
 */
export class PageStylesError extends Error {}

/**
 * The page's bytes in order, each spliced link replaced by its `<style>`. A page kept as these
 * pieces shares its styles (about half of it) with every page of the same sections.
 */
export function splicedPieces(page: Buffer<ArrayBuffer>, splices: readonly StyleSplice[]): Buffer<ArrayBuffer>[] {
  return piecesOf(page, splices).pieces;
}

/** A page as pieces (splicedPieces), and which of them are its sections' views, in order. */
export interface PagePieces {
  pieces: Buffer<ArrayBuffer>[];
  /** Each view's piece, when the page came with where its views are and no splice falls inside one. */
  viewPieces?: number[];
}

/**
 * splicedPieces, with each section's view a piece of its own too when `views` says where they
 * are (two numbers a view, src/lib/view-marks.ts): a publication can then swap a view's piece for
 * its new HTML (page-layout.ts).
 */
export function piecesOf(page: Buffer<ArrayBuffer>, splices: readonly StyleSplice[], views?: readonly number[]): PagePieces {
  inOrder(splices, page.length, (message) => {
    throw new PageStylesError(`A page's style splices are out of order (${message})`);
  });
  const viewCuts: { from: number; to: number; key?: string }[] = [];
  for (let index = 0; views && index + 1 < views.length; index += 2) viewCuts.push({ from: views[index]!, to: views[index + 1]! });
  // Both in the page's order: the views stay in theirs, which is their sections'.
  const cuts = [...splices, ...viewCuts].sort((a, b) => a.from - b.from);
  // A view out of place, or overlapping a link (never in a page of ours): the page is kept without its views.
  let viewsFit = views !== undefined && views.length % 2 === 0;
  inOrder(viewCuts, page.length, () => (viewsFit = false));
  inOrder(cuts, page.length, () => (viewsFit = false));
  const pieces: Buffer<ArrayBuffer>[] = [];
  const viewPieces: number[] = [];
  let from = 0;
  for (const { from: at, to, key } of viewsFit ? cuts : splices) {
    pieces.push(page.subarray(from, at));
    if (key === undefined) {
      viewPieces.push(pieces.length);
      pieces.push(page.subarray(at, to));
    } else {
      const style = styleElementOf(key);
      // Only from a splice this module made, for a sheet that has not gone since.
      if (!style) throw new PageStylesError(`The stylesheet ${key.slice(0, key.indexOf(':')).split(SHEET_SEPARATOR).join(', ')} cannot be inlined any more`);
      pieces.push(style as Buffer<ArrayBuffer>);
    }
    from = to;
  }
  pieces.push(page.subarray(from));
  return viewsFit ? { pieces, viewPieces } : { pieces };
}

/** Calls `outOfOrder` for the first range of `ranges` that starts before the one before it ends, or does not fit in `length` bytes. */
function inOrder(ranges: readonly { from: number; to: number }[], length: number, outOfOrder: (message: string) => void): void {
  let end = 0;
  for (const { from, to } of ranges) {
    if (from < end || to < from || to > length) return outOfOrder(`${from}–${to} after ${end}, in ${length} bytes`);
    end = to;
  }
}

/** Offsets in a page, moved to where they are once its splices are made (an offset is never inside one). */
export function inlinedOffsets(offsets: readonly number[], splices: readonly StyleSplice[]): number[] {
  return offsets.map((offset) => {
    let moved = offset;
    for (const { from, to, key } of splices) if (to <= offset) moved += styleElementOf(key)!.length - (to - from);
    return moved;
  });
}

/** Where each spliced `<style>` is once the splices are made: the splices of the page as the build writes it. */
export function inlinedStyleRanges(splices: readonly StyleSplice[]): StyleSplice[] {
  return splices.map(({ from, key }) => {
    const [at] = inlinedOffsets([from], splices);
    return { from: at!, to: at! + styleElementOf(key)!.length, key };
  });
}

/** `page` with the splices made, as one buffer; `page` itself when there are none. */
export function inlinedPage(page: Buffer<ArrayBuffer>, splices: readonly StyleSplice[]): Buffer<ArrayBuffer> {
  return splices.length === 0 ? page : joinedPage(splicedPieces(page, splices));
}

/**
 * The splices of a rendered response's body if it is an HTML page, none for any other body; with
 * any, `headers` are made to fit: Astro counted the page's length with its links, so that count goes.
 */
export function responseStyleSplices(headers: Headers, body: Buffer): StyleSplice[] {
  if (!headers.get('content-type')?.startsWith('text/html')) return [];
  const splices = styleSplicesOf(body);
  if (splices.length > 0) headers.delete('content-length');
  return splices;
}

/** A rendered response's body with its stylesheets inlined if it is an HTML page (responseStyleSplices). */
export function withStylesInlined(headers: Headers, body: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  return inlinedPage(body, responseStyleSplices(headers, body));
}

/** `page` with each stylesheet it links put in the link's place, cut down to the page; `page` itself if none was. */
export function inlinePageStyles(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  return inlinedPage(page, styleSplicesOf(page));
}
