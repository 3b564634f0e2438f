/**
 * The changeset that changes a page's, an entry's, a shared document's or an image's address
 * (file name), and what the dialog says of it before anything happens: who points at it, which
 * links follow it, which stay, and a page's redirect. Pure, over the editor's documents.
 */
import { pathForSlug } from '../../engine/slug';
import { docName, imageFile, linkReferrersOf, postsTagged, referrersOf, renamedFile, tagSlugOf, versionOf, type Change, type NamedReferrer, type OpTarget } from './content-ops';
import { addressAfterMove, linkFieldsTo, linksFromItself, withLinksTo } from './page-links';
import type { Docs } from './model';
import { entryCollectionOf, entryPagePrefix, entrySlugOf } from './entries';
import type { MarkdownReader } from '../../engine/references';

export interface RenamePlan {
  changes: Change[];
  /** Files whose pointers to the target are rewritten. */
  rewritten: NamedReferrer[];
  /** Links to a page's or entry's address (menu items, buttons, link fields) that are pointed at the new one. */
  relinked: NamedReferrer[];
  /** Links to the old address inside texts (Markdown), which are left as they are. */
  leftLinks: NamedReferrer[];
  /** For a page, or an entry with a page: its old address keeps working as a permanent redirect. */
  redirect?: { from: string; to: string };
  /** Where the editor goes after: the new route (a page slug or `~posts/<slug>`), or the image's new URL. */
  to: string;
}

/**
 * The changeset of a rename. The server rewrites `$ref`s and image URLs
 * itself; a tag is named by slug in its posts (a relation, not a `$ref`), so
 * those posts are rewritten here, in the same changeset, and so are the link
 * fields leading to a page or entry, in the files `mayChange` allows.
 */
export function renamePlan(docs: Docs, target: OpTarget, name: string, mayChange: (file: string) => boolean = () => true, markdown?: MarkdownReader): RenamePlan {
  const to = renamedFile(docs, target, name);
  const rewritten = referrersOf(docs, target, markdown);
  if (target.type === 'image') {
    return { changes: [{ op: 'move', file: imageFile(target.url), to, baseVersion: versionOf(docs, target) }], rewritten, relinked: [], leftLinks: [], to: `/${to}` };
  }
  const doc = docs[target.file]!;
  // Menu items, buttons and link fields that lead to its address lead to the new one (no hop through the redirect).
  const address = addressAfterMove(docs, target.file, name);
  // Its own links to itself move with it, in the move (a put of the new file would name it twice).
  const own = address === undefined ? [] : linkFieldsTo(docs, target.file, { own: true });
  const movedContent = own.length ? { content: withLinksTo(doc.data, own[0]!.fields, address!) } : {};
  const changes: Change[] = [{ op: 'move', file: target.file, to, baseVersion: versionOf(docs, target), ...movedContent }];
  const contents = new Map<string, unknown>();
  const tag = tagSlugOf(target.file);
  if (tag) {
    for (const post of postsTagged(docs, tag)) {
      const data = post.data as { tags: string[] };
      contents.set(post.file, { ...data, tags: data.tags.map((slug) => (slug === tag ? name : slug)) });
    }
  }
  // Only in files the user may change (an editor's move must not need the shared header): the others keep their links, named below.
  const fields = address === undefined ? [] : linkFieldsTo(docs, target.file).filter(({ file }) => mayChange(file));
  for (const { file, fields: at } of fields) contents.set(file, withLinksTo(contents.get(file) ?? docs[file]!.data, at, address!));
  for (const [file, content] of contents) changes.push({ op: 'put', file, content, baseVersion: docs[file]!.version });
  const relinked = [...own, ...fields].map(({ file, fields: at }) => ({ file, name: docName(docs, file), pointers: at.map((field) => `/${field.split('.').join('/')}`) }));
  // Its own links inside its texts stay too, and are named with the others (a post's would lead nowhere).
  const fromItself = { file: target.file, name: docName(docs, target.file), pointers: linksFromItself(docs, target.file, markdown) };
  const leftLinks = [...linkReferrersOf(docs, target, markdown), fromItself].flatMap((referrer) => {
    const moved = new Set(relinked.find((found) => found.file === referrer.file)?.pointers);
    const pointers = referrer.pointers.filter((pointer) => !moved.has(pointer));
    return pointers.length ? [{ ...referrer, pointers }] : [];
  });
  const plan = { changes, rewritten, relinked, leftLinks };
  if (doc.kind === 'page') return { ...plan, redirect: { from: pathForSlug(doc.saveSlug), to: pathForSlug(name) }, to: name };
  if (doc.kind === 'entry') {
    // Its page's old address redirects too, at its collection's template (the server adds it: src/server/store/plan.ts).
    const prefix = entryPagePrefix(docs, entryCollectionOf(doc));
    const redirect = prefix === undefined ? {} : { redirect: { from: pathForSlug(`${prefix}${entrySlugOf(doc)}`), to: pathForSlug(`${prefix}${name}`) } };
    return { ...plan, ...redirect, to: `~${entryCollectionOf(doc)}/${name}` };
  }
  return { ...plan, to: name };
}
