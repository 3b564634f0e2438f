/**
 * What a changeset makes of the content, before anything is written: the
 * documents after it, the files it rewrites to keep references whole, and
 * every reference it would leave dangling. Pure, over a content snapshot.
 */
import { siteMarkdown as markdown } from '../../engine/site-markdown';
import { refReferrers, rewriteRefs, urlReferrers, withImagesMoved, type Referrer } from '../../engine/references';
import { redirectsAfterDelete, redirectsAfterMove, redirectsEndedByDelete, redirectsEndedByMove, REDIRECTS_FILE, type Redirect } from '../../engine/redirects';
import { PAGES_DIR, slugOfPageFile } from '../../engine/resolver';
import { isReservedSlug, isTemplateSlug, TEMPLATE_SEGMENT } from '../../engine/slug';
import type { ContentSnapshot } from '../../engine/snapshot';
import { contentRoutes } from '../../engine/problems';
import { IMAGES_PREFIX, isImageFile, type Change, type FileIssue } from './changeset';
import { collectionOfFile } from './validate';

export interface Plan {
  /** Data files to write (with their new documents) or remove (undefined). */
  documents: Map<string, unknown>;
  /** Data file moves, `pages/a.json` → `pages/b.json`. */
  moves: Map<string, string>;
  /** Image moves, `assets/images/a.png` → `assets/images/b.png`. */
  imageMoves: Map<string, string>;
  imageRemovals: string[];
  /** Files the changeset did not name that are rewritten to follow a move. */
  rewritten: string[];
  /** References the changeset would leave dangling. */
  issues: FileIssue[];
  /** Redirects a page moved onto their address ends, other than its own trail (redirectsEndedByMove). */
  endedRedirects: Redirect[];
  /** Redirects to a deleted page that are not its own trail (redirectsEndedByDelete): an administrator's. */
  deleteEndedRedirects: Redirect[];
  /** The content as it would be after the changeset. */
  after: ContentSnapshot;
}

/** The public URL of an image file of a changeset (`assets/images/a.png` → `/assets/images/a.png`). */
export const imageUrl = (file: string) => `/${file}`;

function withDocuments(base: ContentSnapshot, documents: ReadonlyMap<string, unknown>): ContentSnapshot {
  // Files that cannot be read stay so (a page that needs one says why), unless the change writes or removes them.
  const refused = new Map([...(base.refused?.() ?? [])].filter(([path]) => !documents.has(path)));
  return {
    get: (path) => (documents.has(path) ? documents.get(path) : base.get(path)),
    paths: () => [...[...base.paths()].filter((path) => !documents.has(path) || documents.get(path) !== undefined), ...[...documents.keys()].filter((path) => documents.get(path) !== undefined && base.get(path) === undefined)],
    ...(refused.size > 0 ? { refused: () => refused } : {}),
  };
}

/** A moved page's document carries its new slug, so the file and its `slug` field keep agreeing. */
function movedPage(document: unknown, from: string, to: string): unknown {
  if (!from.startsWith(`${PAGES_DIR}/`) || typeof document !== 'object' || document === null) return document;
  const page = document as Record<string, unknown>;
  return page.slug === slugOfPageFile(from) ? { ...page, slug: slugOfPageFile(to) } : document;
}

/**
 * The addresses a file's move takes its page from and to, as page slugs: a page's own, and an
 * entry's at each template of its collection (`posts/[slug]`: `posts/old` → `posts/new`). A post's
 * move once left its old address "not found", where shared links and search results still lead,
 * while a page's redirected. None for a template, nor from an address the server keeps for itself
 * (a page put there before it was reserved, moved away).
 */
function movedAddresses(snapshot: ContentSnapshot, from: string, to: string): [string, string][] {
  if (from.startsWith(`${PAGES_DIR}/`)) {
    const slug = slugOfPageFile(from);
    return isTemplateSlug(slug) || isReservedSlug(slug) ? [] : [[slug, slugOfPageFile(to)]];
  }
  const collection = collectionOfFile(from);
  if (!collection || collectionOfFile(to) !== collection) return [];
  const entrySlug = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
  return contentRoutes(snapshot).templates.flatMap(({ slug, collection: shows }): [string, string][] => {
    const [fromSlug, toSlug] = [slug.replace(TEMPLATE_SEGMENT, entrySlug(from)), slug.replace(TEMPLATE_SEGMENT, entrySlug(to))];
    return shows === collection && !isReservedSlug(fromSlug) ? [[fromSlug, toSlug]] : [];
  });
}

const danglingIssue = (what: string, why = 'which this change deletes') => (referrer: Referrer): FileIssue => ({ file: referrer.file, path: referrer.pointer, message: `still points at ${what}, ${why}` });

