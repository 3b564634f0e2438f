/**
 * Who points at what: the `$ref`s and image URLs between content files. The
 * content store asks before deleting a file (is anything still pointing at
 * it?) and when moving one (rewrite every pointer to it, and the relative
 * pointers inside it). Pure, on parsed documents, so the editor can ask too.
 *
 * An image URL is a string field's whole value, or a link inside a Markdown
 * field (`[plan](/assets/images/plan.png)`): given a Markdown reader
 * (site-markdown.ts), a field its schema declares Markdown is read for the
 * links it renders rather than as one URL. The reader is passed in, not
 * imported: it carries a Markdown parser, which the editor's first load does
 * not, and the section registry, which the build's config must not load;
 * without one a Markdown field is read whole, as any string.
 */
import { ASSETS_URL_PREFIX } from '../../server/headers.mjs';
import { normalisedPath } from '../../server/requests.mjs';
import type { MarkdownLinks } from './markdown-links';
import { parseRef, pointerFromPath, RefSyntaxError } from './pointer';
import { dirname } from './posix-path';
import { collectRefs, type RefObject } from './schema/refs';
import type { ContentSnapshot } from './snapshot';

/** A place that points at something: a data file and a JSON pointer into it. */
export interface Referrer {
  file: string;
  pointer: string;
}

/** The data file a `$ref` held in `holder` points at, or undefined when it is malformed. */
/** The data file a `$ref` held in `holder` points into, or undefined when it cannot be parsed. */
export function refTargetFile(ref: RefObject, holder: string): string | undefined {
  if (typeof ref.$ref !== 'string') return undefined;
  try {
    return parseRef(ref.$ref, holder).file;
  } catch (error) {
    if (error instanceof RefSyntaxError) return undefined;
    throw error;
  }
}

/** Every `$ref` in the snapshot that points into `target`, except those inside files in `ignore`. */
export function refReferrers(snapshot: ContentSnapshot, target: string, ignore: ReadonlySet<string> = new Set()): Referrer[] {
  const found: Referrer[] = [];
  for (const file of snapshot.paths()) {
    if (ignore.has(file)) continue;
    for (const { path, ref } of collectRefs(snapshot.get(file))) {
      if (refTargetFile(ref, file) === target) found.push({ file, pointer: pointerFromPath(path) });
    }
  }
  return found;
}

/** Every string in `value`, with its path. */
function findStrings(value: unknown, path: (string | number)[], out: { path: (string | number)[]; text: string }[]): void {
  if (typeof value === 'string') out.push({ path: [...path], text: value });
  else if (Array.isArray(value)) value.forEach((item, index) => findStrings(item, [...path, index], out));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) findStrings(item, [...path, key], out);
  }
}

/** What references need of Markdown: which strings of a data file are Markdown (markdown-fields.ts), and what their links are. */
export interface MarkdownReader {
  fields(file: string, document: unknown): ReadonlySet<string>;
  links: MarkdownLinks;
}

/** The JSON pointers of the Markdown strings of `document`, none without a reader or a file. */
const markdownFields = (document: unknown, file: string | undefined, markdown: MarkdownReader | undefined): ReadonlySet<string> =>
  markdown && file !== undefined ? markdown.fields(file, document) : new Set();

/**
 * The URLs `document` (the content of the data file `file`) leads to, with their fields: each
 * string's value, or with `markdown`, for a Markdown field each address its links lead to (once),
 * marked `inText`.
 */
function urlsIn(document: unknown, file: string | undefined, markdown: MarkdownReader | undefined): { pointer: string; url: string; inText?: true }[] {
  const strings: { path: (string | number)[]; text: string }[] = [];
  findStrings(document, [], strings);
  const inMarkdown = markdownFields(document, file, markdown);
  return strings.flatMap(({ path, text }) => {
    const pointer = pointerFromPath(path);
    return inMarkdown.has(pointer) ? [...new Set(markdown!.links.urls(text))].map((url) => ({ pointer, url, inText: true as const })) : [{ pointer, url: text }];
  });
}

/** Where a relative link is resolved to find the image it means: the site's root, where any number of `../` ends. */
const SITE_ROOT = 'http://site.invalid/';

