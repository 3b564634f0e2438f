/**
 * Whether the site still holds together after a changeset: every document it
 * writes passes its schema, and no page that resolved before fails after. The
 * image URLs it brings lead to images, its new files take no other file's
 * name in another case, and no page it places ends a redirect. A
 * page that was already broken does not block an unrelated change, but a file
 * the changeset writes must itself be valid. Every issue is reported, each
 * against the file it is in.
 */
import { COLLECTIONS, entryIssues, type CollectionName } from '../../engine/schema/collections';
import { ContentError, type Resolver } from '../../engine/resolver';
import { issuesOf } from '../../engine/content-error';
import { sectionRegistry, StoredSectionSchema } from '../../sections/registry';
import type { ContentSnapshot } from '../../engine/snapshot';
import { createSiteResolver } from '../../lib/site-resolver';
import { REDIRECTS_FILE, redirectsIssues, redirectsOf, RedirectsSchema, type Redirect } from '../../engine/redirects';
import type { PageRoute } from '../../engine/routes';
import { slugFromPath } from '../../engine/slug';
import { SITE_SETTINGS_FILE, siteSettingsIssues } from '../../engine/schema/site-settings';
import type { FileIssue } from './changeset';
import { forbiddenCharacterIssues } from '../../engine/text-characters';
import { samePageIds } from '../../engine/problems';
import type { Plan } from './plan';
import { planCaseTwinIssues } from './file-name-case';
import { imagesAfter, missingImageIssues } from './image-references';

/** The collection an entry file belongs to (`collections/posts/x.json` → posts), if it is one. */
export function collectionOfFile(file: string): CollectionName | undefined {
  const match = /^collections\/([^/]+)\/[^/]+\.json$/.exec(file);
  return match && (COLLECTIONS as readonly string[]).includes(match[1]!) ? (match[1] as CollectionName) : undefined;
}

/**
 * The problems of a shared section (a document under shared/ with a section's `type`) as stored,
 * `$ref`s allowed, at its own fields. Checked before the pages that show it are resolved: a text
 * too long for its field (a 1.4 MB tagline) is then named there, with its limit, rather than only
 * as the page's size cap; and one no page shows yet is checked too, as the editor checks it.
 */
function sharedSectionIssues(file: string, value: unknown): FileIssue[] {
  const type = (value as { type?: unknown } | undefined)?.type;
  if (!file.startsWith('shared/') || typeof type !== 'string' || !sectionRegistry.has(type)) return [];
  const parsed = StoredSectionSchema.safeParse(value);
  return parsed.success ? [] : issuesOf(parsed.error).map((issue) => ({ file, ...issue }));
}

/** Every page slug that fails to resolve, with its error; `*` when the site's routes themselves do not resolve. */
function failures(resolver: Resolver, only?: ReadonlySet<string>): Map<string, ContentError> {
  const failed = new Map<string, ContentError>();
  let slugs: string[];
  try {
    slugs = resolver.listPages().map((page) => page.slug);
  } catch (error) {
    if (error instanceof ContentError) return new Map([['*', error]]);
    throw error;
  }
  for (const slug of slugs) {
    if (only && !only.has(slug)) continue;
    try {
      resolver.resolvePage(slug);
    } catch (error) {
      if (error instanceof ContentError) failed.set(slug, error);
      else throw error;
    }
  }
  return failed;
}

/** Why a page put at an address a redirect leads away from is refused, against the file that put it there. */
function redirectedAwayIssue(route: PageRoute, written: ReadonlySet<string>, { from, to }: Redirect): FileIssue {
  const ends = `${from} redirects to ${to} (redirects.json), and a page there would end that redirect without a word`;
  if (route.entry && written.has(route.entry.file)) return { file: route.entry.file, path: '', message: `this entry's page would be at ${from}, but ${ends}. Remove the redirect in the same change, or choose another slug` };
  if (route.entry) return { file: route.file, path: '/template', message: `the entry ${route.entry.file} would have its page at ${from}, but ${ends}. Remove the redirect in the same change` };
  return { file: route.file, path: '/slug', message: `${ends}. Remove the redirect in the same change, or choose another address` };
}

/** Whether an address had both a page and a redirect away from it before the change. */
function pageAndRedirectBefore(before: ContentSnapshot): (slug: string) => boolean {
  try {
    const [live, redirects] = [new Set(createSiteResolver(before).listPages().map((route) => route.slug)), redirectsOf(before)];
    return (slug) => live.has(slug) && redirects.has(slug);
  } catch {
    return () => false; // the routes before did not resolve: every page placed is judged as new
  }
}

