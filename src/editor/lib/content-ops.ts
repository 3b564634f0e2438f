/**
 * Deleting and renaming (moving) pages, posts, tags, shared documents and
 * images: who points at the thing (named for people, not as pointers), and the
 * changeset for POST /api/content/changes that does it. Pure, over the
 * editor's documents, so the confirmation dialog can say what will change
 * before anything happens.
 */
import { refReferrers, urlReferrers, type MarkdownReader, type Referrer } from '../../engine/references';
import { fixedPageProblem, isValidSegment, moveTargetProblem, slugProblem } from '../../engine/slug';
import { parsePointer } from '../../engine/pointer';
import type { ContentSnapshot } from '../../engine/snapshot';
import { filenameOf, filenameProblem, type Usage } from './media';
import { linksTo } from './page-links';
import { docName } from './doc-name';

export { docName };
import { pageFile, type DocKind, type Docs, type EditorDoc } from './model';
import { addressTakenProblem, entryAddressTakenProblem, entryFile, entrySlugOf, entryCollectionOf, entryNounOf } from './entries';

/** What a delete or rename acts on: a data file the editor has, or an uploaded image. */
export type OpTarget = { type: 'doc'; file: string } | { type: 'image'; url: string; version?: string };

export type Change =
  | { op: 'put'; file: string; content: unknown; baseVersion: string | null }
  | { op: 'delete'; file: string; baseVersion: string }
  /** `content`: the moved document's own, when the move changes it (its links to itself). */
  | { op: 'move'; file: string; to: string; baseVersion: string; content?: unknown };

/** A file that points at the target, as the dialog lists it. */
export interface NamedReferrer {
  file: string;
  /** "Page “About” (/about/)", "Post “Editing without fear”", "Shared footer". */
  name: string;
  /** Where in the file, as JSON pointers. */
  pointers: string[];
}

