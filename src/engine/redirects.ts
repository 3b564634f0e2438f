/**
 * Permanent redirects, stored as data in `src/data/redirects.json`:
 * `{ "redirects": [ { "from": "/about/", "to": "/company/about/" } ] }`.
 * Moving a page adds one, so its old URL keeps working; people can edit and
 * remove them like any other file. Both ends are site paths of page slugs
 * (`/` is home). The dev server and the production server answer 301; the
 * static build writes a redirect page at the old path.
 */
import { z } from 'astro/zod';
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

export const RedirectSchema = z.strictObject({ from: PagePath, to: PagePath });
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
 * The redirects after a page moves from `fromSlug` to `toSlug`: the old path
 * redirects to the new one, redirects that led to the old path now lead to the
 * new one (no chains), and a redirect away from the new path goes (a page lives there now).
 */
export function redirectsAfterMove(document: unknown, fromSlug: string, toSlug: string): { redirects: Redirect[] } {
  const [from, to] = [pathForSlug(fromSlug), pathForSlug(toSlug)];
  const current = RedirectsSchema.safeParse(document ?? { redirects: [] });
  const kept = (current.success ? current.data.redirects : []).filter((redirect) => redirect.from !== to && redirect.from !== from);
  return { redirects: [...kept.map((redirect) => (redirect.to === from ? { ...redirect, to } : redirect)), { from, to }] };
}
