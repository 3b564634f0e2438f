/**
 * Turns stored pages into page bundles: follows every `$ref`, fills the bound
 * fields of collection sections, applies settings defaults and validates the
 * result. It is pure: it reads only the snapshot it is given, so the visitor
 * route, the API, the editor preview and the tests all get the same bundle.
 */
import type { z } from 'astro/zod';
import { COLLECTIONS as COLLECTION_NAMES, entryContentSchemas, entryIssues, type CollectionName, type Post, type Tag, type PostSummary, type ResolvedPost, type ResolvedTag } from './schema/collections';
import type { AnySectionDefinition, BindContext, CurrentEntry } from './schema/define-section';
import type { buildPageSchemas, PageMetaSchema } from './schema/page';
import { checkBundle, checksForCollections, type BoundChecks, type SectionToCheck } from './bundle-check';
import { pointerFromPath } from './pointer';
import { createRefExpander, pageBudget } from './expand-refs';
import { checkBoundSize, noteBound } from './bound-size';
import { originOf } from './ref-origin';
import { HOME_SLUG, isValidSlug, pathForSlug, TEMPLATE_SEGMENT } from './slug';
import { describeRefusal, refusalAt, type ContentSnapshot } from './snapshot';
import { siteSettingsProblems } from './schema/site-settings';
import { checkStoredPage, type StoredPage } from './stored-page';
import { entryMeta } from './entry-meta';
import { ContentError, PageNotFoundError, type Issue } from './content-error';
import { collectionDir, entriesOrThrow, refuseUnreadableCollection, entryFiles, filesThatWouldRoute, listSiteRoutes, strayCollectionFiles, type PageRoute, type SiteRoutes, type TemplateRoute } from './routes';

export { ContentError, PageNotFoundError, issuesOf, type ContentErrorKind, type Issue } from './content-error';
export { MAX_REF_DEPTH, MAX_REFS_PER_PAGE, MAX_RESOLVED_PAGE_SIZE } from './expand-refs';
export { collectionDir, pageFileOfSlug, PAGES_DIR, slugOfPageFile, type PageRoute, type TemplateRoute } from './routes';

type PageSchemas = ReturnType<typeof buildPageSchemas>;

/** A resolved section. Its `data` is checked against its type's schema; views narrow it with z.infer. */
export interface BundleSection {
  id: string;
  type: string;
  data: Record<string, unknown>;
  settings: Record<string, unknown>;
}

/** A resolved page: what the visitor route renders and GET /api/public-page returns. */
export interface Bundle {
  id: string;
  slug: string;
  meta: z.infer<typeof PageMetaSchema>;
  sections: BundleSection[];
}

export interface ResolverOptions {
  definitions: ReadonlyMap<string, AnySectionDefinition>;
  schemas: Pick<PageSchemas, 'BundleSchema' | 'BundleHeadSchema' | 'bundleSection' | 'StoredPageSchema'>;
}

export type Resolver = ReturnType<typeof createResolver>;