/**
 * Redirects must lead to a page, and never away from one. Checked whole when the redirects change
 * or a page goes; and when a change puts a page at an address (a page file, an entry, or the
 * template giving entries theirs), against the redirect from there: the page would take the
 * address from it (a page moved away from /journal/, then a new page at /journal/), unless the
 * change removes that redirect too. A page and a redirect that were both there before are left
 * to the whole check: an edit of that page for another reason still saves.
 */
function redirectIssues(before: ContentSnapshot, plan: Plan, resolver: Resolver, written: ReadonlySet<string>): FileIssue[] {
  const stored = plan.after.get(REDIRECTS_FILE);
  if (stored === undefined) return [];
  let pages: PageRoute[];
  try {
    pages = resolver.listPages();
  } catch {
    return []; // the routes themselves are broken: reported by the page checks
  }
  const whole = [...plan.documents].some(([file, document]) => file === REDIRECTS_FILE || (file.startsWith('pages/') && document === undefined));
  const placed = new Map(pages.filter((route) => written.has(route.file) || (route.entry && written.has(route.entry.file))).map((route) => [route.slug, route]));
  if (!whole && placed.size === 0) return [];
  let hadPageAndRedirect: ((slug: string) => boolean) | undefined; // read from the content before only when a page was placed at a redirect
  const placedAway = (slug: string) => (placed.has(slug) && !(hadPageAndRedirect ??= pageAndRedirectBefore(before))(slug) ? placed.get(slug) : undefined);
  if (!whole) {
    return [...redirectsOf(plan.after)].flatMap(([slug, redirect]) => {
      const route = placedAway(slug);
      return route ? [redirectedAwayIssue(route, written, redirect)] : [];
    });
  }
  const live = new Set(pages.map((page) => page.slug));
  const parsed = RedirectsSchema.safeParse(stored);
  // As the problem report names them: an unknown field at its own pointer (/redirects/2/extra).
  if (!parsed.success) return redirectsIssues(stored, (slug) => live.has(slug)).map((issue) => ({ file: REDIRECTS_FILE, ...issue }));
  return parsed.data.redirects.flatMap((redirect, index) => {
    const route = placedAway(slugFromPath(redirect.from));
    const away = route
      ? [redirectedAwayIssue(route, written, redirect)]
      : live.has(slugFromPath(redirect.from))
        ? [{ file: REDIRECTS_FILE, path: `/redirects/${index}/from`, message: `a page lives at ${redirect.from}: remove this redirect, or move the page` }]
        : [];
    return [...away, ...(live.has(slugFromPath(redirect.to)) ? [] : [{ file: REDIRECTS_FILE, path: `/redirects/${index}/to`, message: `there is no page at ${redirect.to}` }])];
  });
}

/**
 * Where in a stored redirects document an issue is: the item it is about (as JSON) and the path
 * inside it, or a key beside the list; undefined for the document or its list themselves (not a
 * list of redirects at all), which are never excused: a move cannot add its own redirect to such
 * a file, and went through without one (a review).
 */
function redirectIssuePlace(stored: unknown, path: string): string | undefined {
  const match = /^\/redirects\/(\d+)(\/.*)?$/.exec(path);
  if (!match) return path === '' || path === '/redirects' ? undefined : `document\n${path}`;
  const items = (stored as { redirects?: unknown } | undefined)?.redirects;
  return `${JSON.stringify(Array.isArray(items) ? items[Number(match[1])] : undefined)}\n${match[2] ?? ''}`;
}

/**
 * A redirects file the change only rewrites (a move re-points its redirects, a delete drops some)
 * is not the change's to mend: an issue of an item it carries over as it was, which that item had
 * before (an invalid redirect an administrator typed, say), is excused, as a page broken before
 * is. Refused, every move and delete waited on an administrator; a change that names the file
 * is told of them all.
 */
function carriedOverRedirectIssue(before: ContentSnapshot, plan: Plan): (issue: FileIssue) => boolean {
  if (!plan.rewritten.includes(REDIRECTS_FILE)) return () => false;
  let hadBefore: Set<string> | undefined;
  const issuesBefore = () => {
    const stored = before.get(REDIRECTS_FILE);
    let live: Set<string>;
    try {
      live = new Set(createSiteResolver(before).listPages().map((route) => route.slug));
    } catch {
      return new Set<string>(); // the routes before did not resolve: nothing is excused
    }
    return new Set(redirectsIssues(stored, (slug) => live.has(slug)).flatMap((issue) => redirectIssuePlace(stored, issue.path) ?? []));
  };
  return (issue) => {
    if (issue.file !== REDIRECTS_FILE) return false;
    const place = redirectIssuePlace(plan.after.get(REDIRECTS_FILE), issue.path);
    return place !== undefined && (hadBefore ??= issuesBefore()).has(place);
  };
}

