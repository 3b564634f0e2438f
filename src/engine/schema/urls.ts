/**
 * The URLs content may put into a visitor page's `href` and `src` attributes.
 * Both checks are allowlists: a value passes only in a form known to be safe,
 * so a script URL (`javascript:`, `vbscript:`, `data:text/html`) never reaches
 * a page, however it is spelled. Schemes are read by the WHATWG URL parser,
 * the one browsers use, never by matching a prefix alone.
 */

export const LINK_RULE = 'Links must start with https://, http://, mailto:, tel:, / or #';
/**
 * Images are https:// or on this site, never http://: a visitor's browser blocks or flags an
 * http:// image on an https:// page as mixed content (a broken image, or a page marked "not
 * secure"), and the published site is https://. Links keep http://: following one leaves the
 * page, and an old site may have no https:// address.
 */
export const IMAGE_URL_RULE = 'Image URLs must start with https:// or /';
/** Why an http:// image is refused, with what to write instead. */
export const IMAGE_HTTP_RULE = 'Image URLs must start with https://, not http://: browsers block or flag an http:// image on a secure page. Use the https:// address of the image, or upload it (Choose image)';
/**
 * A user name or password in an address (https://user:pass@host/) would be shown to every visitor
 * in the page's source, and browsers refuse or warn about such links: refused in every URL field.
 */
export const CREDENTIALS_RULE = 'Addresses may not contain a user name or password (user:password@): every visitor could read them in the page. Remove the part before @';
// Said to the people who type the value: a space is the usual slip, a backslash a Windows path, invisible characters come with pasted text.
const CHARACTERS_RULE = 'may not contain spaces, invisible characters or backslashes (\\)';

/**
 * Browsers drop tabs and newlines anywhere in a URL and trim controls and
 * spaces at its ends, so `java\tscript:` and ` javascript:` run as
 * `javascript:`; they read `\` as `/` in web URLs, so `/\host` leaves the
 * site. Rather than predict each browser's cleanup, such values are refused:
 * C0/C1 controls, invisible format characters, any whitespace and backslashes.
 */
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u;

/** Bases for reading site-relative values; `.invalid` can never be a real host. */
const SITE = 'https://site.invalid';
const OTHER_SITE = 'https://other-site.invalid';

function parse(value: string, base?: string): URL | undefined {
  try {
    return new URL(value, base);
  } catch {
    return undefined;
  }
}

/**
 * A value read as browsers read it on a page of this site, when it stays on this site: `/path`,
 * `?query` or `#anchor`, never `//host` or `/\\host` (a backslash is a slash in web URLs, and tabs
 * and newlines are dropped, so `/\\t/host` is one too). Read against two bases, it must keep each
 * one's origin: a value that names a host, even the base's own, cannot. Nor may its path begin with
 * `//` once dot segments are resolved (`/a/..//host`): written again as a relative URL (a redirect's
 * Location), that path names a host. Half-typed or hostile text that is no URL gives undefined;
 * nothing throws.
 */
export function sameSiteUrl(value: string): URL | undefined {
  const url = parse(value, SITE);
  if (url?.origin !== SITE || parse(value, OTHER_SITE)?.origin !== OTHER_SITE) return undefined;
  return url.pathname.startsWith('//') ? undefined : url;
}

/** `/path`, `?query` or `#anchor` that stays on this site. */
function isSiteRelative(value: string, allowed: RegExp): boolean {
  return allowed.test(value) && sameSiteUrl(value) !== undefined;
}

/** An absolute `http(s)://host…` URL, read by the URL parser; undefined for anything else. */
function webUrl(value: string): URL | undefined {
  if (!/^https?:\/\//i.test(value)) return undefined;
  const url = parse(value);
  return (url?.protocol === 'https:' || url?.protocol === 'http:') && url.hostname !== '' ? url : undefined;
}

/** Whether a web URL carries a user name or password (`https://user:pass@host/`). */
const hasCredentials = (url: URL) => url.username !== '' || url.password !== '';

function isMailOrPhone(value: string): boolean {
  if (!/^(?:mailto|tel):./i.test(value)) return false;
  const url = parse(value);
  return url?.protocol === 'mailto:' || url?.protocol === 'tel:';
}

/** Why `value` may not be a link's `href`, or undefined when it may. */
export function linkProblem(value: string): string | undefined {
  if (value === '') return 'Required';
  if (UNSAFE_CHARACTERS.test(value)) return `Links ${CHARACTERS_RULE}`;
  if (isSiteRelative(value, /^[/?#]/) || isMailOrPhone(value)) return undefined;
  const url = webUrl(value);
  if (url) return hasCredentials(url) ? CREDENTIALS_RULE : undefined;
  return value.startsWith('//') ? SITE_PATH_RULE : LINK_RULE;
}

/**
 * Why a value that starts with `/` is no path on this site: `//evil.com` reads as another site's
 * address to a browser. LINK_RULE alone ("must start with … /") would contradict what it sees.
 */
const SITE_PATH_RULE = 'Links to a page of this site start with one / (/about/): // starts another site’s address. For another site, write https:// before it';

/**
 * Why `value` is not the address of a web page or file: an http(s) URL with a host and no user
 * name or password, or a path that stays on this site; `rule` says what is accepted. A page's
 * canonical URL takes any such address, an image's only the https:// ones (imageUrlProblem).
 */
export function webAddressProblem(value: string, rule: string): string | undefined {
  if (value === '') return 'Required';
  if (UNSAFE_CHARACTERS.test(value)) return `Addresses ${CHARACTERS_RULE}`;
  if (isSiteRelative(value, /^\//)) return undefined;
  const url = webUrl(value);
  if (!url) return rule;
  return hasCredentials(url) ? CREDENTIALS_RULE : undefined;
}

/** Why `value` may not be an image's `src`, or undefined when it may: https:// or a path on this site. */
export function imageUrlProblem(value: string): string | undefined {
  if (UNSAFE_CHARACTERS.test(value)) return `Image URLs ${CHARACTERS_RULE}`;
  const problem = webAddressProblem(value, IMAGE_URL_RULE);
  if (problem) return problem;
  return webUrl(value)?.protocol === 'http:' ? IMAGE_HTTP_RULE : undefined;
}
