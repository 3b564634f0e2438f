/**
 * Permanent redirects, stored as data in `src/data/redirects.json`:
 * `{ "redirects": [ { "from": "/about/", "to": "/company/about/" } ] }`.
 * Moving a page adds one (marked `"madeByMove": true`), so its old URL keeps
 * working; administrators can edit and remove them like any other file. Both ends are site paths of page slugs
 * (`/` is home). The dev server and the production server answer 301; the
 * static build writes a redirect page at the old path.
 */
import { z } from 'astro/zod';
import type { Issue } from './content-error';
import { pointerFromPath } from './pointer';
import { unknownFields } from './schema/unknown-fields';
import { pathForSlug, slugFromPath, isValidSlug, HOME_SLUG } from './slug';
import type { ContentSnapshot } from './snapshot';

export const REDIRECTS_FILE = 'redirects.json';

/** A site path of a page: `/`, or `/<slug>/` with a valid slug. */
export function isPagePath(path: string): boolean {
  if (path === '/') return true;
  if (!path.startsWith('/') || !path.endsWith('/')) return false;
  const slug = path.slice(1, -1);
  return slug !== HOME_SLUG && isValidSlug(slug);
}

const PagePath = z.string().refine(isPagePath, 'Use a site path like "/about/" or "/docs/intro/" (lowercase, ending in "/")');

export const RedirectSchema = z.strictObject({
  from: PagePath,
  to: PagePath,
  /**
   * Set on the redirect a page's move leaves at its old address (redirectsAfterMove): the page's
   * own trail, which deleting the page ends, whoever deletes it. A redirect without it is an
   * administrator's, which only an administrator may end (redirectsEndedByDelete).
   */
  madeByMove: z.literal(true).optional(),
});
export const RedirectsSchema = z.strictObject({ redirects: z.array(RedirectSchema) });
export type Redirect = z.infer<typeof RedirectSchema>;

/**
 * The valid redirects of a snapshot, by the slug they move away from. An invalid one is left out
 * alone (a changeset that touches the redirects or removes a page names it, and is refused until
 * it is fixed): one redirect from before a rule, say from an address the server now keeps for
 * itself, does not take every other redirect with it.
 */
export function redirectsOf(snapshot: ContentSnapshot): Map<string, Redirect> {
  const stored = snapshot.get(REDIRECTS_FILE) as { redirects?: unknown } | undefined;
  const list: unknown[] = Array.isArray(stored?.redirects) ? stored.redirects : [];
  return new Map(
    list.flatMap((item) => {
      const parsed = RedirectSchema.safeParse(item);
      return parsed.success ? [[slugFromPath(parsed.data.from), parsed.data] as const] : [];
    }),
  );
}

/**
 * Everything wrong with a stored redirects document, each at its pointer. redirectsOf leaves a bad
 * redirect out, so its old address answers "not found"; this is how the build and the editor's
 * problems say which and why. Unknown fields are named one by one (zod's strict objects report
 * them together, at the object). `hasPage` says whether a slug is a page of the content, drafts
 * included: a redirect to a draft waits for it to be published, and is not wrong.
 */
export function redirectsIssues(stored: unknown, hasPage: (slug: string) => boolean): Issue[] {
  const parsed = RedirectsSchema.safeParse(stored);
  const issues: Issue[] = unknownFields(RedirectsSchema, stored).map(({ path, message }) => ({ path: pointerFromPath(path), message }));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    if (issue.code !== 'unrecognized_keys') issues.push({ path: pointerFromPath(issue.path as (string | number)[]), message: issue.message });
  }
  const list = (stored as { redirects?: unknown } | undefined)?.redirects;
  (Array.isArray(list) ? list : []).forEach((item, index) => {
    const redirect = RedirectSchema.safeParse(item);
    if (!redirect.success) return;
    const { from, to } = redirect.data;
    if (hasPage(slugFromPath(from))) issues.push({ path: `/redirects/${index}/from`, message: `a page lives at ${from}, so this redirect is never followed: remove it, or move the page` });
    if (!hasPage(slugFromPath(to))) issues.push({ path: `/redirects/${index}/to`, message: `there is no page at ${to}, so ${from} answers "not found": point it at a page, or remove it` });
  });
  return issues;
}