/** A resolver over one immutable snapshot; it memoises what it has resolved. */
export function createResolver(snapshot: ContentSnapshot, options: ResolverOptions) {
  const { definitions, schemas } = options;
  const refusal = (path: string) => refusalAt(snapshot.refused?.(), path);
  const resolveValue = createRefExpander(snapshot, refusal);
  let routes: SiteRoutes | undefined;
  let collections:
    | { posts: ResolvedPost[]; summaries: PostSummary[]; tags: ResolvedTag[]; postsBySlug: Map<string, ResolvedPost>; tagsBySlug: Map<string, ResolvedTag> }
    | undefined;
  let checkedWithCollections: BoundChecks | undefined;
  /** Where sections bound to this snapshot's collections are kept once checked (bundle-check.ts). */
  function checksOfBound(): BoundChecks {
    if (!checkedWithCollections) {
      // What binding reads: the templates (entries' URLs), each entry's file and object, and what
      // makes it refuse a collection (a refused or misnamed entry), so a kept check never hides that.
      const inputs: unknown[] = listRoutes().templates.flatMap(({ collection, slug }) => [collection, slug]);
      for (const collection of COLLECTION_NAMES) {
        const { entries, problems } = entryFiles(snapshot, collection);
        inputs.push(refusal(collectionDir(collection))?.reason, ...problems.map(({ message }) => message));
        for (const { file } of entries) inputs.push(file, snapshot.get(file));
      }
      checkedWithCollections = checksForCollections(schemas, inputs);
    }
    return checkedWithCollections;
  }
  /** Page files that passed validation; a template's file serves every entry page. */
  const storedPages = new Map<string, StoredPage>();

  function readStoredPage(file: string) {
    let page = storedPages.get(file);
    if (!page) {
      page = checkStoredPage(snapshot, schemas.StoredPageSchema, file);
      storedPages.set(file, page);
    }
    return page;
  }

  function listRoutes() {
    routes ??= listSiteRoutes(snapshot, (file) => readStoredPage(file).template!.collection);
    return routes;
  }

  function entryUrl(collection: CollectionName, slug: string): string | undefined {
    const template = listRoutes().templates.find((t) => t.collection === collection);
    return template && pathForSlug(template.slug.replace(TEMPLATE_SEGMENT, slug));
  }

  function readEntry(collection: CollectionName, file: string) {
    const issues = entryIssues(collection, snapshot.get(file));
    if (issues.length > 0) throw new ContentError('invalid', file, `is not a valid ${collection} entry`, '', issues);
    // Validated with its publication fields; sections receive the content fields only.
    return entryContentSchemas[collection].parse(snapshot.get(file));
  }

  function loadCollections() {
    if (collections) return collections;
    for (const collection of COLLECTION_NAMES) refuseUnreadableCollection(snapshot, collection);
    const tags: ResolvedTag[] = entriesOrThrow(snapshot, 'tags')
      .map(({ slug, file }) => ({ ...(readEntry('tags', file) as Tag), slug, url: entryUrl('tags', slug) }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const tagsBySlug = new Map(tags.map((tag) => [tag.slug, tag]));
    const posts: ResolvedPost[] = entriesOrThrow(snapshot, 'posts')
      .map(({ slug, file }) => {
        const post = readEntry('posts', file) as Post;
        const postTags = post.tags.map((tagSlug, index) => {
          const tag = tagsBySlug.get(tagSlug);
          if (!tag) throw new ContentError('dangling-ref', file, `tag "${tagSlug}" does not exist`, `/tags/${index}`);
          return tag;
        });
        return { ...post, slug, url: entryUrl('posts', slug), tags: postTags };
      })
      // Newest first; the slug breaks ties so the order never depends on the filesystem.
      .sort((a, b) => (a.date === b.date ? (a.slug < b.slug ? -1 : 1) : a.date < b.date ? 1 : -1));
    const summaries = posts.map(({ body: _body, ...summary }) => summary);
    collections = { posts, summaries, tags, postsBySlug: new Map(posts.map((post) => [post.slug, post])), tagsBySlug };
    return collections;
  }

  function currentEntry(route: PageRoute): CurrentEntry | undefined {
    if (!route.entry) return undefined;
    const { postsBySlug, tagsBySlug } = loadCollections();
    const { collection, slug } = route.entry;
    if (collection === 'posts') return { collection, slug, post: postsBySlug.get(slug)! };
    if (collection === 'tags') return { collection, slug, tag: tagsBySlug.get(slug)! };
    return { collection, slug, entry: { ...readEntry(collection, route.entry.file), slug, url: entryUrl(collection, slug) } };
  }

  /** Whether a section's candidate follows from its object alone: a known type with no `bind` (see bundle-check.ts). */
  function isUnbound(section: unknown): boolean {
    if (typeof section !== 'object' || section === null) return false;
    const { type } = section as { type?: unknown };
    const definition = typeof type === 'string' ? definitions.get(type) : undefined;
    return definition !== undefined && definition.bind === undefined;
  }

  /** A section as the page gets it (bound, if its type binds), and whether binding read the page's own entry. */
  function bindSection(section: unknown, index: number, file: string, current: CurrentEntry | undefined): { candidate: unknown; readsEntry: boolean } {
    let readsEntry = false;
    if (typeof section !== 'object' || section === null) return { candidate: section, readsEntry };
    const { type, data, settings, ...rest } = section as { type?: unknown; data?: unknown; settings?: unknown };
    const definition = typeof type === 'string' ? definitions.get(type) : undefined;
    if (!definition || typeof data !== 'object' || data === null) return { candidate: section, readsEntry }; // the bundle schema reports it
    const at = `/sections/${index}`;
    const context: BindContext = {
      posts: () => loadCollections().summaries,
      tags: () => loadCollections().tags,
      entries: (collection) => {
        if (!COLLECTION_NAMES.includes(collection)) throw new ContentError('binding', file, `there is no collection "${collection}"`, at);
        return entriesOrThrow(snapshot, collection)
          .map(({ slug, file }) => ({ ...readEntry(collection, file), slug, url: entryUrl(collection, slug) }))
          .sort((a, b) => (a.slug < b.slug ? -1 : 1));
      },
      get current() {
        readsEntry = true;
        return current;
      },
      fail: (message) => {
        throw new ContentError('binding', file, message, at);
      },
    };
    const bound = definition.bind ? definition.bind(data as never, context) : {};
    noteBound(section, bound);
    return { candidate: { ...rest, type, data: { ...data, ...bound }, settings: settings ?? {} }, readsEntry };
  }

  function findRoute(slug: string): PageRoute {
    if (!isValidSlug(slug)) throw new PageNotFoundError(slug);
    const route = listRoutes().bySlug.get(slug);
    if (route) return route;
    // A file that would give the page but is refused (a link, not JSON) says so, rather than "no page".
    const file = filesThatWouldRoute(slug, listRoutes().templates).find((candidate) => refusal(candidate));
    if (file) throw new ContentError('refused', file, describeRefusal(refusal(file)!, file));
    throw new PageNotFoundError(slug);
  }

  return {
    /** Every routable page: page files and one page per template entry. */
    listPages: (): PageRoute[] => listRoutes().pages,
    /** Template pages, for tools that edit them (they have no URL of their own). */
    listTemplates: (): TemplateRoute[] => listRoutes().templates,
    /** Page and entry files that give no route (a bad file name, an invalid template): every other page still works. */
    routeProblems: (): ContentError[] => listRoutes().problems,
    /** Entries whose page a page file at the same address replaces. */
    hiddenEntries: () => listRoutes().hiddenEntries,
    /** The site settings (shared/site.json) when they fail their schema. */
    settingsProblems: (): ContentError[] => siteSettingsProblems(snapshot),
    /** Every entry of every registered collection that fails its schema, used by a page or not, and every file under collections/ that is no entry. */
    entryProblems: (): ContentError[] =>
      COLLECTION_NAMES.flatMap((collection) =>
        entryFiles(snapshot, collection).entries.flatMap(({ file }) => {
          const issues = entryIssues(collection, snapshot.get(file));
          return issues.length ? [new ContentError('invalid', file, `is not a valid ${collection} entry`, '', issues)] : [];
        }),
      ).concat(strayCollectionFiles(snapshot)),
    /** The page a slug routes to, with the file behind it; throws PageNotFoundError. */
    findPage: (slug: string): PageRoute => findRoute(slug),
    /** The resolved bundle of a page; throws PageNotFoundError or ContentError. */
    resolvePage(slug: string = HOME_SLUG): Bundle {
      const route = findRoute(slug);
      const page = readStoredPage(route.file);
      const current = currentEntry(route);
      const budget = pageBudget(route.file);
      const sections = (resolveValue(page.sections, route.file, '', ['sections'], [], budget) as unknown[]).map((section, index): SectionToCheck => {
        const bindLater = { resolved: section, candidate: () => bindSection(section, index, route.file, current).candidate };
        if (isUnbound(section)) return { ...bindLater, reuse: 'anywhere' };
        // On a page that is no entry's, a section checked with these collections is not bound again (bundle-check.ts).
        const checked = !current && typeof section === 'object' && section !== null ? (checksOfBound().get(section) as { data?: unknown } | undefined) : undefined;
        if (checked) {
          noteBound(section as object, checked.data); // it brings in what its checked copy holds
          return { ...bindLater, reuse: 'collections' };
        }
        // A section that binds is bound now, before the meta is resolved: a page with faults in both reports the binding's.
        const { candidate, readsEntry } = bindSection(section, index, route.file, current);
        // Every page that is not an entry's reads the same entry, none: its binding follows from the object and the collections.
        return { resolved: section, reuse: readsEntry && current ? 'page' : 'collections', candidate: () => candidate };
      });
      checkBoundSize(route.file, sections.map(({ resolved }) => resolved));
      const head = {
        id: route.entry ? `${page.id}/${route.entry.slug}` : page.id,
        slug: route.slug,
        meta: entryMeta(resolveValue(page.meta, route.file, '', ['meta'], [], budget) as Bundle['meta'], current),
      };
      const checked = checkBundle(schemas, head, sections, checksOfBound);
      // The stored page's own unknown fields were refused with it; these are in the documents its refs reach.
      if (!checked.success) {
        const issues = checked.problems.map(({ path, message }): Issue => {
          // A value reached through $ref is fixed in the file that stores it: name that file and pointer.
          const origin = originOf(snapshot, route.file, page, path);
          if (!origin) return { path: pointerFromPath(path as (string | number)[]), message };
          return origin.file === route.file ? { path: origin.pointer, message } : { file: origin.file, path: origin.pointer, message };
        });
        throw new ContentError('invalid', route.file, 'does not resolve to a valid page', '', issues);
      }
      return checked.data as Bundle;
    },
  };
}

