/**
 * The links that lead to a page's or an entry's address: menu items, buttons, link fields and
 * links inside Markdown, in the editor's current documents. They are not `$ref`s, so they block
 * nothing; but deleting or unpublishing the target leaves them leading to "page not found", and
 * the editor says so, naming them, before it happens.
 */
import { pointerFromPath } from '../../engine/pointer';
import type { MarkdownReader } from '../../engine/references';
import { HOME_SLUG } from '../../engine/slug';
import { entryCollectionOf, entryPagePrefix, entrySlugOf } from './entries';
import { isLinkField } from './link-keys';
import { linkTargets, sitePathOf, type LinkTarget } from './link-targets';
import { stringsOf } from './media';
import type { Docs } from './model';
import { fieldLocationLabel } from './store/labels';

/** Where visitors see the page or entry (`/`, `/about`, `/posts/x`), or undefined for one with no page of its own. */
export function addressOf(docs: Docs, file: string): string | undefined {
  const doc = docs[file];
  if (doc?.kind === 'page') return doc.saveSlug.includes('[') ? undefined : doc.saveSlug === HOME_SLUG ? '/' : `/${doc.saveSlug}`;
  if (doc?.kind !== 'entry') return undefined;
  const prefix = entryPagePrefix(docs, entryCollectionOf(doc));
  return prefix === undefined ? undefined : `/${prefix}${entrySlugOf(doc)}`;
}

/** Where the page or entry in `file` will be once moved to `name` (its new slug), or undefined for one with no address. */
export function addressAfterMove(docs: Docs, file: string, name: string): string | undefined {
  const doc = docs[file];
  if (addressOf(docs, file) === undefined || !doc) return undefined;
  if (doc.kind === 'page') return `/${name}`;
  return `/${entryPagePrefix(docs, entryCollectionOf(doc))}${name}`;
}

/**
 * The site paths a document's data links to, each with the fields that hold it; found once per
 * data object (documents are replaced, never changed), so the editor asking on every keystroke
 * of a draft reads each other document once, not once per keystroke. A string is a link as a
 * whole; a Markdown field's links are read by the site's parser (markdown-links.ts), given the
 * reader, which the rich-text field's code brings (markdown-reader-loader.ts): until it has loaded,
 * links inside texts are not found, rather than guessed at by a pattern.
 */
const linkedPaths = new Map<MarkdownReader | undefined, WeakMap<object, ReadonlyMap<string, readonly string[]>>>();

function linkedPathsOf(file: string, data: unknown, markdown: MarkdownReader | undefined): ReadonlyMap<string, readonly string[]> {
  if (typeof data !== 'object' || data === null) return new Map();
  let byReader = linkedPaths.get(markdown);
  if (!byReader) linkedPaths.set(markdown, (byReader = new WeakMap()));
  let found = byReader.get(data);
  if (!found) {
    const texts = markdown?.fields(file, data) ?? new Set<string>();
    const byPath = new Map<string, string[]>();
    for (const [field, value] of stringsOf(data)) {
      const pointer = pointerFromPath(field.split('.'));
      const links = texts.has(pointer) ? markdown!.links.urls(value) : [value];
      const paths = new Set(links.map(sitePathOf).filter((path): path is string => path !== undefined));
      for (const path of paths) byPath.set(path, [...(byPath.get(path) ?? []), pointer]);
    }
    byReader.set(data, (found = byPath));
  }
  return found;
}

/** Every other document's fields that link to `file`'s address, as JSON pointers, by file; none for a file with no address. */
export function linksTo(docs: Docs, file: string, markdown?: MarkdownReader): { file: string; pointers: string[] }[] {
  const address = addressOf(docs, file);
  if (address === undefined) return [];
  return Object.values(docs).flatMap((doc) => {
    const pointers = doc.file === file ? undefined : linkedPathsOf(doc.file, doc.data, markdown).get(address);
    return pointers ? [{ file: doc.file, pointers: [...pointers] }] : [];
  });
}

/** `file`'s own fields that link to its address (a post's body linking to the post), as JSON pointers. */
export function linksFromItself(docs: Docs, file: string, markdown?: MarkdownReader): string[] {
  const address = addressOf(docs, file);
  return address === undefined ? [] : [...(linkedPathsOf(file, docs[file]?.data, markdown).get(address) ?? [])];
}