export function planChangeset(current: ContentSnapshot, changes: readonly Change[]): Plan {
  const documents = new Map<string, unknown>();
  const moves = new Map<string, string>();
  const movedContent = new Map<string, unknown>();
  const imageMoves = new Map<string, string>();
  const imageRemovals: string[] = [];
  for (const change of changes) {
    if (isImageFile(change.file)) {
      if (change.op === 'move') imageMoves.set(change.file, change.to);
      else if (change.op === 'delete') imageRemovals.push(change.file);
    } else if (change.op === 'put') documents.set(change.file, change.content);
    else if (change.op === 'delete') documents.set(change.file, undefined);
    else {
      moves.set(change.file, change.to);
      if (change.content !== undefined) movedContent.set(change.file, change.content);
    }
  }
  // Moved files first: their content (or the one the move gives them), carried to the new path with their own relative refs rewritten.
  for (const [from, to] of moves) {
    const document = movedPage(movedContent.has(from) ? movedContent.get(from) : current.get(from), from, to);
    documents.set(to, rewriteRefs(document, from, to, moves) ?? document);
    documents.set(from, undefined);
  }
  // A moved page's old URL keeps working, and a moved post's or tag's: a permanent redirect, stored as data.
  const endedRedirects: Redirect[] = [];
  const deleteEndedRedirects: Redirect[] = [];
  for (const [from, to] of moves) {
    for (const [fromSlug, toSlug] of movedAddresses(current, from, to)) {
      const redirects = documents.has(REDIRECTS_FILE) ? documents.get(REDIRECTS_FILE) : current.get(REDIRECTS_FILE);
      endedRedirects.push(...redirectsEndedByMove(redirects, fromSlug, toSlug));
      documents.set(REDIRECTS_FILE, redirectsAfterMove(redirects, fromSlug, toSlug));
    }
  }
  // A deleted page takes the redirects that led to it along (redirectsAfterDelete); those that are not its own trail are named.
  for (const change of changes) {
    if (change.op !== 'delete' || !change.file.startsWith(`${PAGES_DIR}/`) || isTemplateSlug(slugOfPageFile(change.file))) continue;
    const before = documents.has(REDIRECTS_FILE) ? documents.get(REDIRECTS_FILE) : current.get(REDIRECTS_FILE);
    deleteEndedRedirects.push(...redirectsEndedByDelete(before, slugOfPageFile(change.file)));
    const redirects = redirectsAfterDelete(before, slugOfPageFile(change.file));
    if (redirects !== undefined) documents.set(REDIRECTS_FILE, redirects);
  }
  // Every other file, named or not, follows the moves of the files it points at, and of images
  // (every spelling of an image's URL, and the links to it in Markdown fields: withImagesMoved).
  const nameMoves = new Map([...imageMoves].map(([from, to]) => [from.slice(IMAGES_PREFIX.length), to.slice(IMAGES_PREFIX.length)] as const));
  const rewritten: string[] = [];
  const named = new Set(changes.flatMap((change) => (change.op === 'move' ? [change.file, change.to] : [change.file])));
  for (const file of withDocuments(current, documents).paths()) {
    if (moves.has(file)) continue;
    const document = documents.has(file) ? documents.get(file) : current.get(file);
    const refsFollowed = moves.size > 0 ? rewriteRefs(document, file, file, moves) : undefined;
    const imagesFollowed = nameMoves.size > 0 ? withImagesMoved(refsFollowed ?? document, nameMoves, { file, markdown }) : undefined;
    if (refsFollowed === undefined && imagesFollowed === undefined) continue;
    documents.set(file, imagesFollowed ?? refsFollowed);
    if (!named.has(file)) rewritten.push(file);
  }
  if (documents.has(REDIRECTS_FILE) && !named.has(REDIRECTS_FILE)) rewritten.push(REDIRECTS_FILE);
  const after = withDocuments(current, documents);
  const issues: FileIssue[] = [];
  for (const [file, document] of documents) {
    if (document !== undefined || moves.has(file)) continue;
    issues.push(...refReferrers(after, file).map(danglingIssue(file)));
  }
  for (const file of imageRemovals) issues.push(...urlReferrers(after, imageUrl(file), new Set(), markdown).map(danglingIssue(imageUrl(file))));
  // A link to a moved image in Markdown is rewritten only where the parser confirms the edit
  // (markdown-links.ts); one left behind would lead nowhere, so the move is refused instead.
  const movedOnto = new Set(imageMoves.values());
  for (const from of imageMoves.keys()) {
    if (!movedOnto.has(from)) issues.push(...urlReferrers(after, imageUrl(from), new Set(), markdown).map(danglingIssue(imageUrl(from), 'which this change renames: a link in this text could not be rewritten, so change it by hand first')));
  }
  return { documents, moves, imageMoves, imageRemovals, rewritten: rewritten.sort(), issues, endedRedirects, deleteEndedRedirects, after };
}