export const IMAGES_DIR = 'assets/images/';
/** `/assets/images/a.png` → `assets/images/a.png`, the changeset's name for it. */
export const imageFile = (url: string) => url.replace(/^\//, '');

export function snapshotOfDocs(docs: Docs): ContentSnapshot {
  return { get: (path) => docs[path]?.data, paths: () => Object.keys(docs) };
}


/** What the thing itself is called in the dialog's title and messages. */
export function targetName(docs: Docs, target: OpTarget): string {
  return target.type === 'image' ? `the image ${filenameOf(target.url)}` : docName(docs, target.file);
}

function named(docs: Docs, referrers: readonly Referrer[]): NamedReferrer[] {
  const byFile = new Map<string, string[]>();
  for (const { file, pointer } of referrers) byFile.set(file, [...(byFile.get(file) ?? []), pointer]);
  return [...byFile].map(([file, pointers]) => ({ file, name: docName(docs, file), pointers })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The posts carrying a tag: a relation by slug, not a `$ref`, so deleting or renaming the tag touches them too. */
export function postsTagged(docs: Docs, tagSlug: string): EditorDoc[] {
  return Object.values(docs).filter((doc) => doc.kind === 'entry' && doc.saveSlug.startsWith('posts/') && ((doc.data as { tags?: unknown })?.tags as unknown[] | undefined)?.includes?.(tagSlug));
}

export const tagSlugOf = (file: string) => /^collections\/tags\/([^/]+)\.json$/.exec(file)?.[1];

/**
 * Everything that points at the target: `$ref`s to the file, fields holding the image URL (with
 * `markdown`, links to it in Markdown fields too: rich-text/markdown-reader.ts), posts carrying the tag.
 */
export function referrersOf(docs: Docs, target: OpTarget, markdown?: MarkdownReader): NamedReferrer[] {
  const snapshot = snapshotOfDocs(docs);
  if (target.type === 'image') return named(docs, urlReferrers(snapshot, target.url, new Set(), markdown));
  const found = refReferrers(snapshot, target.file, new Set([target.file]));
  const tag = tagSlugOf(target.file);
  if (tag) {
    for (const post of postsTagged(docs, tag)) {
      const index = ((post.data as { tags: unknown[] }).tags).indexOf(tag);
      found.push({ file: post.file, pointer: `/tags/${index}` });
    }
  }
  return named(docs, found);
}

/**
 * Where an uploaded image is used, as the content store judges it before a delete (every spelling
 * of its URL, and the links to it in Markdown fields, not the same characters in code): what the
 * media library says under each image, so its "Not used" is what the delete dialog finds.
 */
export function imageUsage(docs: Docs, url: string, markdown: MarkdownReader): Usage[] {
  const order: Record<DocKind, number> = { page: 0, shared: 1, entry: 2 };
  return referrersOf(docs, { type: 'image', url }, markdown)
    .map(({ file, name, pointers }) => ({ file, kind: docs[file]!.kind, name, paths: pointers.map((pointer) => parsePointer(pointer).join('.')) }))
    .sort((a, b) => order[a.kind] - order[b.kind] || a.name.localeCompare(b.name));
}

/** The links to the target's address (a page's, an entry's page), which a delete leaves leading to "page not found". */
export function linkReferrersOf(docs: Docs, target: OpTarget, markdown?: MarkdownReader): NamedReferrer[] {
  if (target.type !== 'doc') return [];
  return linksTo(docs, target.file, markdown)
    .map(({ file, pointers }) => ({ file, name: docName(docs, file), pointers }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Why a document or image cannot be deleted or renamed at all, or null. */
export function lockedBecause(docs: Docs, target: OpTarget): string | null {
  if (target.type === 'image') return null;
  const doc = docs[target.file];
  if (!doc) return 'It is not in the editor.';
  if (doc.version === null) return 'It is not saved yet: save it first, or discard it (the Discard button beside its title).';
  // The editor offers neither Delete nor Rename for these, so the stricter of the two rules.
  return (doc.kind === 'page' && fixedPageProblem(doc.saveSlug, 'move')) || null;
}

/** The name a target is renamed by: a page's slug, an entry's slug, a shared document's or an image's file name. */
export function currentName(docs: Docs, target: OpTarget): string {
  if (target.type === 'image') return filenameOf(target.url);
  const doc = docs[target.file]!;
  if (doc.kind === 'page') return doc.saveSlug;
  if (doc.kind === 'entry') return entrySlugOf(doc);
  return doc.saveSlug.slice('shared/'.length);
}

/** The file a target has after a rename to `name`. */
export function renamedFile(docs: Docs, target: OpTarget, name: string): string {
  if (target.type === 'image') return `${IMAGES_DIR}${name}`;
  const doc = docs[target.file]!;
  if (doc.kind === 'page') return pageFile(name);
  if (doc.kind === 'entry') return entryFile(doc.saveSlug.split('/')[0]!, name);
  return `shared/${name}.json`;
}

/** Why `name` cannot be the new name, or null; like the new-page and new-entry dialogs. */
export function renameProblem(docs: Docs, target: OpTarget, name: string, takenImages: readonly string[] = []): string | null {
  if (name === currentName(docs, target)) return 'Type a new name.';
  if (target.type === 'image') {
    const problem = filenameProblem(name);
    if (problem) return problem;
    const extension = (file: string) => file.split('.').pop()!.toLowerCase();
    if (extension(name) !== extension(target.url)) return `Keep the extension .${extension(target.url)}: renaming does not convert the image.`;
    const others = takenImages.filter((url) => url !== target.url).map(filenameOf);
    if (others.includes(name)) return `An image “${name}” already exists.`;
    // The server refuses a name taken in other capitals (on Mac and Windows the two would be one file): said as you type, as an exact one is.
    const twin = others.find((other) => other.toLowerCase() === name.toLowerCase());
    return twin ? `An image named “${twin}”, the same but for capitals, already exists: on Mac and Windows the two would be one file. Choose another name.` : null;
  }
  const doc = docs[target.file]!;
  const moveProblem = doc.kind === 'page' ? moveTargetProblem(name) : undefined;
  if (moveProblem) return moveProblem;
  const shape = doc.kind === 'page' ? slugProblem(name) : isValidSegment(name) ? undefined : 'Use lowercase letters, digits and single hyphens (for example release-notes).';
  if (shape) return shape;
  if (docs[renamedFile(docs, target, name)]) return doc.kind === 'page' ? addressTakenProblem(docs, name) : `Another ${entryNounOf(entryCollectionOf(doc))} is named “${name}”.`;
  // A page file wins over an entry's page at the same address: neither may move onto the other's.
  return doc.kind === 'page' ? addressTakenProblem(docs, name) : entryAddressTakenProblem(docs, entryCollectionOf(doc), name);
}

/** The version a change to the target is based on. */
export function versionOf(docs: Docs, target: OpTarget): string {
  return target.type === 'image' ? target.version ?? '' : docs[target.file]!.version ?? '';
}

export function deleteChanges(docs: Docs, target: OpTarget): Change[] {
  return [{ op: 'delete', file: target.type === 'image' ? imageFile(target.url) : target.file, baseVersion: versionOf(docs, target) }];
}

/**
 * A delete that also removes what points at the target, in the same
 * changeset, when every link is one the editor can remove without leaving a
 * hole: a page's whole section that is a shared document, or a tag in a
 * post's tags. Undefined when some link is anything else (a field's `$ref`,
 * an image URL): those are for a person to replace.
 */
export function unlinkAndDeleteChanges(docs: Docs, target: OpTarget): { changes: Change[]; unlinked: NamedReferrer[] } | undefined {
  if (target.type !== 'doc' || !docs[target.file]) return undefined;
  const referrers = referrersOf(docs, target);
  const tag = tagSlugOf(target.file);
  const isShared = docs[target.file]!.kind === 'shared';
  if (referrers.length === 0 || (!tag && !isShared)) return undefined;
  const changes: Change[] = [];
  for (const referrer of referrers) {
    const holder = docs[referrer.file]!;
    const data = holder.data as Record<string, unknown>;
    if (tag && holder.kind === 'entry' && referrer.pointers.every((pointer) => /^\/tags\/\d+$/.test(pointer))) {
      changes.push({ op: 'put', file: holder.file, content: { ...data, tags: (data.tags as string[]).filter((slug) => slug !== tag) }, baseVersion: holder.version });
    } else if (isShared && holder.kind === 'page' && referrer.pointers.every((pointer) => /^\/sections\/\d+$/.test(pointer))) {
      const removed = new Set(referrer.pointers.map((pointer) => Number(pointer.split('/')[2])));
      changes.push({ op: 'put', file: holder.file, content: { ...data, sections: (data.sections as unknown[]).filter((_, index) => !removed.has(index)) }, baseVersion: holder.version });
    } else {
      return undefined;
    }
  }
  return { changes: [...changes, ...deleteChanges(docs, target)], unlinked: referrers };
}

/** A server issue in plain words: which document, where, what. */
export function describeIssue(docs: Docs, issue: { file: string; path: string; message: string }): string {
  const where = issue.file ? (docs[issue.file] ? docName(docs, issue.file) : issue.file.startsWith(IMAGES_DIR) ? `The image ${filenameOf(issue.file)}` : issue.file) : 'The change';
  return `${where}${issue.path ? ` (at ${issue.path})` : ''}: ${issue.message}`;
}
