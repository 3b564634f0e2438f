/**
 * Where a link on this site leads, as the servers pick what to answer: the page address
 * (`/about/#team` → `/about`, home `/`) or the uploaded image (`/assets/images/a.png?v=2` →
 * `a.png`), from the decoded, normalised path (server/requests.mjs), the query and fragment left
 * out. What neither names is not judged: another site, `mailto:`, `tel:`, a `#fragment` or
 * `?query` of the same page, a relative path (its page depends on where the text shows), a file
 * (a dot in the last segment: the feed, the sitemap, robots.txt, a developer's file in public/),
 * and the addresses the server keeps for itself (`/api/…`, `/editor/…`). Shared by the editor's
 * link field and the site's check of links that lead nowhere (links-nowhere.ts), so both judge
 * alike; small, since the editor's first load carries it.
 */
import { normalisedPath } from '../../server/requests.mjs';
import { uploadedImageName } from './references';
import { linkProblem, sameSiteUrl } from './schema/urls';
import { isReservedSlug } from './slug';

export type LinkDestination = { page: string } | { upload: string };

export function linkDestination(link: string): LinkDestination | undefined {
  if (!link.startsWith('/')) return undefined;
  // `//host` and `/\host` lead to another site; half-typed text that is no URL leads nowhere yet.
  const url = sameSiteUrl(link);
  if (!url || linkProblem(link) !== undefined) return undefined;
  const upload = uploadedImageName(link);
  if (upload !== undefined) return { upload };
  const segments = (normalisedPath(url.pathname) ?? url.pathname).split('/').filter(Boolean);
  if (segments.length > 0 && (segments.at(-1)!.includes('.') || isReservedSlug(segments.join('/')))) return undefined;
  return { page: `/${segments.join('/')}` };
}
