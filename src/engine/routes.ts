/**
 * Which pages a site has: one per page file, and one per entry of a
 * collection for each template page (`posts/[slug]`). Listing routes never
 * fails for one bad file: a page file with a bad name, an entry with a bad
 * name, or a template that is not valid is recorded as a problem, and every
 * other page is still listed. (An invalid template still gives its entry pages
 * when its folder names the collection, so those pages answer with the
 * template's error rather than vanish.)
 */
import { ContentError } from './content-error';
import { COLLECTIONS, type CollectionName } from './schema/collections';
import { isReservedSlug, isTemplateSlug, isValidSegment, isValidSlug, reservedSlugProblem, TEMPLATE_SEGMENT } from './slug';
import { describeRefusal, refusalAt, type ContentSnapshot } from './snapshot';

export const PAGES_DIR = 'pages';
export const collectionDir = (collection: CollectionName) => `collections/${collection}`;

export function slugOfPageFile(file: string): string {
  return file.slice(PAGES_DIR.length + 1, -'.json'.length);
}

export function pageFileOfSlug(slug: string): string {
  return `${PAGES_DIR}/${slug}.json`;
}

/** A routable page: a page file, or one entry of a collection template. */
export interface PageRoute {
  slug: string;
  /** The page file it comes from (for entries: the template file). */
  file: string;
  entry?: { collection: CollectionName; slug: string; file: string };
}

/** A template page that yields one page per entry of its collection. */
export interface TemplateRoute {
  slug: string;
  file: string;
  collection: CollectionName;
}

export interface SiteRoutes {
  pages: PageRoute[];
  templates: TemplateRoute[];
  bySlug: Map<string, PageRoute>;
  /** Files that give no route, or not all of theirs. */
  problems: ContentError[];
  /** Entries whose page a page file at the same address replaces (the page wins). */
  hiddenEntries: { slug: string; entry: string; page: string; template: string }[];
}

const COLLECTIONS_PREFIX = 'collections/';

/**
 * Why a file under collections/ is no entry: only a file directly in a registered collection's
 * folder is one, and nothing else there is read, so it would be left out of every list unseen.
 */
export function strayCollectionFileProblem(file: string): string | undefined {
  if (!file.startsWith(COLLECTIONS_PREFIX)) return undefined;
  const [collection, ...rest] = file.slice(COLLECTIONS_PREFIX.length).split('/');
  if (rest.length === 0 || !(COLLECTIONS as readonly string[]).includes(collection!)) {
    return `is in no collection: entries are files in ${COLLECTIONS.map((name) => `${collectionDir(name)}/`).join(', ')} (a new collection is declared in src/collections/)`;
  }
  return rest.length > 1 ? `entries are files directly in ${collectionDir(collection!)}/, not in a folder inside it` : undefined;
}

/** Files under collections/ that are no collection's entry (strayCollectionFileProblem), as problems. */
export function strayCollectionFiles(snapshot: ContentSnapshot): ContentError[] {
  return [...snapshot.paths()].flatMap((file) => {
    const problem = strayCollectionFileProblem(file);
    return problem ? [new ContentError('invalid', file, problem)] : [];
  });
}

/** The entry files of a collection, sorted by slug, and the files whose names cannot be slugs. */
export function entryFiles(snapshot: ContentSnapshot, collection: CollectionName) {
  const prefix = `${collectionDir(collection)}/`;
  const entries: { slug: string; file: string }[] = [];
  const problems: ContentError[] = [];
  for (const file of snapshot.paths()) {
    if (!file.startsWith(prefix) || !file.endsWith('.json')) continue;
    // A file in a folder inside the collection's would be in no list: say so rather than leave it out.
    if (file.slice(prefix.length).includes('/')) {
      problems.push(new ContentError('invalid', file, strayCollectionFileProblem(file)!));
      continue;
    }
    const slug = file.slice(prefix.length, -'.json'.length);
    if (isValidSegment(slug)) entries.push({ slug, file });
    else problems.push(new ContentError('invalid', file, `entry file name "${slug}" must use lowercase letters, digits and hyphens`));
  }
  entries.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  return { entries, problems };
}

/**
 * Refuses a collection whose folder, or anything in it, cannot be read (a link, a file that is not
 * JSON): a list of its entries (a posts list, the feed) would otherwise be silently short.
 */
