/**
 * Slug rules shared by the resolver, the visitor route, the API and the editor,
 * so a slug the editor accepts is exactly a slug the server accepts.
 */

/** One path segment of a slug: lowercase letters, digits and single hyphens. */
export const SEGMENT_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The placeholder segment of a collection template page, e.g. `posts/[slug]`. */
export const TEMPLATE_SEGMENT = '[slug]';

export const HOME_SLUG = 'home';

/**
 * The editable 404 page (`src/data/pages/404.json`): rendered to 404.html by
 * src/pages/404.astro, never as a page of its own at /404/.
 */
export const NOT_FOUND_SLUG = '404';

/**
 * The pages visitors always get, each with what it is: neither may be a draft or scheduled
 * (src/engine/stored-page.ts refuses it; the editor says why). Without the home page `/` would
 * answer 404; without the 404 page unknown addresses would get the build's for ever.
 */
export const ALWAYS_PUBLIC_PAGES: ReadonlyMap<string, string> = new Map([
  [HOME_SLUG, 'the page visitors start at (/)'],
  [NOT_FOUND_SLUG, 'the page visitors see at an address with no page (404.html)'],
]);

/**
 * First segments whose paths the server answers itself: its HTTP API (`/api/…`), the editor
 * (`/editor/…`) and the uploaded images (`/assets/images/…`). A page there would be shadowed by
 * them, or worse, the redirect left when it moves would answer in their place (a moved
 * `editor/sign-in` page sent everyone's sign-in to it), so no page, template or redirect may
 * start with one.
 */
export const RESERVED_FIRST_SEGMENTS: readonly string[] = ['api', 'editor', 'assets'];

/**
 * Whole slugs the site's own status pages answer: `/500/` is the page of a server error
 * (src/pages/500.astro), which wins over a page there in `npm run dev` (it answered 500 there,
 * and 200 in production, and the sitemap left it out).
 */
export const RESERVED_SLUGS: readonly string[] = ['500'];

/** Whether a slug (or template slug) starts with a segment the server keeps for itself, or is a status page's. */
export function isReservedSlug(slug: string): boolean {
  return RESERVED_FIRST_SEGMENTS.includes(slug.split('/', 1)[0]!) || RESERVED_SLUGS.includes(slug);
}

/** Why a page cannot have a reserved slug, in words for the person who chose it. */
export function reservedSlugProblem(slug: string): string {
  if (RESERVED_SLUGS.includes(slug)) return `No page can be at /${slug}/: the site shows its error page there.`;
  return `Pages cannot start with "${slug.split('/', 1)[0]}/": the server keeps ${RESERVED_FIRST_SEGMENTS.map((segment) => `/${segment}/`).join(', ')} for itself.`;
}

export function isValidSegment(segment: string): boolean {
  return SEGMENT_PATTERN.test(segment);
}

/** The longest slug a page may have, in characters. */
export const MAX_SLUG_LENGTH = 200;

/** A page or entry slug: one or more valid segments joined by `/`, not under a reserved segment. */
export function isValidSlug(slug: string): boolean {
  return slug.length > 0 && slug.length <= MAX_SLUG_LENGTH && slug.split('/').every(isValidSegment) && !isReservedSlug(slug);
}

/**
 * Why a page address as typed is not one, in words for the person typing it (the reason that
 * applies, not the rule for letters to an address too long), or undefined when it is.
 */
export function slugProblem(slug: string): string | undefined {
  if (isReservedSlug(slug)) return reservedSlugProblem(slug);
  if (slug.length > MAX_SLUG_LENGTH) return `An address has at most ${MAX_SLUG_LENGTH} characters; this one has ${slug.length}. Shorten it.`;
  if (!isValidSlug(slug)) return 'Use lowercase letters, digits and single hyphens, with / between nested parts (for example guides/first-steps).';
  return undefined;
}

/** A template slug: valid segments, with `[slug]` as the last one, not under a reserved segment. */
export function isTemplateSlug(slug: string): boolean {
  const segments = slug.split('/');
  return (
    segments.at(-1) === TEMPLATE_SEGMENT && segments.slice(0, -1).every(isValidSegment) && !isReservedSlug(slug)
  );
}

/**
 * Why the page with this slug cannot be deleted (`op` 'delete') or moved ('move'), or undefined.
 * The home page and the 404 page are neither; a template is never moved, since its place gives
 * every entry its address, but it can be deleted (else one put by mistake could never go). The
 * editor offers neither for any of them; the content store refuses what this names from any client.
 */
export function fixedPageProblem(slug: string, op: 'delete' | 'move'): string | undefined {
  if (slug === HOME_SLUG) return 'The home page is the site’s front door: it cannot be deleted or moved.';
  if (slug === NOT_FOUND_SLUG) return 'This is the page visitors see at an address with no page (404.html): it cannot be deleted or moved.';
  if (op === 'move' && isTemplateSlug(slug)) return 'A template page makes the pages of its collection: it stays where it is.';
  return undefined;
}

/**
 * Why a page cannot be moved (or renamed) to `slug`: an address the server keeps, or the home
 * page's, the 404 page's or a template's, which no moved page becomes. The editor's rename dialog
 * and the content store both ask this.
 */
export function moveTargetProblem(slug: string): string | undefined {
  if (isReservedSlug(slug)) return reservedSlugProblem(slug);
  if (slug === HOME_SLUG || slug === NOT_FOUND_SLUG || isTemplateSlug(slug)) return 'A page cannot be moved to become the home page, the 404 page or a template.';
  return undefined;
}

/** Maps a request path (`''`, `/`, `about/`, `docs/intro`) to a page slug; `''` is home. */
export function slugFromPath(path: string | undefined): string {
  const trimmed = (path ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? HOME_SLUG : trimmed;
}

/** The public URL path of a page slug: home lives at `/`. */
export function pathForSlug(slug: string): string {
  return slug === HOME_SLUG ? '/' : `/${slug}/`;
}
