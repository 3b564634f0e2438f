/**
 * Who points at what: the `$ref`s and image URLs between content files. The
 * content store asks before deleting a file (is anything still pointing at
 * it?) and when moving one (rewrite every pointer to it, and the relative
 * pointers inside it). Pure, on parsed documents, so the editor can ask too.
 */
import { ASSETS_URL_PREFIX } from '../../server/headers.mjs';
import { normalisedPath } from '../../server/requests.mjs';
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

/** Every string in `value` that `wanted` accepts, with its path. */
function findStrings(value: unknown, wanted: (text: string) => boolean, path: (string | number)[], out: { path: (string | number)[]; text: string }[]): void {
  if (typeof value === 'string') {
    if (wanted(value)) out.push({ path: [...path], text: value });
  } else if (Array.isArray(value)) value.forEach((item, index) => findStrings(item, wanted, [...path, index], out));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) findStrings(item, wanted, [...path, key], out);
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
  const path = normalisedPath(url);
  // The folder itself (`/assets/images/`) is the image servers' too, and no image: a name none has.
  if (path === ASSETS_URL_PREFIX.slice(0, -1)) return '';
  return path?.startsWith(ASSETS_URL_PREFIX) ? path.slice(ASSETS_URL_PREFIX.length) : undefined;
}

/** A field that names an uploaded image: where it is, its URL as written, and the image's file name. */
export interface ImageReference {
  pointer: string;
  url: string;
  name: string;
}

/** Every field of a document that holds an uploaded image's URL, in any spelling. */
export function imageReferences(document: unknown): ImageReference[] {
  const found: { path: (string | number)[]; text: string }[] = [];
  findStrings(document, (text) => uploadedImageName(text) !== undefined, [], found);
  return found.map(({ path, text }) => ({ pointer: pointerFromPath(path), url: text, name: uploadedImageName(text)! }));
}

/**
 * Every field in the snapshot whose value is `url`, or, for an uploaded image's URL, any spelling
 * of it (`?v=2` after it, percent-escapes): each shows the same image, so each keeps it in use.
 */
export function urlReferrers(snapshot: ContentSnapshot, url: string, ignore: ReadonlySet<string> = new Set()): Referrer[] {
  const image = uploadedImageName(url);
  const wanted = image === undefined ? (text: string) => text === url : (text: string) => text === url || uploadedImageName(text) === image;
  const found: Referrer[] = [];
  for (const file of snapshot.paths()) {
    if (ignore.has(file)) continue;
    const matches: { path: (string | number)[]; text: string }[] = [];
    findStrings(snapshot.get(file), wanted, [], matches);
    found.push(...matches.map(({ path }) => ({ file, pointer: pointerFromPath(path) })));
  }
  return found;
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
