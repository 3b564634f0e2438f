/**
 * Pure helpers of the media library: safe upload names, the client-side type
 * and size check, and where an image is used. The formats and the name's
 * length are the server's own (server/headers.mjs, plain constants the browser
 * can load); the other rules mirror src/server/images.ts, which the browser
 * cannot import (it loads sharp). So a file the client lets through is refused
 * by the server only for its bytes.
 */
import type { DocKind, Docs, EditorDoc } from './model';
import { docName } from './doc-name';
import { IMAGE_TYPES, MAX_FILENAME_LENGTH } from '../../../server/headers.mjs';

type ImageTypes = typeof IMAGE_TYPES;
/** What the media library calls each format. */
const LABELS: Record<keyof ImageTypes, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', gif: 'GIF', svg: 'SVG' };
/** The upload formats by MIME type, with the extensions the server accepts for each, the usual one first: the server's list (server/headers.mjs), named. */
export const UPLOAD_TYPES = Object.fromEntries(
  (Object.keys(IMAGE_TYPES) as (keyof ImageTypes)[]).map((name) => [IMAGE_TYPES[name].mime, { label: LABELS[name], extensions: IMAGE_TYPES[name].extensions }]),
) as { [Name in keyof ImageTypes as ImageTypes[Name]['mime']]: { label: string; extensions: ImageTypes[Name]['extensions'] } };
export type UploadMimeType = keyof typeof UPLOAD_TYPES;

const MIME_TYPES = Object.keys(UPLOAD_TYPES) as UploadMimeType[];
export const UPLOAD_EXTENSIONS: readonly string[] = MIME_TYPES.flatMap((mime) => UPLOAD_TYPES[mime].extensions);
/** For `<input type="file" accept>`. */
export const UPLOAD_ACCEPT = [...MIME_TYPES, ...UPLOAD_EXTENSIONS.map((extension) => `.${extension}`)].join(',');
/** "JPEG, PNG, WebP, GIF or SVG" */
export const UPLOAD_FORMATS = MIME_TYPES.map((mime) => UPLOAD_TYPES[mime].label).join(', ').replace(/, ([^,]+)$/, ' or $1');
export { MAX_FILENAME_LENGTH };
export const ASSETS_PREFIX = '/assets/images/';

const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

const isUploadType = (mime: string): mime is UploadMimeType => Object.hasOwn(UPLOAD_TYPES, mime.toLowerCase());
/** The MIME type to send with an upload: the file's own when it is an image type the server knows. */
export const uploadMimeType = (type: string): UploadMimeType | undefined => (isUploadType(type) ? (type.toLowerCase() as UploadMimeType) : undefined);

const mimeOfExtension = (extension: string): UploadMimeType | undefined =>
  MIME_TYPES.find((mime) => (UPLOAD_TYPES[mime].extensions as readonly string[]).includes(extension.toLowerCase()));