// A `.` or `..` segment, plain or percent-encoded, as the URL parser reads one.
const DOT_SEGMENT = /(?:^|[/\\])(?:\.|%2e){1,2}(?=[/\\?#]|$)/i;

/**
 * `url` with its dot segments resolved as a browser resolves them before it asks
 * (`/x/../assets/images/a.png` is a request for `/assets/images/a.png`), which the servers, which
 * refuse such a path, never see; any other URL as it is.
 */
function withDotSegmentsResolved(url: string): string {
  if (!DOT_SEGMENT.test(url.split(/[?#]/, 1)[0]!)) return url;
  try {
    const resolved = new URL(url, SITE_ROOT);
    return resolved.pathname + resolved.search;
  } catch {
    return url;
  }
}

/**
 * The file name of the uploaded image a site URL shows (`/assets/images/a.png?v=2#x` → `a.png`),
 * whatever its spelling: the name the servers pick the file by, from the same decoded, normalised
 * path (server/requests.mjs: query and fragment dropped, percent-escapes decoded, doubled slashes,
 * backslashes and a trailing slash taken away, `/assets//images/a.png` being sent to the image).
 * Undefined for any other URL: external, protocol-relative (`//host/…`, which browsers read `/\` as
 * too), another site path, or one the servers refuse. The name may be one no image can have
 * (`a/b.png`): that URL shows nothing.
 */
export function uploadedImageName(url: string): string | undefined {
  if (!url.startsWith('/') || /^\/[/\\]/.test(url)) return undefined;
  const path = normalisedPath(withDotSegmentsResolved(url));
  // The folder itself (`/assets/images/`) is the image servers' too, and no image: a name none has.
  if (path === ASSETS_URL_PREFIX.slice(0, -1)) return '';
  return path?.startsWith(ASSETS_URL_PREFIX) ? path.slice(ASSETS_URL_PREFIX.length) : undefined;
}


/**
 * The uploaded image a relative link in a Markdown text means (`../assets/images/plan.png`,
 * `assets/images/plan.png` → `plan.png`): the one it leads to from the site's root. A browser
 * resolves it against the page that shows the text, so it shows the image only from pages at one
 * depth (`../assets/…` from `/about/`, not from `/posts/hello/`), from none after a move, and a
 * text shared by pages of several depths breaks on some: it is still counted as a reference (the
 * image is not deleted while a text means it; a rename rewrites it to the new absolute address),
 * and the links that lead nowhere name it, asking for `/assets/images/…` (links-nowhere.ts).
 * Undefined for anything else: an absolute path, a scheme, a fragment or a query alone.
 */
export function relativeImageName(href: string): string | undefined {
  if (href === '' || /^[/#?]/.test(href) || /^[a-z][a-z\d+.-]*:/i.test(href)) return undefined;
  let url: URL;
  try {
    url = new URL(href, SITE_ROOT);
  } catch {
    return undefined;
  }
  return url.href.startsWith(SITE_ROOT) ? uploadedImageName(url.href.slice(SITE_ROOT.length - 1)) : undefined;
}

/** The uploaded image a URL names: a field's whole value, or a link in a text, which may be relative (relativeImageName). */
const imageNameOf = (url: string, inText?: boolean) => uploadedImageName(url) ?? (inText ? relativeImageName(url) : undefined);

/** A field that names an uploaded image: where it is, its URL as written (a link's address, in Markdown), and the image's file name. */
export interface ImageReference {
  pointer: string;
  url: string;
  name: string;
}

/** How a document is read: the data file it is (whose schema says which fields are Markdown), and the Markdown reader. */
export interface Reading {
  file?: string;
  markdown?: MarkdownReader;
}

/** Every uploaded image's URL in a document, in any spelling, with its field. */
export function imageReferences(document: unknown, { file, markdown }: Reading = {}): ImageReference[] {
  return urlsIn(document, file, markdown).flatMap(({ pointer, url, inText }) => {
    const name = imageNameOf(url, inText);
    return name === undefined ? [] : [{ pointer, url, name }];
  });
}

/**
 * Every field in the snapshot whose value is `url`, or, for an uploaded image's URL, any spelling
 * of it (`?v=2` after it, percent-escapes): each shows the same image, so each keeps it in use.
 */
export function urlReferrers(snapshot: ContentSnapshot, url: string, ignore: ReadonlySet<string> = new Set(), markdown?: MarkdownReader): Referrer[] {
  const image = uploadedImageName(url);
  const wanted = image === undefined ? (text: string) => text === url : (text: string, inText?: boolean) => text === url || imageNameOf(text, inText) === image;
  const found: Referrer[] = [];
  for (const file of snapshot.paths()) {
    if (ignore.has(file)) continue;
    // A Markdown field with two links to the image is one referrer.
    const pointers = new Set(urlsIn(snapshot.get(file), file, markdown).flatMap(({ pointer, url: text, inText }) => (wanted(text, inText) ? [pointer] : [])));
    found.push(...[...pointers].map((pointer) => ({ file, pointer })));
  }
  return found;
}

/** `value` with each string replaced by what `replacement` gives for it and its pointer, copied only along what changes. */
function replaceStrings(value: unknown, replacement: (text: string, pointer: string) => string | undefined, path: (string | number)[] = []): { value: unknown; changed: boolean } {
  if (typeof value === 'string') {
    const replaced = replacement(value, pointerFromPath(path));
    return replaced === undefined ? { value, changed: false } : { value: replaced, changed: true };
  }
  if (Array.isArray(value)) {
    const items = value.map((item, index) => replaceStrings(item, replacement, [...path, index]));
    return items.some((item) => item.changed) ? { value: items.map((item) => item.value), changed: true } : { value, changed: false };
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, item]) => [key, replaceStrings(item, replacement, [...path, key])] as const);
    return entries.some(([, item]) => item.changed) ? { value: Object.fromEntries(entries.map(([key, item]) => [key, item.value])), changed: true } : { value, changed: false };
  }
  return { value, changed: false };
}

/**
 * A copy of `document` (the data file `file`) in which every URL of an image in `moves` (file
 * name → new file name) leads to its new name, or undefined when none does. Every spelling of a
 * moved image's URL shows it (`?v=2` after it, percent-escapes): each follows, keeping its query
 * and fragment. In a Markdown field only the characters of each such link's path change, the
 * rest of the text staying as it was written (markdown-links.ts); a relative link's path becomes
 * the absolute one (relativeImageName).
 */
export function withImagesMoved(document: unknown, moves: ReadonlyMap<string, string>, { file, markdown }: Reading = {}): unknown {
  const movedPath = (url: string, inText?: boolean) => {
    const name = imageNameOf(url, inText);
    const to = name === undefined ? undefined : moves.get(name);
    return to === undefined ? undefined : `${ASSETS_URL_PREFIX}${to}`;
  };
  const inMarkdown = markdownFields(document, file, markdown);
  const { value, changed } = replaceStrings(document, (text, pointer) => {
    // A relative link to the image gets its new absolute address, which leads to it from every page.
    if (inMarkdown.has(pointer)) return markdown!.links.rewrite(text, (href) => movedPath(href, true));
    const path = movedPath(text);
    return path === undefined ? undefined : path + text.slice(text.split(/[?#]/, 1)[0]!.length);
  });
  return changed ? value : undefined;
}

/** The relative path from the folder of `holder` to `target`, both data-root-relative: what a `$ref` in `holder` writes. */
export function relativeRefPath(holder: string, target: string): string {
  const from = dirname(holder) === '.' ? [] : dirname(holder).split('/');
  const to = target.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common += 1;
  return [...from.slice(common).map(() => '..'), ...to.slice(common)].join('/');
}

/**
 * A copy of `document` (held at `holder`, moving to `newHolder`) with every
 * `$ref` written for where things are after a set of moves: refs to a moved
 * file point at its new path, and relative refs keep their target when the
 * holder itself moves. Returns undefined when nothing changes.
 */
export function rewriteRefs(document: unknown, holder: string, newHolder: string, moves: ReadonlyMap<string, string>): unknown {
  const refs = collectRefs(document);
  let changed = false;
  const copy = structuredClone(document);
  for (const { path, ref } of refs) {
    const target = refTargetFile(ref, holder);
    if (target === undefined) continue;
    const newTarget = moves.get(target) ?? target;
    if (newTarget === target && newHolder === holder) continue;
    const hash = ref.$ref.indexOf('#');
    const fragment = hash === -1 ? '' : ref.$ref.slice(hash);
    const rewritten = (newTarget === newHolder ? '' : relativeRefPath(newHolder, newTarget)) + fragment;
    if (rewritten === ref.$ref) continue;
    let node = copy as Record<string | number, unknown>;
    for (const key of path) node = node[key] as Record<string | number, unknown>;
    node.$ref = rewritten;
    changed = true;
  }
  return changed ? copy : undefined;
}