/**
 * A place in `file` as the dialogs say it: `section 3` for anything in a page's third section,
 * the field's label otherwise (a post's “Tags”, a shared header's “Menu”), as its form names it.
 * Never the raw pointer, which reads like an address (`/tags/0`), nor a key (`menu`, `logoHref`).
 */
export function placeOf(docs: Docs, file: string, pointer: string): string {
  const tokens = pointer.split('/').slice(1).map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
  // A shared section's fields are under `data`.
  const field = tokens[0] === 'data' ? tokens.slice(0, 2) : tokens.slice(0, 1);
  const [first, second] = tokens[0] === 'data' ? tokens.slice(1) : tokens;
  if (first === 'sections' && second !== undefined && /^\d+$/.test(second)) return `section ${Number(second) + 1}`;
  return first ? `“${fieldLocationLabel(docs, file, field).split(' › ').pop()}”` : 'its value';
}

/** The links to a page or entry that visitors do not get yet (a draft, or scheduled), in a sentence; undefined when none lead to it. */
export function linksToHiddenNote(docs: Docs, file: string, nameOf: (file: string) => string, markdown?: MarkdownReader): string | undefined {
  const links = linksTo(docs, file, markdown);
  const count = links.reduce((sum, { pointers }) => sum + pointers.length, 0);
  if (count === 0) return undefined;
  const from = new Intl.ListFormat('en', { type: 'conjunction' }).format(links.map((link) => nameOf(link.file)));
  return `${count === 1 ? 'A link' : `${count} links`} from ${from} ${count === 1 ? 'leads' : 'lead'} here: visitors who follow ${count === 1 ? 'it' : 'them'} get “page not found” until it is published.`;
}

/**
 * The fields whose whole value is a link to `file`'s address (a menu item's, a button's, a link
 * field's: link-kind fields only, link-keys.ts), by file; a link inside a text (Markdown) is not
 * one, nor a text that reads like an address. These are what a move of the page
 * or entry rewrites to its new address. With `own`, the page's or entry's own links to itself
 * (a "back to top" button), which the move carries to the new path.
 */
export function linkFieldsTo(docs: Docs, file: string, { own = false } = {}): { file: string; fields: string[] }[] {
  const address = addressOf(docs, file);
  if (address === undefined) return [];
  return Object.values(docs).flatMap((doc) => {
    if ((doc.file === file) !== own) return [];
    const fields = stringsOf(doc.data).filter(([field, value]) => sitePathOf(value) === address && isLinkField(field)).map(([field]) => field);
    return fields.length ? [{ file: doc.file, fields }] : [];
  });
}

/** `link` (a link to the old address) leading to `address` instead, keeping its trailing slash, query and fragment. */
export function relinked(link: string, address: string): string {
  const url = new URL(link, 'https://site.invalid');
  const slash = url.pathname.length > 1 && url.pathname.endsWith('/') && address !== '/' ? '/' : '';
  return `${address}${slash}${url.search}${url.hash}`;
}

/** `data` with the link in each of `fields` (dotted paths) leading to `address`. */
export function withLinksTo(data: unknown, fields: readonly string[], address: string): unknown {
  const copy = structuredClone(data) as Record<string, unknown>;
  for (const field of fields) {
    const keys = field.split('.');
    const holder = keys.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], copy) as Record<string, unknown>;
    const last = keys.at(-1)!;
    holder[last] = relinked(holder[last] as string, address);
  }
  return copy;
}

/**
 * The pages and entries visitors cannot follow yet (a draft, scheduled) that `data` (the content of
 * `file`) links to and `before` (the document as it was saved) did not: a save that adds such a
 * link says so, as the link field did, since a menu item in the shared header is on every page.
 */
export function newLinksToHidden(docs: Docs, file: string, data: unknown, before: unknown, now: Date, markdown?: MarkdownReader): LinkTarget[] {
  const had = new Set(linkedPathsOf(file, before, markdown).keys());
  const added = [...linkedPathsOf(file, data, markdown).keys()].filter((path) => !had.has(path));
  if (added.length === 0) return [];
  const hidden = linkTargets(docs, now).filter((target) => target.state !== undefined);
  return added.flatMap((path) => hidden.filter((target) => target.path === path));
}