/** 10485760 → "10 MB", 1536 → "1.5 KB" (binary units, as the limit is set in MiB). */
export function formatBytes(bytes: number): string {
  const units: [number, string][] = [[1024 ** 3, 'GB'], [1024 ** 2, 'MB'], [1024, 'KB']];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(bytes / size >= 10 ? 0 : 1))} ${unit}`;
  }
  return `${bytes} byte${bytes === 1 ? '' : 's'}`;
}

/** "JPEG, PNG, WebP, GIF or SVG, up to 10 MB" */
export const uploadRules = (maxBytes: number) => `${UPLOAD_FORMATS}, up to ${formatBytes(maxBytes)}`;

/** The filename of an asset URL: `/assets/images/a.png` → `a.png`. */
export function filenameOf(url: string): string {
  const last = url.split(/[?#]/)[0]!.split('/').pop() || url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last; // a stray % in an external URL
  }
}

function splitName(name: string): [base: string, extension: string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot + 1)] : [name, ''];
}

/** Lowercase ASCII letters, digits, `-` and `_`: accents dropped, spaces and dots become `-`. */
function safeBase(base: string): string {
  return base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s.]+/g, '-')
    .replace(/[^a-z0-9_-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
}

function fitName(base: string, extension: string): string {
  let fitted = base.slice(0, MAX_FILENAME_LENGTH - extension.length - 1).replace(/[-_]+$/, '');
  if (!fitted) fitted = 'image';
  if (RESERVED.test(fitted)) fitted = `${fitted}-image`;
  return `${fitted}.${extension}`;
}

/**
 * A name the server accepts, proposed from a file's own name: lowercase,
 * spaces to `-`, other characters dropped, one extension (taken from the
 * MIME type when the name has none the server knows).
 */
export function suggestFilename(name: string, mimeType = ''): string {
  const fileName = name.split(/[\\/]/).pop() ?? '';
  const [base, rawExtension] = splitName(fileName);
  const extension = rawExtension.toLowerCase();
  const byName = mimeOfExtension(extension);
  const byType = uploadMimeType(mimeType);
  // The file's own extension when it fits its type (.jpeg stays .jpeg), else the type's usual one.
  if (byName && (!byType || byName === byType)) return fitName(safeBase(base), extension);
  if (byType) return fitName(safeBase(byName ? base : fileName), UPLOAD_TYPES[byType].extensions[0]);
  // Not an image type the server knows: the type check refuses the file anyway.
  return safeBase(fileName) || 'image';
}

/** `name` with the extension of `original` when it has no image extension of its own: renaming `photo.png`, `team` means `team.png`. */
export function withExtensionKept(name: string, original: string): string {
  const [, extension] = splitName(name);
  const [, kept] = splitName(original);
  return name === '' || (extension && mimeOfExtension(extension)) || !kept ? name : `${name}.${kept}`;
}

/**
 * What is wrong with an upload name, by the server's rules, or null. With the
 * file's MIME type, the extension must also be one of that type's.
 */
export function filenameProblem(name: string, mimeType = ''): string | null {
  if (name === '') return 'Enter a file name.';
  if (name.length > MAX_FILENAME_LENGTH) return `Use at most ${MAX_FILENAME_LENGTH} characters.`;
  const [base, extension] = splitName(name);
  if (!extension || !mimeOfExtension(extension)) return `End the name with an image extension: ${UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(', ')}.`;
  if (base.includes('.') || name.startsWith('.')) return 'Use a single extension, and no other dots.';
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(base)) return 'Use letters, digits, - and _ only, starting with a letter or digit.';
  if (RESERVED.test(base)) return `“${base}” is a reserved name; choose another.`;
  const mime = mimeType.toLowerCase();
  if (isUploadType(mime) && mimeOfExtension(extension) !== mime) {
    const { label, extensions } = UPLOAD_TYPES[mime as UploadMimeType];
    return `The file is a ${label} image: end its name with ${extensions.map((e) => `.${e}`).join(' or ')}.`;
  }
  return null;
}

/**
 * The next free variant of a name among `taken` (compared without case, as
 * some file systems do): `photo.png` → `photo-2.png`, `photo-2.png` → `photo-3.png`.
 */
export function nextFreeName(name: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((n) => n.toLowerCase()));
  used.add(name.toLowerCase());
  const [base, extension] = splitName(name);
  const match = /^(.*?)-(\d+)$/.exec(base);
  const stem = match && match[1] ? match[1] : base;
  for (let n = match && match[1] ? Number(match[2]) + 1 : 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${stem.slice(0, MAX_FILENAME_LENGTH - suffix.length - extension.length - 1)}${suffix}${extension ? `.${extension}` : ''}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

export interface FileFacts {
  name: string;
  /** The browser's MIME type; may be empty. */
  type: string;
  size: number;
}

/** What a file's first bytes say it is (rasterTypeOf, as the server judges): a raster format, or `other`. */
export type ContentType = 'png' | 'jpeg' | 'gif' | 'webp' | 'other';

/**
 * Why a file cannot be uploaded, or null: its type and size, and, given what its first bytes say it
 * is (`content`), whether a file that claims to be a JPEG, PNG, WebP or GIF is one. The browser
 * takes a file's type from its extension, so a text file named `fake.png` claimed to be a PNG and
 * was offered with a broken thumbnail until the server refused it. An SVG is text, which a
 * signature cannot tell: the server decides it by a parse.
 */
export function fileProblem(file: FileFacts, maxBytes: number, content?: ContentType): string | null {
  const type = file.type.toLowerCase();
  const claimed = type ? (isUploadType(type) ? type : undefined) : mimeOfExtension(splitName(file.name)[1]);
  if (!claimed) return `“${file.name}” is not a ${UPLOAD_FORMATS} image.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > maxBytes) {
    const [size, limit] = [formatBytes(file.size), formatBytes(maxBytes)];
    return `“${file.name}” is too large: ${size === limit ? `over ${limit}` : size}. Images can be at most ${limit}.`;
  }
  if (content === 'other' && claimed !== 'image/svg+xml') {
    const { label } = UPLOAD_TYPES[claimed];
    return `“${file.name}” is not a ${label} image, though its name says so: what is inside is not a picture (perhaps another kind of file was renamed). Choose the image itself.`;
  }
  return null;
}

