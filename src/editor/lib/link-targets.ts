/**
 * The site paths a link field offers: every page by its slug (home is `/`),
 * and for a template page (`posts/[slug]`) one path per entry of its
 * collection, each with the title editors know it by.
 */
import { HOME_SLUG } from '../../engine/slug';
import { sortedPages, type Docs, type StoredPage } from './model';
import { entriesOf, entryLabel, entryPageSlug, entrySlugOf } from './entries';

export interface LinkTarget {
  /** The stored value: a site path such as `/about` or `/posts/x`. */
  path: string;
  title: string;
  /** `page`, or the collection of an entry (`posts`, `tags`). */
  group: string;
}

const pageTitle = (page: StoredPage | undefined, slug: string) => {
  const title = page?.meta?.title;
  return typeof title === 'string' && title.trim() ? title : slug === HOME_SLUG ? 'Home' : slug;
};

export function linkTargets(docs: Docs): LinkTarget[] {
  return sortedPages(docs).flatMap((doc): LinkTarget[] => {
    const page = doc.data as StoredPage | undefined;
    const collection = page?.template?.collection;
    if (!collection) return [{ path: doc.saveSlug === HOME_SLUG ? '/' : `/${doc.saveSlug}`, title: pageTitle(page, doc.saveSlug), group: 'page' }];
    return entriesOf(docs, collection).flatMap((entry) => {
      const slug = entryPageSlug(docs, collection, entrySlugOf(entry));
      return slug ? [{ path: `/${slug}`, title: entryLabel(entry), group: collection }] : [];
    });
  });
}

/** The targets whose title or path contains `query` (case-insensitive); all of them for an empty query. */
export function matchingTargets(targets: readonly LinkTarget[], query: string): LinkTarget[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...targets];
  return targets.filter((target) => target.title.toLowerCase().includes(needle) || target.path.toLowerCase().includes(needle));
}
