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

export function isValidSegment(segment: string): boolean {
  return SEGMENT_PATTERN.test(segment);
}

/** A page or entry slug: one or more valid segments joined by `/`. */
export function isValidSlug(slug: string): boolean {
  return slug.length > 0 && slug.length <= 200 && slug.split('/').every(isValidSegment);
}

/** A template slug: valid segments, with `[slug]` as the last one. */
export function isTemplateSlug(slug: string): boolean {
  const segments = slug.split('/');
  return (
    segments.at(-1) === TEMPLATE_SEGMENT && segments.slice(0, -1).every(isValidSegment)
  );
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
