/** What an image field's URL says of itself, before anything is fetched. */

/**
 * Whether `url` is an address on this site that names no file (a page's, `/about/`, picked or
 * pasted by mistake): visitors would see a broken image where it shows (QA: it was taken without a
 * word). A file's address (`/favicon.svg`, an upload) is not judged here.
 */
export function isPageAddress(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0]!;
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  const name = path.slice(path.lastIndexOf('/') + 1);
  return !/\.[A-Za-z0-9]+$/.test(name);
}
