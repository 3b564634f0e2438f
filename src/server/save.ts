/**
 * POST /api/save-to-file: which file a slug selects, and whether the site
 * still resolves with the new content, before anything is written.
 *
 * The slug selects, in this order:
 *   1. a key of `projectState.pages`            → src/data/pages/<slug>.json
 *   2. `posts/<entry>` or `tags/<entry>` with a key in `projectState.collections.<name>`
 *                                                → src/data/collections/<name>/<entry>.json
 *   3. `shared/<name>` with a key `<name>` in `projectState.shared`
 *                                                → src/data/shared/<name>.json
 */
import { readFile } from 'node:fs/promises';
import { COLLECTIONS, type CollectionName } from '../engine/schema/collections';
import { ContentError, issuesOf as zodIssues, type Issue, type Resolver } from '../engine/resolver';
import { overlaySnapshot, type ContentSnapshot } from '../engine/snapshot';
import { isTemplateSlug, isValidSlug } from '../engine/slug';
import { createSiteResolver as resolverFor } from '../lib/site-resolver';
import { StoredPageSchema } from '../sections/registry';
import { writeFileAtomic } from './atomic-write';
import { HttpError } from './errors';
import { refusalReason } from '../engine/data-files';
import { containedPath, DATA_ROOT, refuseLinks } from './paths';
import { contentVersion } from './version';

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

/** The error's issues, with pointers into the saved file as they are and others prefixed by their file. */
function issuesOf(error: ContentError, savedFile: string): Issue[] {
  const where = (path: string, file = error.file) => (file === savedFile ? path : `${file}#${path}`);
  if (error.issues.length > 0) return error.issues.map((issue) => ({ path: where(issue.path, issue.file), message: issue.message }));
  return [{ path: where(error.pointer), message: error.detail }];
}

/** Slugs that fail to resolve, with their errors. */
function failures(resolver: Resolver, slugsOf: (resolver: Resolver) => readonly string[] = allSlugs): Map<string, ContentError> {
  const failed = new Map<string, ContentError>();
  let targets: readonly string[];
  try {
    targets = slugsOf(resolver);
  } catch (error) {
    if (error instanceof ContentError) return new Map([['*', error]]);
    throw error;
  }
  for (const slug of targets) {
    try {
      resolver.resolvePage(slug);
    } catch (error) {
      if (error instanceof ContentError) failed.set(slug, error);
      else if (!(error instanceof Error && error.name === 'PageNotFoundError')) throw error;
    }
  }
  return failed;
}

const allSlugs = (resolver: Resolver) => resolver.listPages().map((page) => page.slug);

/** The pages a saved file can break: the page itself (every entry of a template), or every page. */
function affectedSlugs(target: Target, slug: string): (resolver: Resolver) => readonly string[] {
  if (target.kind !== 'page') return allSlugs;
  if (!isTemplateSlug(slug)) return () => [slug];
  return (resolver) => resolver.listPages().filter((page) => page.file === target.file).map((page) => page.slug);
}

/** Refuses content that is invalid or breaks a page that resolved before; 400 with issues. */
function validate(target: Target, slug: string, current: ContentSnapshot): void {
  if (target.kind === 'page') {
    const stored = StoredPageSchema.safeParse(target.document);
    if (!stored.success) throw new HttpError(400, `The page "${slug}" is not valid`, { issues: zodIssues(stored.error) });
    if ((target.document as { slug?: unknown }).slug !== slug) {
      throw new HttpError(400, `The page's slug field must be "${slug}"`, { issues: [{ path: '/slug', message: `Must be "${slug}"` }] });
    }
  }
  const after = resolverFor(overlaySnapshot(current, { [target.file]: target.document }));
  const broken = failures(after, affectedSlugs(target, slug));
  if (broken.size === 0) return;
  // Saving a shared document or an entry is not blocked by pages that were already broken.
  const before = target.kind === 'page' ? new Map() : failures(resolverFor(current), () => [...broken.keys()].filter((key) => key !== '*'));
  const introduced = [...broken].filter(([key]) => !before.has(key));
  if (introduced.length === 0) return;
  throw new HttpError(400, `Saving "${slug}" would leave content that does not resolve: ${introduced[0]![1].message}`, {
    issues: introduced.flatMap(([, error]) => issuesOf(error, target.file)),
  });
}

async function currentVersion(path: string): Promise<string | undefined> {
  try {
    return contentVersion(JSON.parse(await readFile(path, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (error instanceof SyntaxError) return 'invalid-json';
    throw error;
  }
}

export interface SaveRequest {
  projectState?: unknown;
  slug?: unknown;
  baseVersion?: unknown;
}

/** Validates and writes the file a save selects; returns the new content version. */
export async function saveToFile(body: SaveRequest, loadSnapshot: () => Promise<{ snapshot: ContentSnapshot }>): Promise<string> {
  if (!('projectState' in body) || body.projectState === undefined) throw new HttpError(400, 'projectState is required');
  if (!('slug' in body) || body.slug === undefined) throw new HttpError(400, 'slug is required');
  if (!isObject(body.projectState)) throw new HttpError(400, 'projectState must be an object');
  if (typeof body.slug !== 'string' || body.slug.trim() === '') throw new HttpError(400, 'slug must be a non-empty string');
  if (body.baseVersion !== undefined && typeof body.baseVersion !== 'string') throw new HttpError(400, 'baseVersion must be a string');

  const slug = body.slug;
  const target = selectTarget(body.projectState, slug);
  const segments = target.file.split('/');
  // Before anything reads the file: a link is never read through nor replaced (see src/engine/data-files.ts).
  // (The segments come from a validated slug; lstat reads nothing.)
  await refuseLinks(DATA_ROOT, segments, (link) => `Cannot save "${slug}": ${refusalReason(link, 'link')}`);
  const path = await containedPath(DATA_ROOT, segments);
  validate(target, slug, (await loadSnapshot()).snapshot);

  if (body.baseVersion !== undefined) {
    const onDisk = await currentVersion(path);
    if (onDisk !== body.baseVersion) {
      throw new HttpError(409, `"${slug}" changed on disk since it was loaded; reload it, or save without baseVersion to overwrite`, {
        currentVersion: onDisk ?? null,
      });
    }
  }
  await writeFileAtomic(path, `${JSON.stringify(target.document, null, 2)}\n`);
  return contentVersion(target.document);
}