/**
 * A page file wins over an entry's page at the same address (docs/content-model.md), which a
 * developer may mean; made through the store (a new page at /posts/x/, a post named after a
 * page), it would hide the other from visitors without a word. So a change may not bring a page
 * and an entry's page to one address; one that was there before is left alone.
 */
function newlyHiddenEntries(before: ContentSnapshot, resolver: Resolver, written: ReadonlySet<string>): FileIssue[] {
  const key = ({ entry, page }: { entry: string; page: string }) => `${entry}\n${page}`;
  let hidden: ReturnType<Resolver['hiddenEntries']>;
  let known: Set<string>;
  try {
    // A pair the change made: its page, its entry, or the template that gives the entry its address (written).
    hidden = resolver.hiddenEntries().filter(({ entry, page, template }) => written.has(entry) || written.has(page) || written.has(template));
    known = new Set(hidden.length === 0 ? [] : createSiteResolver(before).hiddenEntries().map(key));
  } catch {
    return []; // the routes themselves are broken: reported by the page checks
  }
  return hidden
    .filter((pair) => !known.has(key(pair)))
    .map(({ slug, entry, page, template }) =>
      written.has(page)
        ? { file: page, path: '/slug', message: `/${slug}/ is the address of the entry ${entry}: a page there would hide it from visitors; choose another address` }
        : written.has(entry)
          ? { file: entry, path: '', message: `a page (${page}) has this entry's address, /${slug}/, and would hide its page from visitors; choose another slug` }
          : { file: template, path: '/template', message: `the entry ${entry} would have its page at /${slug}/, where the page ${page} is, which would hide it from visitors` },
    );
}

/**
 * A page this change writes with the id of another page: the build refuses two pages with one id
 * (the editor and the section cache key on it), so it is refused here, naming the file, rather
 * than found at the next build. A pair that shared an id before (made by hand) is left to mend.
 */
function newSamePageIds(before: ContentSnapshot, plan: Plan, written: ReadonlySet<string>): FileIssue[] {
  const clashesOf = (snapshot: ContentSnapshot) => {
    try {
      return samePageIds(snapshot);
    } catch {
      return []; // routes that cannot be listed are refused by the resolver's own checks
    }
  };
  const already = new Set(clashesOf(before).map((error) => `${error.file}\n${error.message}`));
  return clashesOf(plan.after)
    .filter((error) => written.has(error.file) && !already.has(`${error.file}\n${error.message}`))
    .flatMap((error) => error.fileIssues());
}

/** Every issue the plan's content would have that the current content does not excuse. */
export function validatePlan(before: ContentSnapshot, plan: Plan): FileIssue[] {
  const issues: FileIssue[] = [...plan.issues];
  const written = new Set([...plan.documents].filter(([, document]) => document !== undefined).map(([file]) => file));
  // Characters no page or feed can carry, anywhere in a document written (any field, known to a schema or not).
  for (const file of written) issues.push(...forbiddenCharacterIssues(plan.after.get(file)).map((issue) => ({ file, ...issue })));
  for (const file of written) issues.push(...sharedSectionIssues(file, plan.after.get(file)));
  if (written.has(SITE_SETTINGS_FILE)) issues.push(...siteSettingsIssues(plan.after.get(SITE_SETTINGS_FILE)).map((issue) => ({ file: SITE_SETTINGS_FILE, ...issue })));
  for (const file of written) {
    const collection = collectionOfFile(file);
    if (!collection) continue;
    issues.push(...entryIssues(collection, plan.after.get(file)).map((issue) => ({ file, ...issue })));
  }
  // Image URLs the change brings must lead to an image, and no file may take another's name in another case.
  const images = imagesAfter(before, plan);
  if (images) issues.push(...missingImageIssues(before, plan, images));
  issues.push(...planCaseTwinIssues(before, plan));
  const resolver = createSiteResolver(plan.after);
  const carriedOver = carriedOverRedirectIssue(before, plan);
  issues.push(...redirectIssues(before, plan, resolver, written).filter((issue) => !carriedOver(issue)));
  // A file this change writes that the routes refuse (an entry whose page would sit at the server's address).
  for (const problem of resolver.routeProblems()) if (written.has(problem.file)) issues.push(...problem.fileIssues());
  issues.push(...newlyHiddenEntries(before, resolver, written));
  issues.push(...newSamePageIds(before, plan, written));
  const after = failures(resolver);
  if (after.size > 0) {
    const stillBroken = failures(createSiteResolver(before), new Set(after.keys()));
    for (const [slug, error] of after) {
      // A page broken before is excused, unless the file at fault is one this change writes.
      if (stillBroken.has(slug) && !written.has(error.file)) continue;
      issues.push(...error.fileIssues());
    }
  }
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.file}\n${issue.path}\n${issue.message}`;
    return !seen.has(key) && seen.add(key);
  });
}
