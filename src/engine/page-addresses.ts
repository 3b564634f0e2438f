/**
 * Whether an address of this site leads to a page: the one judgement the site's check of links
 * that lead nowhere makes over the content on disk (links-nowhere.ts), and the editor's link field
 * over the documents open in it (link-targets.ts), so the field and the Problems panel never
 * disagree. Each gathers the same facts its own way; this decides.
 *
 * Addresses are written as linkDestination gives them: `/`, `/about`, `/posts/hello`. Small and
 * without a parser, since the editor's first load carries it.
 */
import { REDIRECTS_FILE } from './redirects';
import { PAGES_DIR, slugOfPageFile } from './routes';
import { HOME_SLUG, isTemplateSlug, TEMPLATE_SEGMENT } from './slug';

const COLLECTIONS_DIR = 'collections';

/** What the site's addresses are judged by. */
export interface SiteAddresses {
  /** Every page and entry's page, drafts and scheduled ones included (a link waits for them), not the 404 page. */
  pages: ReadonlySet<string>;
  /** The old address of each moved page (`/company`), with the site path its redirect leads to (`/about/`). */
  redirects: ReadonlyMap<string, string>;
  /** The template pages (`posts/[slug]`), each with the collection whose entries it shows. */
  templates: readonly { slug: string; collection: string }[];
  /**
   * The data files and folders that cannot be read (not JSON, a link: the snapshot's `refused`),
   * whose pages are there as files though their content is not.
   */
  unreadable: Iterable<string>;
}

/**
 * Where an address leads: a page; a moved page's old address, with the path its redirect leads to;
 * `unknown`, when a file that cannot be read may be its page (its own error already says so); or
 * `nowhere`: visitors get "page not found".
 */
export type AddressVerdict = { page: true } | { movedTo: string } | { unknown: true } | { nowhere: true };

/** A page slug's address: `home` → `/`, `about` → `/about`. */
export const addressOfSlug = (slug: string) => (slug === HOME_SLUG ? '/' : `/${slug}`);

/** A site path as addresses are written: `/about/` → `/about`. */
const addressOfPath = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

/** Whether `address` is one a template slug (`posts/[slug]`) gives its entries: `/posts/` and one segment. */
function givenByTemplate(address: string, templateSlug: string): boolean {
  const prefix = addressOfSlug(templateSlug.slice(0, -TEMPLATE_SEGMENT.length)).replace(/\/?$/, '/');
  return address.startsWith(prefix) && address.length > prefix.length && !address.slice(prefix.length).includes('/');
}

/** A path without its file's extension (`pages/about.json`, `pages/about.JSON` → `pages/about`), or undefined for a folder (no dot in its name). */
function withoutExtension(path: string): string | undefined {
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? path.slice(0, dot) : undefined;
}

/**
 * Whether a page at `address` may be in a file that cannot be read. The address is known from the
 * file's path: a page file's name is its slug (`pages/about.json`, or `about.JSON`, which is not
 * read either), an entry's is its slug under each template of its collection, a template's gives
 * every address of its entries (its collection is in it). A folder that cannot be read (a link)
 * hides every address under it, and the redirects file, every moved page's.
 */
function mayBeUnreadable(address: string, site: SiteAddresses): boolean {
  for (const path of site.unreadable) {
    if (path === REDIRECTS_FILE || path === PAGES_DIR || path === COLLECTIONS_DIR) return true;
    const file = withoutExtension(path);
    if (path.startsWith(`${PAGES_DIR}/`)) {
      const slug = (file ?? path).slice(PAGES_DIR.length + 1);
      if (file === undefined ? address.startsWith(`${addressOfSlug(slug)}/`) : isTemplateSlug(slug) ? givenByTemplate(address, slug) : address === addressOfSlug(slug)) return true;
    }
    const [top, collection, name, ...deeper] = (file ?? path).split('/');
    if (top !== COLLECTIONS_DIR || collection === undefined) continue;
    // An entry's file gives its page; the collection's folder, or a folder in it, any of them.
    const entry = file !== undefined && name !== undefined && deeper.length === 0 ? name : undefined;
    for (const template of site.templates) {
      if (template.collection !== collection) continue;
      if (entry === undefined ? givenByTemplate(address, template.slug) : address === addressOfSlug(template.slug.replace(TEMPLATE_SEGMENT, entry))) return true;
    }
  }
  return false;
}

/** Where `address` (`/about`) leads on a site. */
export function addressVerdict(address: string, site: SiteAddresses): AddressVerdict {
  if (site.pages.has(address)) return { page: true };
  const to = site.redirects.get(address);
  // A redirect counts while it leads to a page (an invalid one is never followed).
  if (to !== undefined && site.pages.has(addressOfPath(to))) return { movedTo: to };
  // So does a page a file that cannot be read may be, or may be the redirect's: no false warning.
  return mayBeUnreadable(address, site) || (to !== undefined && mayBeUnreadable(addressOfPath(to), site)) ? { unknown: true } : { nowhere: true };
}
