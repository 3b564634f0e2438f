/**
 * POST /api/save-to-file: which file a slug selects. The save itself is a
 * one-file changeset of the content store, checked and written like any other.
 *
 * The slug selects, in this order:
 *   1. a key of `projectState.pages`            → src/data/pages/<slug>.json
 *   2. `posts/<entry>` or `tags/<entry>` with a key in `projectState.collections.<name>`
 *                                                → src/data/collections/<name>/<entry>.json
 *   3. `shared/<name>` with a key `<name>` in `projectState.shared`
 *                                                → src/data/shared/<name>.json
 */
import { COLLECTIONS, type CollectionName } from '../engine/schema/collections';
import { issuesOf } from '../engine/resolver';
import { isTemplateSlug, isValidSlug } from '../engine/slug';
import { StoredPageSchema } from '../sections/registry';
import { HttpError } from './errors';
import { refusalReason } from '../engine/data-files';
import { DATA_ROOT, refuseLinks } from './paths';
import type { FileIssue } from './store/changeset';
import type { ContentStore } from './store/content-store';

type Target =
  | { kind: 'page'; file: string; document: unknown }
  | { kind: 'entry'; file: string; document: unknown; collection: CollectionName }
  | { kind: 'shared'; file: string; document: unknown };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function ownValue(container: unknown, key: string): unknown {
  return isObject(container) && Object.hasOwn(container, key) ? container[key] : undefined;
}

/** Maps the request's slug to the one file it may write. */
export function selectTarget(projectState: Record<string, unknown>, slug: string): Target {
  if (!isValidSlug(slug) && !isTemplateSlug(slug)) {
    throw new HttpError(400, `Invalid slug "${slug}": use lowercase letters, digits and "-" in "/"-separated segments`);
  }
  const page = ownValue(projectState.pages, slug);
  if (page !== undefined) return { kind: 'page', file: `pages/${slug}.json`, document: page };

  const [head, ...rest] = slug.split('/');
  const name = rest.join('/');
  if (rest.length === 1 && (COLLECTIONS as readonly string[]).includes(head!)) {
    const collection = head as CollectionName;
    const entry = ownValue(ownValue(projectState.collections, collection), name);
    if (entry !== undefined) return { kind: 'entry', file: `collections/${collection}/${name}.json`, document: entry, collection };
  }
  if (head === 'shared' && rest.length > 0 && !isTemplateSlug(slug)) {
    const shared = ownValue(projectState.shared, name);
    if (shared !== undefined) return { kind: 'shared', file: `shared/${name}.json`, document: shared };
  }
  throw new HttpError(400, `Nothing to save for slug "${slug}": it is not a key of projectState.pages, a collection entry or a shared document`);
}

export interface SaveRequest {
  projectState?: unknown;
  slug?: unknown;
  baseVersion?: unknown;
}

/** A store issue as this endpoint has always reported it: a pointer into the saved file, or `<file>#<pointer>` for another file. */
const issueFor = (savedFile: string) => (issue: FileIssue) => ({ path: issue.file === savedFile ? issue.path : `${issue.file}#${issue.path}`, message: issue.message });

/**
 * Validates and writes the file a save selects, as a one-file changeset of the
 * content store (so it is serialised against every other write, and checked
 * the same way); returns the new content version.
 */
export async function saveToFile(body: SaveRequest, store: ContentStore): Promise<string> {
  if (!('projectState' in body) || body.projectState === undefined) throw new HttpError(400, 'projectState is required');
  if (!('slug' in body) || body.slug === undefined) throw new HttpError(400, 'slug is required');
  if (!isObject(body.projectState)) throw new HttpError(400, 'projectState must be an object');
  if (typeof body.slug !== 'string' || body.slug.trim() === '') throw new HttpError(400, 'slug must be a non-empty string');
  if (body.baseVersion !== undefined && typeof body.baseVersion !== 'string') throw new HttpError(400, 'baseVersion must be a string');

  const slug = body.slug;
  const target = selectTarget(body.projectState, slug);
  // Before anything reads the file: a link is never read through nor replaced (see src/engine/data-files.ts).
  // (The segments come from a validated slug; lstat reads nothing.)
  await refuseLinks(DATA_ROOT, target.file.split('/'), (link) => `Cannot save "${slug}": ${link} ${refusalReason('link')}`);
  if (target.kind === 'page') {
    const stored = StoredPageSchema.safeParse(target.document);
    if (!stored.success) throw new HttpError(400, `The page "${slug}" is not valid`, { issues: issuesOf(stored.error) });
    if ((target.document as { slug?: unknown }).slug !== slug) {
      throw new HttpError(400, `The page's slug field must be "${slug}"`, { issues: [{ path: '/slug', message: `Must be "${slug}"` }] });
    }
  }
  try {
    // Without a baseVersion the save overwrites whatever is there (no version check).
    const { versions } = await store.apply({ changes: [{ op: 'put', file: target.file, content: target.document, baseVersion: body.baseVersion as string | undefined }] });
    return versions[target.file]!;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 409) {
      const [conflict] = error.extra.conflicts as { currentVersion: string | null }[];
      throw new HttpError(409, `"${slug}" changed on disk since it was loaded; reload it, or save without baseVersion to overwrite`, { currentVersion: conflict?.currentVersion ?? null });
    }
    if (error.status === 400 && Array.isArray(error.extra.issues)) {
      const issues = (error.extra.issues as FileIssue[]).map(issueFor(target.file));
      const first = issues[0];
      throw new HttpError(400, `Saving "${slug}" would leave content that does not resolve${first ? `: ${first.path}: ${first.message}` : ''}`, { issues });
    }
    throw error;
  }
}
