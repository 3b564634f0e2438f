/** The original a rendered <img> shows: its own URL, or for a variant (/_img/<file>/…) the upload it was made from. */
import { ASSETS_URL_PREFIX } from '../../server/headers.mjs';
import { parseVariantPath } from '../../server/image-variant-urls.mjs';

export function originalUrlOf(src: string | undefined): string | undefined {
  const variant = src === undefined ? undefined : parseVariantPath(src);
  return variant ? ASSETS_URL_PREFIX + variant.name : src;
}