/** The base64 part of a `data:` URL (the upload takes it without the prefix). */
export const base64OfDataUrl = (dataUrl: string) => dataUrl.slice(dataUrl.indexOf(',') + 1);

/** Asset URLs whose filename contains the query, ignoring case. */
export function filterAssets(urls: readonly string[], query: string): string[] {
  const needle = query.trim().toLowerCase();
  return needle ? urls.filter((url) => filenameOf(url).toLowerCase().includes(needle)) : [...urls];
}

/** Adds a URL to a sorted asset list (code-point order, as the server sorts), once. */
export function withAsset(urls: readonly string[], url: string): string[] {
  if (urls.includes(url)) return [...urls];
  return [...urls, url].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A document that uses an image. */
export interface Usage {
  file: string;
  kind: DocKind;
  /** How people know it: `Page “About” (/about/)`, `Shared header`, `Post “Hello”` (doc-name.ts). */
  name: string;
  /** Dotted paths of the values that contain the URL, e.g. `sections.1.data.image.url`. */
  paths: string[];
}

const strings = new WeakMap<object, [path: string, value: string][]>();

/** Every string value of a document's data with its path; cached per data object (documents are replaced, never changed). */
export function stringsOf(data: unknown): [string, string][] {
  if (typeof data !== 'object' || data === null) return typeof data === 'string' ? [['', data]] : [];
  let found = strings.get(data);
  if (!found) {
    found = [];
    const walk = (value: unknown, path: string) => {
      if (typeof value === 'string') found!.push([path, value]);
      else if (typeof value === 'object' && value !== null) {
        for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key);
      }
    };
    walk(data, '');
    strings.set(data, found);
  }
  return found;
}

/** Whether `text` contains `url` as a whole URL: not followed by more of a path (`a.png` is not in `a.png2` or `a.png/x`). */
function containsUrl(text: string, url: string): boolean {
  for (let at = text.indexOf(url); at >= 0; at = text.indexOf(url, at + 1)) {
    const next = text.charAt(at + url.length);
    if (!/[A-Za-z0-9._~/%-]/.test(next)) return true;
  }
  return false;
}


/**
 * The pages, shared documents and collection entries whose data contains the
 * URL (as a value, or inside one, like Markdown), in the editor's current,
 * unsaved state. Pages first, then shared documents, then entries.
 */
export function whereUsed(docs: Docs | readonly EditorDoc[], url: string): Usage[] {
  if (!url) return [];
  const order: Record<DocKind, number> = { page: 0, shared: 1, entry: 2 };
  const list = Array.isArray(docs) ? (docs as readonly EditorDoc[]) : Object.values(docs as Docs);
  const byFile: Docs = Array.isArray(docs) ? Object.fromEntries(list.map((doc) => [doc.file, doc])) : (docs as Docs);
  return list
    .map((doc) => ({ file: doc.file, kind: doc.kind, name: docName(byFile, doc.file), paths: stringsOf(doc.data).filter(([, value]) => containsUrl(value, url)).map(([path]) => path) }))
    .filter((usage) => usage.paths.length > 0)
    .sort((a, b) => order[a.kind] - order[b.kind] || a.name.localeCompare(b.name));
}