/** The items of a stored redirects document, valid or not, and each one's redirect where it is valid. */
function storedRedirects(document: unknown): { item: unknown; redirect?: Redirect }[] {
  const list = (document as { redirects?: unknown } | null | undefined)?.redirects;
  return (Array.isArray(list) ? list : []).map((item) => {
    const parsed = RedirectSchema.safeParse(item);
    return parsed.success ? { item, redirect: parsed.data } : { item };
  });
}

/**
 * The redirects a page's move from `fromSlug` to `toSlug` ends that are not its own trail: each
 * leading away from the new address to somewhere other than the page (someone pointed that address
 * at another page). redirectsAfterMove drops them, which only whoever may change the redirects may do.
 */
export function redirectsEndedByMove(document: unknown, fromSlug: string, toSlug: string): Redirect[] {
  const [from, to] = [pathForSlug(fromSlug), pathForSlug(toSlug)];
  return storedRedirects(document).flatMap(({ redirect }) => (redirect && redirect.from === to && redirect.to !== from ? [redirect] : []));
}

/**
 * The redirects after a page moves from `fromSlug` to `toSlug`: the old path
 * redirects to the new one, redirects that led to the old path now lead to the
 * new one (no chains), and a redirect away from the new path goes (a page lives there now).
 * Anything else in the document stays as it was, an invalid redirect too: the store then refuses
 * the change naming it (src/server/store/validate.ts), where one invalid item once made every
 * redirect vanish in the move's rewrite.
 */
export function redirectsAfterMove(document: unknown, fromSlug: string, toSlug: string): unknown {
  const [from, to] = [pathForSlug(fromSlug), pathForSlug(toSlug)];
  // A document that is not a list of redirects at all is left for the store to refuse, whole.
  const list = (document as { redirects?: unknown } | null | undefined)?.redirects;
  if (document !== undefined && (typeof document !== 'object' || document === null || Array.isArray(document) || (list !== undefined && !Array.isArray(list)))) return document;
  const kept = storedRedirects(document)
    .filter(({ redirect }) => !redirect || (redirect.from !== to && redirect.from !== from))
    .map(({ item, redirect }) => (redirect?.to === from ? { ...redirect, to } : item));
  // `document` is an object here, or undefined (no redirects yet): its other keys stay.
  return { ...(document as object | undefined), redirects: [...kept, { from, to, madeByMove: true }] };
}

/**
 * The redirects deleting the page at `slug` ends that are not its own trail: each leading to it
 * without `madeByMove` (an administrator pointed that address at it, a campaign's, say). Only
 * whoever may change the redirects may end them; the page's own trail goes with it, whoever deletes it.
 */
export function redirectsEndedByDelete(document: unknown, slug: string): Redirect[] {
  const path = pathForSlug(slug);
  return storedRedirects(document).flatMap(({ redirect }) => (redirect && redirect.to === path && !redirect.madeByMove ? [redirect] : []));
}

/**
 * The redirects after the page at `slug` is deleted: those that led to it go too (they would lead
 * to "not found", and the store refuses a redirect to no page, so the page could not be deleted
 * at all once it had been moved). Undefined when none led to it. Anything else stays as it was.
 */
export function redirectsAfterDelete(document: unknown, slug: string): unknown {
  const path = pathForSlug(slug);
  const items = storedRedirects(document);
  const kept = items.filter(({ redirect }) => redirect?.to !== path);
  return kept.length === items.length ? undefined : { ...(document as object), redirects: kept.map(({ item }) => item) };
}
