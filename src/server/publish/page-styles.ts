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
const styleElements = new Map<string, Buffer | undefined>();
let styleElementBytes = 0;

/** The folders offered by whoever loaded the server build (server/stylesheets.mjs), none in `astro dev`. */
const offeredFolders = () => (globalThis as Record<symbol, unknown>)[FOLDERS] as readonly string[] | undefined;

function stylesheetNamed(name: string, folders: readonly string[]): PrunableStylesheet | undefined {
  if (!sheets.has(name)) {
    // A regular file only: a link in the folder is not followed out of it.
    const file = STYLESHEET_NAME.test(name) ? folders.map((folder) => join(folder, name)).find((candidate) => lstatSync(candidate, { throwIfNoEntry: false })?.isFile()) : undefined;
    sheets.set(name, file ? prunableStylesheet(readFileSync(file, 'utf8')) : undefined);
  }
  return sheets.get(name);
}

/** `<style>` with the rules of `sheet` the page's `scopes` can match, or none if it cannot be inlined. */
function styleElement(name: string, sheet: PrunableStylesheet, scopes: ReadonlySet<string>): Buffer | undefined {
  const present = new Set([...scopes].filter((scope) => sheet.scopes.has(scope)));
  const key = `${name}:${[...present].sort().join(',')}`;
  if (!styleElements.has(key)) {
    const css = prunedStylesheet(sheet, present);
    // A `</style` in the CSS (in a string, say) would end the element early: such a sheet stays linked.
    const element = /<\/style/i.test(css) ? undefined : Buffer.from(`<style>${css}</style>`);
    if (styleElementBytes + (element?.length ?? 0) > PRUNED_BUDGET_BYTES) {
      styleElements.clear();
      styleElementBytes = 0;
    }
    styleElements.set(key, element);
    styleElementBytes += element?.length ?? 0;
  }
  return styleElements.get(key);
}

/**
 * A rendered response's body with its stylesheets inlined if it is an HTML page, and its `headers`
 * made to fit: Astro counted the page's length before, so that count goes. Other bodies are as they were.
 */
export function withStylesInlined(headers: Headers, body: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  if (!headers.get('content-type')?.startsWith('text/html')) return body;
  const inlined = inlinePageStyles(body);
  if (inlined !== body) headers.delete('content-length');
  return inlined;
}

/** `page` with each stylesheet it links put in the link's place, cut down to the page; `page` itself if none was. */
export function inlinePageStyles(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const folders = offeredFolders();
  if (!folders) return page;
  let scopes: Set<string> | undefined;
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = page.indexOf(LINK_START); at >= 0; at = page.indexOf(LINK_START, at + LINK_START.length)) {
    const end = page.indexOf(LINK_END, at + LINK_START.length);
    if (end < 0) break;
    const name = page.toString('latin1', at + LINK_START.length, end);
    const sheet = stylesheetNamed(name, folders);
    const style = sheet && styleElement(name, sheet, (scopes ??= scopesIn(page)));
    if (!style) continue;
    pieces.push(page.subarray(from, at), style);
    from = end + LINK_END.length;
  }
  if (pieces.length === 0) return page;
  pieces.push(page.subarray(from));
  return Buffer.concat(pieces) as Buffer<ArrayBuffer>;
}