export function refuseUnreadableCollection(snapshot: ContentSnapshot, collection: CollectionName): void {
  const dir = collectionDir(collection);
  const refused = refusalAt(snapshot.refused?.(), dir);
  if (refused) throw new ContentError('refused', dir, describeRefusal(refused, dir));
}

/** The entries of a collection, for lists of them: a list never leaves an entry out silently. */
export function entriesOrThrow(snapshot: ContentSnapshot, collection: CollectionName) {
  const { entries, problems } = entryFiles(snapshot, collection);
  if (problems[0]) throw problems[0];
  return entries;
}

/** The collection a template's folder names (`pages/posts/[slug].json` → posts), if any. */
function collectionOfTemplateFolder(file: string): CollectionName | undefined {
  const folder = file.split('/').at(-2);
  return (COLLECTIONS as readonly string[]).includes(folder ?? '') ? (folder as CollectionName) : undefined;
}

/**
 * Every route of the snapshot. `templateCollection` reads a template page's
 * collection, throwing ContentError when the template is not valid.
 */
export function listSiteRoutes(snapshot: ContentSnapshot, templateCollection: (file: string) => CollectionName): SiteRoutes {
  const pages: PageRoute[] = [];
  const templates: TemplateRoute[] = [];
  const problems: ContentError[] = [];
  const pageFiles = [...snapshot.paths()].filter((file) => file.startsWith(`${PAGES_DIR}/`) && file.endsWith('.json')).sort();
  for (const file of pageFiles) {
    const slug = slugOfPageFile(file);
    if (isTemplateSlug(slug)) {
      let collection: CollectionName | undefined;
      try {
        collection = templateCollection(file);
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        problems.push(error);
        collection = collectionOfTemplateFolder(file);
      }
      if (collection) templates.push({ slug, file, collection });
    } else if (isValidSlug(slug)) {
      pages.push({ slug, file });
    } else if (isReservedSlug(slug)) {
      problems.push(new ContentError('invalid', file, reservedSlugProblem(slug)));
    } else {
      problems.push(new ContentError('invalid', file, `page file name "${slug}" must use lowercase letters, digits, hyphens and /`));
    }
  }
  const direct = new Set(pages.map((page) => page.slug));
  const hiddenEntries: SiteRoutes['hiddenEntries'] = [];
  for (const template of templates) {
    const { entries, problems: badNames } = entryFiles(snapshot, template.collection);
    problems.push(...badNames.filter((problem) => !problems.some((known) => known.file === problem.file)));
    for (const entry of entries) {
      const slug = template.slug.replace(TEMPLATE_SEGMENT, entry.slug);
      // A template at the top (`pages/[slug].json`) gives entries top-level addresses, and an entry named `editor` would sit on the server's.
      if (isReservedSlug(slug)) {
        problems.push(new ContentError('invalid', entry.file, `This entry's page would be at /${slug}/: ${reservedSlugProblem(slug)} Rename the entry.`));
        continue;
      }
      // A page file with the same slug wins over a generated entry page.
      if (!direct.has(slug)) pages.push({ slug, file: template.file, entry: { collection: template.collection, ...entry } });
      else hiddenEntries.push({ slug, entry: entry.file, page: pageFileOfSlug(slug), template: template.file });
    }
  }
  return { pages, templates, bySlug: new Map(pages.map((page) => [page.slug, page])), problems, hiddenEntries };
}

/**
 * The files that would give the page at a valid `slug` that has none: its page file, the template
 * that would give it as an entry's page, and that entry's file (a post that is not valid JSON says
 * so, rather than vanish; live publishing keeps its page).
 */
export function filesThatWouldRoute(slug: string, templates: readonly TemplateRoute[]): string[] {
  const parent = slug.includes('/') ? `${slug.slice(0, slug.lastIndexOf('/'))}/` : '';
  const template = templates.find((route) => route.slug === `${parent}${TEMPLATE_SEGMENT}`);
  const entryFile = template && `${collectionDir(template.collection)}/${slug.slice(parent.length)}.json`;
  return [pageFileOfSlug(slug), pageFileOfSlug(`${parent}${TEMPLATE_SEGMENT}`), ...(entryFile ? [entryFile] : [])];
}
